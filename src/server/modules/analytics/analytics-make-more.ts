import type { TMakeMoreResponse } from '#contract/analytics';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../errors';
import type { DraftsService } from '../drafts';
import { createDraftOrigins } from '../drafts';
import { findVideo } from './analytics-repo';

export type MakeMoreDeps = {
  db: Database;
  drafts: Pick<DraftsService, 'create'>;
  /** Fresh hooks for the product from the AI layer (counts against the daily AI allowance). */
  freshHooks: (userId: string, productId: string, exclude: string[]) => Promise<string[]>;
};

const str = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/**
 * "Make more like this" (decision 046): a new draft for the same product, with the post's
 * template and character and a fresh hook from the AI layer. A carousel keeps its slides with
 * the new hook on the first; a Hook + Demo video keeps its character, product videos and text
 * placement. The post's own draft is never changed.
 */
export const makeMoreLikeThis = async (
  deps: MakeMoreDeps,
  userId: string,
  videoRowId: string,
): Promise<TMakeMoreResponse> => {
  const video = await findVideo(deps.db, userId, videoRowId);
  if (!video) throw notFound('Post not found');
  if (!video.productId || !video.contentType) {
    throw new AppError(
      'analytics_no_origin',
      'This post was not made from one of your products in Hookreel, so there is nothing to make more of.',
    );
  }
  const [origin] = video.draftId
    ? await createDraftOrigins(deps.db).of(userId, [video.draftId])
    : [];
  const used = [video.hook, origin?.hook].flatMap((h) => (h ? [h] : []));
  const hooks = await deps.freshHooks(userId, video.productId, used);
  const usedLower = used.map((h) => h.toLowerCase());
  const hook = hooks.find((h) => !usedLower.includes(h.toLowerCase()));
  if (!hook) {
    throw new AppError('ai_no_hooks', 'No fresh hook is left for this product; analyse it again.');
  }
  const assets = origin?.assets ?? {};
  const kept = Object.fromEntries(
    Object.entries({
      templateId: str(assets.templateId) ?? video.templateId ?? undefined,
      selectedCharacter: str(assets.selectedCharacter) ?? video.characterUrl ?? undefined,
      selectedCharacterId: str(assets.selectedCharacterId) ?? video.characterId ?? undefined,
    }).filter(([, v]) => v !== undefined),
  );

  if (video.contentType === 'carousel') {
    const slides = origin?.carouselPlan?.slides ?? [];
    const draft = await deps.drafts.create(userId, {
      type: 'carousel',
      productId: video.productId,
      hook,
      carouselPlan: {
        slides:
          slides.length > 0
            ? slides.map((slide, i) => (i === 0 ? { ...slide, text: hook } : slide))
            : [{ text: hook }],
      },
      caption: origin?.caption ?? null,
      hashtags: origin?.hashtags ?? [],
      assets: kept,
    });
    return { draft: { id: draft.id, type: draft.type }, hook };
  }
  const { originCampaignItemId: _campaign, ...videoAssets } = assets;
  const draft = await deps.drafts.create(userId, {
    type: 'video',
    productId: video.productId,
    hook,
    assets: { ...videoAssets, ...kept },
  });
  return { draft: { id: draft.id, type: draft.type }, hook };
};
