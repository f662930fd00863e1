import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Db } from '../../db/types';
import { analyticsAccounts, analyticsSnapshots, analyticsVideos } from '../../db/schema';

/** Every query here is scoped by the user who owns the rows. */

export type VideoRow = typeof analyticsVideos.$inferSelect;
export type AccountSyncRow = typeof analyticsAccounts.$inferSelect;

export type VideoReading = {
  videoId: string;
  createTime: Date;
  title: string;
  shareUrl: string | null;
  durationSec: number | null;
  viewCount: number;
  likeCount: number;
  commentCount: number;
  shareCount: number;
};

export type VideoOrigin = Pick<
  VideoRow,
  | 'tiktokPostId'
  | 'matchedBy'
  | 'contentType'
  | 'draftId'
  | 'productId'
  | 'hook'
  | 'templateId'
  | 'characterId'
  | 'characterUrl'
>;

/** A new snapshot is kept when counts moved, or at least this often while they stand still. */
const STILL_SNAPSHOT_EVERY_MS = 60 * 60 * 1000;

/** Ids of the Hookreel posts already tied to one of the account's videos. */
export const matchedPostIds = async (db: Db, userId: string, openId: string) => {
  const rows = await db
    .select({ postId: analyticsVideos.tiktokPostId })
    .from(analyticsVideos)
    .where(
      and(
        eq(analyticsVideos.userId, userId),
        eq(analyticsVideos.openId, openId),
        isNotNull(analyticsVideos.tiktokPostId),
      ),
    );
  return new Set(rows.map((r) => r.postId!));
};

/**
 * Records one reading of a video: its row (created, or its counts and title brought up to
 * date; a match, once made, is kept) and a snapshot. One transaction per video.
 */
export const recordReading = async (
  db: Database,
  userId: string,
  openId: string,
  reading: VideoReading,
  origin: VideoOrigin | null,
  now: Date,
) =>
  db.transaction(async (tx) => {
    const counts = {
      viewCount: reading.viewCount,
      likeCount: reading.likeCount,
      commentCount: reading.commentCount,
      shareCount: reading.shareCount,
    };
    const [row] = await tx
      .insert(analyticsVideos)
      .values({
        id: randomUUID(),
        userId,
        openId,
        videoId: reading.videoId,
        createTime: reading.createTime,
        title: reading.title,
        shareUrl: reading.shareUrl,
        durationSec: reading.durationSec,
        ...counts,
        ...(origin ?? {}),
        firstSeenAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [analyticsVideos.userId, analyticsVideos.openId, analyticsVideos.videoId],
        set: {
          title: reading.title,
          shareUrl: reading.shareUrl,
          ...counts,
          updatedAt: now,
          // A video matched in an earlier sync keeps that match.
          ...(origin
            ? Object.fromEntries(
                Object.entries(origin).map(([key, value]) => [
                  key,
                  sql`coalesce(${analyticsVideos[key as keyof VideoOrigin]}, ${value})`,
                ]),
              )
            : {}),
        },
      })
      .returning({ id: analyticsVideos.id });
    const [last] = await tx
      .select()
      .from(analyticsSnapshots)
      .where(eq(analyticsSnapshots.videoRowId, row!.id))
      .orderBy(desc(analyticsSnapshots.takenAt))
      .limit(1);
    const unchanged =
      last &&
      last.viewCount === counts.viewCount &&
      last.likeCount === counts.likeCount &&
      last.commentCount === counts.commentCount &&
      last.shareCount === counts.shareCount;
    if (unchanged && now.getTime() - last.takenAt.getTime() < STILL_SNAPSHOT_EVERY_MS) return;
    await tx
      .insert(analyticsSnapshots)
      .values({ id: randomUUID(), userId, videoRowId: row!.id, takenAt: now, ...counts });
  });

export const saveAccountSync = async (
  db: Db,
  row: Omit<AccountSyncRow, 'syncedAt'> & { syncedAt: Date },
) => {
  const { userId: _u, openId: _o, ...rest } = row;
  await db
    .insert(analyticsAccounts)
    .values(row)
    .onConflictDoUpdate({
      target: [analyticsAccounts.userId, analyticsAccounts.openId],
      set: rest,
    });
};

export const listAccountSyncs = (db: Db, userId: string) =>
  db.select().from(analyticsAccounts).where(eq(analyticsAccounts.userId, userId));

/** The user's videos published since `since` on the given accounts, most viewed first. */
export const listVideosSince = (db: Db, userId: string, openIds: string[], since: Date) =>
  openIds.length === 0
    ? Promise.resolve([] as VideoRow[])
    : db
        .select()
        .from(analyticsVideos)
        .where(
          and(
            eq(analyticsVideos.userId, userId),
            inArray(analyticsVideos.openId, openIds),
            gte(analyticsVideos.createTime, since),
          ),
        )
        .orderBy(desc(analyticsVideos.viewCount), desc(analyticsVideos.createTime));

export const findVideo = async (db: Db, userId: string, id: string) =>
  (
    await db
      .select()
      .from(analyticsVideos)
      .where(and(eq(analyticsVideos.userId, userId), eq(analyticsVideos.id, id)))
  )[0];

/** Every snapshot of the given videos, oldest first. */
export const listSnapshots = (db: Db, userId: string, videoRowIds: string[]) =>
  videoRowIds.length === 0
    ? Promise.resolve([] as (typeof analyticsSnapshots.$inferSelect)[])
    : db
        .select()
        .from(analyticsSnapshots)
        .where(
          and(
            eq(analyticsSnapshots.userId, userId),
            inArray(analyticsSnapshots.videoRowId, videoRowIds),
          ),
        )
        .orderBy(asc(analyticsSnapshots.takenAt));
