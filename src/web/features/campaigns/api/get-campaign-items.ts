import { queryOptions, useQueries } from '@tanstack/react-query';
import { ZCampaignItemView } from '@/lib/campaign-items';
import type { TCampaignItemView } from '@/lib/campaign-items';
import { apiRequest } from '@/lib/api-client';
import { queryKeys, queryPath } from '@/lib/query-keys';

/** `{ items }` (or a bare list), each entry that reads as an item. */
export const parseCampaignItems = (data: unknown): TCampaignItemView[] => {
  const list = Array.isArray(data)
    ? data
    : Array.isArray((data as { items?: unknown } | null)?.items)
      ? (data as { items: unknown[] }).items
      : [];
  return list.flatMap((item) => {
    const parsed = ZCampaignItemView.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
};

/** GET /api/campaigns/{id}/items: in date order. The cache keeps the raw answer. */
export const campaignItemsQueryOptions = (campaignId: string) =>
  queryOptions({
    queryKey: queryKeys.campaignItems(campaignId),
    queryFn: () => apiRequest<unknown>(queryPath(queryKeys.campaignItems(campaignId))),
    select: parseCampaignItems,
    staleTime: 0,
    // Scheduled items change on the server as they are sent; an open page follows them.
    refetchInterval: (query) => (hasActiveJob(query.state.data) ? 5000 : false),
  });

const ACTIVE = new Set(['queued', 'rendering', 'sending']);
const hasActiveJob = (data: unknown) =>
  parseCampaignItems(data).some((item) => item.lastJob && ACTIVE.has(item.lastJob.status));

/** Every campaign's items, for the calendar's chips. */
export const useAllCampaignItems = (campaignIds: readonly string[]) =>
  useQueries({
    queries: campaignIds.map((id) => campaignItemsQueryOptions(id)),
    combine: (results) => ({
      byCampaign: new Map(campaignIds.map((id, i) => [id, results[i]?.data ?? []] as const)),
      failed: results.some((r) => r.isError),
    }),
  });
