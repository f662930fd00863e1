import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZAuthUser } from '#contract/user';
import { apiRequestOrNullOn401 } from '@/lib/api-client';
import { queryKeys, queryPath } from '@/lib/query-keys';

export const getUserQueryOptions = (enabled: boolean) =>
  queryOptions({
    queryKey: queryKeys.user,
    queryFn: async () => {
      const body = await apiRequestOrNullOn401<unknown>(queryPath(queryKeys.user));
      return body === null ? null : ZAuthUser.parse(body);
    },
    enabled,
  });

export const useUserQuery = (enabled: boolean) => useQuery(getUserQueryOptions(enabled));
