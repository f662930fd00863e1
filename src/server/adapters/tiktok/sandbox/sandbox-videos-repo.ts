import { and, desc, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/types';
import { tiktokSandboxPosts } from './sandbox-schema';

/** A test account's posted (public) items: what the Display API lists as its videos. */
const published = (openId: string) =>
  and(
    eq(tiktokSandboxPosts.openId, openId),
    eq(tiktokSandboxPosts.status, 'PUBLISH_COMPLETE'),
    isNotNull(tiktokSandboxPosts.postId),
    // Private posts (SELF_ONLY, or made private later) are not listed, as on TikTok.
    isNull(tiktokSandboxPosts.madePrivateAt),
    sql`${tiktokSandboxPosts.privacyLevel} is distinct from 'SELF_ONLY'`,
  );

// Rows posted before `published_at` existed fall back to their last change, which was the post.
const postedAt = sql<Date>`coalesce(${tiktokSandboxPosts.publishedAt}, ${tiktokSandboxPosts.updatedAt})`;

const columns = {
  postId: tiktokSandboxPosts.postId,
  kind: tiktokSandboxPosts.kind,
  title: tiktokSandboxPosts.title,
  description: tiktokSandboxPosts.description,
  postedAt: postedAt.mapWith((v: string | Date) => new Date(v)),
};

export type SandboxVideoRow = {
  postId: string | null;
  kind: 'photo' | 'video';
  title: string | null;
  description: string | null;
  postedAt: Date;
};

/** Newest first, posted strictly before `before` when given; one more than `limit` tells has_more. */
export const listPublishedVideos = (
  db: Db,
  openId: string,
  { before, limit }: { before: Date | null; limit: number },
): Promise<SandboxVideoRow[]> =>
  db
    .select(columns)
    .from(tiktokSandboxPosts)
    .where(before ? and(published(openId), lt(postedAt, before)) : published(openId))
    .orderBy(desc(postedAt), desc(tiktokSandboxPosts.postId))
    .limit(limit);

export const findPublishedVideos = (
  db: Db,
  openId: string,
  postIds: string[],
): Promise<SandboxVideoRow[]> =>
  postIds.length === 0
    ? Promise.resolve([])
    : db
        .select(columns)
        .from(tiktokSandboxPosts)
        .where(and(published(openId), inArray(tiktokSandboxPosts.postId, postIds)))
        .orderBy(desc(postedAt));

/** Every posted item of the account, for the user-info totals. */
export const allPublishedVideos = (db: Db, openId: string): Promise<SandboxVideoRow[]> =>
  db.select(columns).from(tiktokSandboxPosts).where(published(openId));
