import { and, desc, eq, gte, inArray } from 'drizzle-orm';
import type { Db } from '../../db/types';
import { tiktokPosts } from '../../db/schema';

/** A sent post as other modules read it (analytics): never its upload URL or media keys. */
export type SentPost = {
  id: string;
  openId: string;
  kind: 'photo' | 'video';
  title: string;
  originDraftId: string | null;
  /** What made it, copied from its draft when sent (decision 111); null for older posts. */
  origin: {
    productId: string | null;
    hook: string | null;
    templateId: string | null;
    characterId: string | null;
    characterUrl: string | null;
  } | null;
  /** `campaign-…` when a campaign's schedule sent it (modules/campaigns `sendKey`). */
  clientKey: string;
  postIds: string[];
  state:
    'in_inbox' | 'published' | 'failed' | 'draft' | 'initialising' | 'uploading' | 'downloading';
  createdAt: Date;
  updatedAt: Date;
};

const columns = {
  id: tiktokPosts.id,
  openId: tiktokPosts.openId,
  kind: tiktokPosts.kind,
  title: tiktokPosts.title,
  originDraftId: tiktokPosts.originDraftId,
  origin: tiktokPosts.origin,
  clientKey: tiktokPosts.clientKey,
  postIds: tiktokPosts.postIds,
  state: tiktokPosts.state,
  createdAt: tiktokPosts.createdAt,
  updatedAt: tiktokPosts.updatedAt,
};

/** The user's posts that reached the account (inbox or posted): the ones a video can come from. */
export const listDeliveredPosts = (db: Db, userId: string, openId: string): Promise<SentPost[]> =>
  db
    .select(columns)
    .from(tiktokPosts)
    .where(
      and(
        eq(tiktokPosts.userId, userId),
        eq(tiktokPosts.openId, openId),
        inArray(tiktokPosts.state, ['in_inbox', 'published']),
      ),
    )
    .orderBy(desc(tiktokPosts.createdAt))
    .limit(500);

/** The user's posts sent since `since`, newest first, for recent activity. */
export const listSentPostsSince = (db: Db, userId: string, since: Date, limit = 20) =>
  db
    .select(columns)
    .from(tiktokPosts)
    .where(and(eq(tiktokPosts.userId, userId), gte(tiktokPosts.createdAt, since)))
    .orderBy(desc(tiktokPosts.createdAt))
    .limit(limit);
