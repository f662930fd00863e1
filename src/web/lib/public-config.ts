import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPublicConfig } from '#contract/public-config';
import { apiRequest } from './api-client';
import { queryKeys, queryPath } from './query-keys';

export const publicConfigQueryOptions = queryOptions({
  queryKey: queryKeys.publicConfig,
  queryFn: () => apiRequest<TPublicConfig>(queryPath(queryKeys.publicConfig)),
});

export const usePublicConfig = () => useQuery(publicConfigQueryOptions);
