import type { QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ZDraft } from '#contract/drafts';
import type { TCreateDraftRequest, TDraftType } from '#contract/drafts';
import { apiRequest } from '@/lib/api-client';
import type { TCampaignItemView } from '@/lib/campaign-items';
import { campaignItemQueryOptions } from '@/lib/campaign-items';
import { invalidateDraftLists, queryKeys, queryPath } from '@/lib/query-keys';
import { createDraft } from './create-draft';

const ZFoundDrafts = z.object({
  drafts: z.array(z.object({ id: z.string(), type: ZDraft.shape.type })),
});

/**
 * docs/product/create.md rule 3: the draft a campaign item starts as, tied to it by
 * originCampaignItemId.
 */
export const snapshotOfItem = (item: TCampaignItemView, type: TDraftType): TCreateDraftRequest => ({
  type,
  productId: item.productId,
  hook: item.hook,
  carouselPlan: item.carouselPlan
    ? {
        slides: item.carouselPlan.slides.map((s) =>
          s.imageUrl ? { text: s.text, imageUrl: s.imageUrl } : { text: s.text },
        ),
      }
    : null,
  caption: item.caption,
  hashtags: item.hashtags,
  assets: { ...item.assets, originCampaignItemId: item.id },
  status: 'draft',
});

/**
 * docs/product/create.md rule 3: reads the campaign item, opens the draft already made from it, or
 * makes one. `type` is the tool the link asked for; without one the item's own type decides.
 */
export const openCampaignItemDraft = async (
  queryClient: QueryClient,
  itemId: string,
  type: TDraftType | undefined,
): Promise<{ id: string; type: TDraftType }> => {
  const item = await queryClient.fetchQuery(campaignItemQueryOptions(itemId));
  const found = ZFoundDrafts.parse(
    await apiRequest<unknown>(queryPath(queryKeys.drafts.ofCampaignItem(itemId))),
  ).drafts[0];
  if (found) return found;
  const draft = await createDraft(snapshotOfItem(item, type ?? item.type));
  queryClient.setQueryData(queryKeys.drafts.detail(draft.id), draft);
  void invalidateDraftLists(queryClient);
  return draft;
};
