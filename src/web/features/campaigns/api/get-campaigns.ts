import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZCampaign } from '#contract/campaigns';
import type { TCampaign } from '#contract/campaigns';
import { apiRequest } from '@/lib/api-client';
import { queryKeys, queryPath } from '@/lib/query-keys';

/** Keeps what reads as a campaign; the dashboard's preload may hold the raw answer. */
export const parseCampaigns = (data: unknown): TCampaign[] => {
  const list = Array.isArray(data)
    ? data
    : Array.isArray((data as { campaigns?: unknown } | null)?.campaigns)
      ? (data as { campaigns: unknown[] }).campaigns
      : [];
  return list.flatMap((c) => {
    const parsed = ZCampaign.safeParse(c);
    return parsed.success ? [parsed.data] : [];
  });
};

/** GET /api/campaigns: newest first. The cache keeps the raw answer the dashboard also reads. */
export const campaignsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.campaigns,
    queryFn: () => apiRequest<unknown>(queryPath(queryKeys.campaigns)),
    select: parseCampaigns,
    // Other screens (the dashboard) read this key too; each visit here reads it again.
    staleTime: 0,
  });

export const useCampaigns = () => useQuery(campaignsQueryOptions());
