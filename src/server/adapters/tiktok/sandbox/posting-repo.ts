import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import type { Db } from '../../../db/types';
import { tiktokSandboxAccounts, tiktokSandboxPosts, tiktokSandboxSwitches } from './sandbox-schema';

export type SandboxPost = typeof tiktokSandboxPosts.$inferSelect;
export type SandboxSwitches = typeof tiktokSandboxSwitches.$inferSelect;
export type SandboxStatus = SandboxPost['status'];

/** Whether a posted item is publicly viewable: not posted as, nor later made, private. */
export const isPublic = (post: SandboxPost) =>
  post.privacyLevel !== 'SELF_ONLY' && post.madePrivateAt === null;

const PENDING: SandboxStatus[] = ['PROCESSING_UPLOAD', 'PROCESSING_DOWNLOAD', 'SEND_TO_USER_INBOX'];

export const readSwitches = async (db: Db, openId: string): Promise<SandboxSwitches | null> => {
  const [row] = await db
    .select()
    .from(tiktokSandboxSwitches)
    .where(eq(tiktokSandboxSwitches.openId, openId));
  return row ?? null;
};

export const saveSwitches = async (
  db: Database,
  row: Omit<SandboxSwitches, 'updatedAt'>,
): Promise<void> => {
  const { openId: _openId, ...values } = row;
  await db
    .insert(tiktokSandboxSwitches)
    .values({ ...row, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: tiktokSandboxSwitches.openId,
      set: { ...values, updatedAt: new Date() },
    });
};

export const listSwitches = (db: Database, ownerUserId: string) =>
  db.select().from(tiktokSandboxSwitches).where(eq(tiktokSandboxSwitches.ownerUserId, ownerUserId));

/**
 * Records an init unless the account already has `maxPending` unfinished shares in the last
 * 24 h; serialised per account so two inits at once cannot both take the last place.
 */
export const insertPostWithinPendingLimit = async (
  db: Database,
  row: typeof tiktokSandboxPosts.$inferInsert,
  maxPending: number,
): Promise<boolean> =>
  db.transaction(async (tx) => {
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(hashtext(${`tiktok-sandbox:${row.openId}`}))`,
    );
    const [pending] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(tiktokSandboxPosts)
      .where(
        and(
          eq(tiktokSandboxPosts.openId, row.openId),
          inArray(tiktokSandboxPosts.status, PENDING),
          gt(tiktokSandboxPosts.createdAt, new Date(Date.now() - 24 * 3600_000)),
        ),
      );
    if ((pending?.n ?? 0) >= maxPending) return false;
    await tx.insert(tiktokSandboxPosts).values(row);
    return true;
  });

export const findPostByPublishId = async (db: Db, publishId: string) => {
  const [row] = await db
    .select()
    .from(tiktokSandboxPosts)
    .where(eq(tiktokSandboxPosts.publishId, publishId));
  return row ?? null;
};

export const findPost = async (db: Db, id: string) => {
  const [row] = await db.select().from(tiktokSandboxPosts).where(eq(tiktokSandboxPosts.id, id));
  return row ?? null;
};

export const findOwnPost = async (db: Db, ownerUserId: string, id: string) => {
  const [row] = await db
    .select()
    .from(tiktokSandboxPosts)
    .where(and(eq(tiktokSandboxPosts.id, id), eq(tiktokSandboxPosts.ownerUserId, ownerUserId)));
  return row ?? null;
};

export const listOwnPosts = (db: Database, ownerUserId: string, limit = 200) =>
  db
    .select()
    .from(tiktokSandboxPosts)
    .where(eq(tiktokSandboxPosts.ownerUserId, ownerUserId))
    .orderBy(desc(tiktokSandboxPosts.createdAt))
    .limit(limit);

/**
 * Moves a post on only from one of the states it may leave (`from`), so a redelivered job or
 * a second click changes nothing twice. Resolves to the updated row, or null when it had moved.
 */
export const transitionPost = async (
  db: Db,
  id: string,
  from: SandboxStatus[],
  set: Partial<typeof tiktokSandboxPosts.$inferInsert>,
) => {
  const [row] = await db
    .update(tiktokSandboxPosts)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(tiktokSandboxPosts.id, id), inArray(tiktokSandboxPosts.status, from)))
    .returning();
  return row ?? null;
};

/** Takes one poll of a "slow status" hold; true when this poll must still answer PROCESSING. */
export const takeSlowPoll = async (db: Db, id: string) => {
  const rows = await db
    .update(tiktokSandboxPosts)
    .set({ slowPollsLeft: sql`${tiktokSandboxPosts.slowPollsLeft} - 1` })
    .where(and(eq(tiktokSandboxPosts.id, id), gt(tiktokSandboxPosts.slowPollsLeft, 0)))
    .returning({ id: tiktokSandboxPosts.id });
  return rows.length > 0;
};

/** Records a received chunk only if the upload is still at `expectedReceived` (sequential PUTs). */
export const advanceUpload = async (
  db: Db,
  id: string,
  expectedReceived: number,
  receivedBytes: number,
  chunkKey: string,
) => {
  const rows = await db
    .update(tiktokSandboxPosts)
    .set({
      receivedBytes,
      mediaKeys: sql`${tiktokSandboxPosts.mediaKeys} || ${JSON.stringify([chunkKey])}::jsonb`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(tiktokSandboxPosts.id, id),
        eq(tiktokSandboxPosts.status, 'PROCESSING_UPLOAD'),
        eq(tiktokSandboxPosts.receivedBytes, expectedReceived),
      ),
    )
    .returning({ id: tiktokSandboxPosts.id });
  return rows.length > 0;
};

/** The seller's own test accounts (the Login Kit half's table), for the inbox page. */
export const listOwnTestAccounts = (db: Database, ownerUserId: string) =>
  db
    .select({
      openId: tiktokSandboxAccounts.openId,
      displayName: tiktokSandboxAccounts.displayName,
      username: tiktokSandboxAccounts.username,
    })
    .from(tiktokSandboxAccounts)
    .where(eq(tiktokSandboxAccounts.ownerUserId, ownerUserId))
    .orderBy(tiktokSandboxAccounts.createdAt);

export const maxVideoDurationOf = async (db: Database, openId: string) => {
  const [row] = await db
    .select({ max: tiktokSandboxAccounts.maxVideoPostDurationSec })
    .from(tiktokSandboxAccounts)
    .where(eq(tiktokSandboxAccounts.openId, openId));
  return row?.max ?? 600;
};

/** The account makes a posted item private (once; a second call changes nothing). */
export const markPrivate = async (db: Db, id: string) => {
  const [row] = await db
    .update(tiktokSandboxPosts)
    .set({ madePrivateAt: new Date(), updatedAt: new Date() })
    .where(
      and(
        eq(tiktokSandboxPosts.id, id),
        eq(tiktokSandboxPosts.status, 'PUBLISH_COMPLETE'),
        isNull(tiktokSandboxPosts.madePrivateAt),
      ),
    )
    .returning();
  return row;
};
