import type { Db } from '../../db/types';
import { createDraftOrigins } from '../drafts';
import type { PostRow } from './publishing-repo';

export type PostOrigin = NonNullable<PostRow['origin']>;

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : null);

/**
 * What made a post, read from the seller's draft at the moment it is sent (decision 111): the
 * product, the hook (a carousel's first slide when it has none), the template and the character.
 * The Hook + Demo editor deletes its draft once the video is posted, so analytics reads these
 * from the post, never from a draft that may be gone. Null without a draft of this seller.
 */
export const originOfDraft = async (
  db: Db,
  userId: string,
  draftId: string | undefined,
): Promise<PostOrigin | null> => {
  if (!draftId) return null;
  const [draft] = await createDraftOrigins(db).of(userId, [draftId]);
  if (!draft) return null;
  const assets = draft.assets ?? {};
  return {
    productId: draft.productId ?? null,
    hook: text(draft.hook) ?? text(draft.carouselPlan?.slides[0]?.text),
    templateId: text(assets.templateId),
    characterId: text(assets.selectedCharacterId),
    characterUrl: text(assets.selectedCharacter),
  };
};
