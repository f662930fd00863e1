import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys, queryPath } from '@/lib/query-keys';

// These reads only colour the Next Best Action steps: a failure counts as "none"
// (docs/product/dashboard.md rule 3), never as an upgrade prompt, so a 402 is kept away from the
// upgrade dialog.
const quiet = { upgradeDialog: false } as const;

// Drafts and campaigns change in other features after the preload filled these keys at sign-in:
// each visit to the dashboard reads them again, or a step done meanwhile would still show as
// "to do" until a reload.
const freshOnEachVisit = 0;

type Raw = unknown;

const listIn = (data: Raw, field: string): unknown[] => {
  if (Array.isArray(data)) return data;
  if (typeof data === 'object' && data !== null) {
    const inner = (data as Record<string, unknown>)[field];
    if (Array.isArray(inner)) return inner;
  }
  return [];
};

const idOf = (item: unknown) =>
  typeof item === 'object' && item !== null && typeof (item as { id?: unknown }).id === 'string'
    ? (item as { id: string }).id
    : null;

/** The newest drafts, the key and request of the loading screen's preload. */
export const draftsCountQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.drafts.recent,
    queryFn: () => apiRequest<unknown>(queryPath(queryKeys.drafts.recent)),
    select: (data: Raw) => listIn(data, 'drafts').length,
    meta: quiet,
    staleTime: freshOnEachVisit,
  });

/** GET /api/campaigns → the campaigns' ids. */
export const campaignIdsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.campaigns,
    queryFn: () => apiRequest<unknown>(queryPath(queryKeys.campaigns)),
    select: (data: Raw) =>
      listIn(data, 'campaigns')
        .map(idOf)
        .filter((id): id is string => id !== null),
    meta: quiet,
    staleTime: freshOnEachVisit,
  });

/** GET /api/campaigns/{id}/items → each item's dateScheduled (null when unscheduled). */
export const campaignItemDatesQueryOptions = (campaignId: string) =>
  queryOptions({
    queryKey: queryKeys.campaignItems(campaignId),
    queryFn: () => apiRequest<unknown>(queryPath(queryKeys.campaignItems(campaignId))),
    select: (data: Raw) =>
      listIn(data, 'items').map((item) => {
        const date =
          typeof item === 'object' && item !== null
            ? (item as { dateScheduled?: unknown }).dateScheduled
            : null;
        return typeof date === 'string' ? date : null;
      }),
    meta: quiet,
    staleTime: freshOnEachVisit,
  });
