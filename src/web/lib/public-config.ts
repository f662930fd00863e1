import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZPublicConfig } from '#contract/public-config';
import { apiRequest } from './api-client';
import { queryKeys, queryPath } from './query-keys';

export const publicConfigQueryOptions = queryOptions({
  queryKey: queryKeys.publicConfig,
  queryFn: async () =>
    ZPublicConfig.parse(await apiRequest<unknown>(queryPath(queryKeys.publicConfig))),
});

export const usePublicConfig = () => useQuery(publicConfigQueryOptions);
