import type { QueryClient } from '@tanstack/react-query';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type {
  TAnalyticsOverview,
  TAnalyticsRange,
  TAnalyticsRefreshResponse,
  TMakeMoreResponse,
} from '#contract/analytics';
import { apiRequest } from '@/lib/api-client';
import { invalidateDraftLists, queryKeys, queryPath } from '@/lib/query-keys';

/** While a read goes on past the refresh's answer, the page looks again this often. */
export const REFRESH_POLL_MS = 2000;

export const analyticsQueryOptions = (range: TAnalyticsRange, poll: boolean) =>
  queryOptions({
    queryKey: queryKeys.analytics(range),
    queryFn: ({ signal }) =>
      apiRequest<TAnalyticsOverview>(queryPath(queryKeys.analytics(range)), { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: poll ? REFRESH_POLL_MS : false,
    staleTime: 30_000,
  });

export const useAnalytics = (range: TAnalyticsRange, poll = false) =>
  useQuery(analyticsQueryOptions(range, poll));

/** Every range's figures, after a refresh or a new draft. */
export const invalidateAnalytics = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({
    predicate: (query) => String(query.queryKey[0]).startsWith('/api/analytics'),
  });

export const useRefreshAnalytics = () =>
  useMutation({
    mutationFn: () =>
      apiRequest<TAnalyticsRefreshResponse>('/api/analytics/refresh', { method: 'POST' }),
  });

export const useMakeMore = (queryClient: QueryClient) =>
  useMutation({
    mutationFn: (postId: string) =>
      apiRequest<TMakeMoreResponse>(
        `/api/analytics/posts/${encodeURIComponent(postId)}/make-more`,
        { method: 'POST' },
      ),
    onSuccess: () => invalidateDraftLists(queryClient),
  });
