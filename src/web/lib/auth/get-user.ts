import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TAuthUser } from '#contract/user';
import { apiRequestOrNullOn401 } from '@/lib/api-client';
import { queryKeys, queryPath } from '@/lib/query-keys';

export const getUserQueryOptions = (enabled: boolean) =>
  queryOptions({
    queryKey: queryKeys.user,
    queryFn: () => apiRequestOrNullOn401<TAuthUser>(queryPath(queryKeys.user)),
    enabled,
  });

export const useUserQuery = (enabled: boolean) => useQuery(getUserQueryOptions(enabled));
