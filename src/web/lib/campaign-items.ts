import type { QueryClient } from '@tanstack/react-query';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZCampaignItem } from '#contract/campaigns';
import type { TCampaignItem, TPatchCampaignItemRequest } from '#contract/campaigns';
import { apiRequest } from '@/lib/api-client';
import { queryKeys, queryPath } from '@/lib/query-keys';

/** A campaign item (docs/product/campaigns.md rule 7), as the contract gives it. */
export { ZCampaignItem as ZCampaignItemView };
export type TCampaignItemView = TCampaignItem;

/**
 * PATCH /api/campaigns/{id}/items/{itemId}, docs/product/campaigns.md rule 7: any part of an item.
 * The shapes in use: {carouselPlan, caption} from the Carousel Maker, {hook, productId, assets}
 * from the Hook + Demo editor, {caption, hashtags, carouselPlan, status}, {hook, status} and
 * {dateScheduled} from the Campaign Items dialog.
 */
export type TCampaignItemPatch = TPatchCampaignItemRequest;

/** GET /api/campaign-items/{id}: one item of the user's, whatever its campaign. */
export const getCampaignItem = async (itemId: string): Promise<TCampaignItemView> =>
  ZCampaignItem.parse(await apiRequest<unknown>(queryPath(queryKeys.campaignItem(itemId))));

export const campaignItemQueryOptions = (itemId: string | undefined) =>
  queryOptions({
    queryKey: queryKeys.campaignItem(itemId ?? ''),
    queryFn: () => getCampaignItem(itemId ?? ''),
    enabled: Boolean(itemId),
    // The Campaign Items dialog and the editors change items; each opening reads it again.
    staleTime: 0,
  });

export const useCampaignItem = (itemId: string | undefined) =>
  useQuery(campaignItemQueryOptions(itemId));

/** PATCH /api/campaigns/{campaignId}/items/{itemId} → the updated item. */
export const updateCampaignItem = async (
  item: { campaignId: string; id: string },
  patch: TCampaignItemPatch,
): Promise<TCampaignItemView> =>
  ZCampaignItem.parse(
    await apiRequest<unknown>(
      `${queryPath(queryKeys.campaignItems(item.campaignId))}/${encodeURIComponent(item.id)}`,
      { method: 'PATCH', body: patch },
    ),
  );

const isItemWithId = (value: unknown, id: string) =>
  typeof value === 'object' && value !== null && (value as { id?: unknown }).id === id;

/** Swaps a fresh copy of an item into a cached list, which is an array or `{ items }`. */
const replaceInList = (list: unknown, item: TCampaignItemView): unknown => {
  const swap = (items: unknown[]) => items.map((i) => (isItemWithId(i, item.id) ? item : i));
  if (Array.isArray(list)) return swap(list);
  if (typeof list === 'object' && list !== null) {
    const items = (list as { items?: unknown }).items;
    if (Array.isArray(items)) return { ...list, items: swap(items) };
  }
  return list;
};

/** Puts an item the server just returned into every cache that shows it. */
export const setCampaignItemInCache = (queryClient: QueryClient, item: TCampaignItemView) => {
  queryClient.setQueryData(queryKeys.campaignItem(item.id), item);
  const listKey = queryKeys.campaignItems(item.campaignId);
  if (queryClient.getQueryData(listKey) !== undefined) {
    queryClient.setQueryData(listKey, (list: unknown) => replaceInList(list, item));
  }
};

/**
 * Saves an editor's work back to the campaign item it came from (docs/product/create.md rule 3;
 * docs/product/campaigns.md rule 7): the item is read (from the cache when the hub just fetched it)
 * to learn its campaign, then patched, and the caches that show it are updated. Throws the API's
 * error when either call fails.
 */
export const saveToCampaignItem = async (
  queryClient: QueryClient,
  itemId: string,
  patch: TCampaignItemPatch,
): Promise<TCampaignItemView> => {
  const current = await queryClient.ensureQueryData(campaignItemQueryOptions(itemId));
  const updated = await updateCampaignItem(current, patch);
  setCampaignItemInCache(queryClient, updated);
  return updated;
};
