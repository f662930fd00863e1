import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

// These reads only colour the Next Best Action steps: a failure counts as "none" (spec 01 §8),
// never as an upgrade prompt, so a 402 is kept away from the upgrade dialog.
const quiet = { upgradeDialog: false } as const;

// Drafts and campaigns are made in other features, which do not know these keys (the preload
// filled them at sign-in): each visit to the dashboard reads them again, or a step done
// meanwhile would still show as "to do" until a reload.
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

/** GET /api/drafts?limit=8, the key and request of the loading screen's preload. */
export const draftsCountQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/drafts?limit=8'],
    queryFn: () => apiRequest<Raw>('/api/drafts?limit=8'),
    select: (data: Raw) => listIn(data, 'drafts').length,
    meta: quiet,
    staleTime: freshOnEachVisit,
  });

/** GET /api/campaigns → the campaigns' ids. */
export const campaignIdsQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/campaigns'],
    queryFn: () => apiRequest<Raw>('/api/campaigns'),
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
    queryKey: [`/api/campaigns/${encodeURIComponent(campaignId)}/items`],
    queryFn: () => apiRequest<Raw>(`/api/campaigns/${encodeURIComponent(campaignId)}/items`),
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
