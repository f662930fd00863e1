import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TAuthUser } from '#contract/user';
import { apiRequestOrNullOn401 } from '@/lib/api-client';

export const USER_QUERY_KEY = ['/api/auth/user'] as const;

export const getUserQueryOptions = (enabled: boolean) =>
  queryOptions({
    queryKey: USER_QUERY_KEY,
    queryFn: () => apiRequestOrNullOn401<TAuthUser>('/api/auth/user'),
    enabled,
  });

export const useUserQuery = (enabled: boolean) => useQuery(getUserQueryOptions(enabled));
