import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TPublicConfig } from '#contract/public-config';
import { apiRequest } from './api-client';

export const publicConfigQueryOptions = queryOptions({
  queryKey: ['/api/config'],
  queryFn: () => apiRequest<TPublicConfig>('/api/config'),
});

export const usePublicConfig = () => useQuery(publicConfigQueryOptions);
