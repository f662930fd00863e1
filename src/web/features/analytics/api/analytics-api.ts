import type { QueryClient } from '@tanstack/react-query';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { TAnalyticsRange } from '#contract/analytics';
import {
  ZAnalyticsOverview,
  ZAnalyticsRefreshResponse,
  ZMakeMoreResponse,
} from '#contract/analytics';
import { apiRequest } from '@/lib/api-client';
import { invalidateDraftLists, queryKeys, queryPath } from '@/lib/query-keys';

/** While a read goes on past the refresh's answer, the page looks again this often. */
export const REFRESH_POLL_MS = 2000;

export const analyticsQueryOptions = (range: TAnalyticsRange, poll: boolean) =>
  queryOptions({
    queryKey: queryKeys.analytics(range),
    queryFn: async ({ signal }) =>
      ZAnalyticsOverview.parse(
        await apiRequest<unknown>(queryPath(queryKeys.analytics(range)), { signal }),
      ),
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
    mutationFn: async () =>
      ZAnalyticsRefreshResponse.parse(
        await apiRequest<unknown>('/api/analytics/refresh', { method: 'POST' }),
      ),
  });

export const useMakeMore = (queryClient: QueryClient) =>
  useMutation({
    mutationFn: async (postId: string) =>
      ZMakeMoreResponse.parse(
        await apiRequest<unknown>(`/api/analytics/posts/${encodeURIComponent(postId)}/make-more`, {
          method: 'POST',
        }),
      ),
    onSuccess: () => invalidateDraftLists(queryClient),
  });
