import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/types';
import { drafts } from '../../db/schema';

/** What made a post: the drafts' product, hook, plan and assets, scoped by their owner. */
export const findDraftOrigins = (db: Db, userId: string, ids: string[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db
        .select({
          id: drafts.id,
          type: drafts.type,
          productId: drafts.productId,
          hook: drafts.hook,
          caption: drafts.caption,
          hashtags: drafts.hashtags,
          carouselPlan: drafts.carouselPlan,
          assets: drafts.assets,
        })
        .from(drafts)
        .where(and(eq(drafts.userId, userId), inArray(drafts.id, ids)));

export type DraftOrigin = Awaited<ReturnType<typeof findDraftOrigins>>[number];
