import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { tiktokAccounts } from '../../db/schema';
import type { Database } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import type { Db } from '../../db/types';

export type TikTokAccountRow = typeof tiktokAccounts.$inferSelect;

/** Columns a screen may see: never the token ciphertexts. */
const publicColumns = {
  openId: tiktokAccounts.openId,
  displayName: tiktokAccounts.displayName,
  username: tiktokAccounts.username,
  avatarUrl: tiktokAccounts.avatarUrl,
  isDefault: tiktokAccounts.isDefault,
  reconnectNeeded: tiktokAccounts.reconnectNeeded,
  scopes: tiktokAccounts.scopes,
};
export type TikTokAccountSummary = {
  openId: string;
  displayName: string;
  username: string | null;
  avatarUrl: string | null;
  isDefault: boolean;
  reconnectNeeded: boolean;
  /** What the seller granted on TikTok's consent screen. */
  scopes: string[];
};

const owned = (userId: string, openId: string) =>
  and(eq(tiktokAccounts.userId, userId), eq(tiktokAccounts.openId, openId));

export const listAccountSummaries = (db: Db, userId: string): Promise<TikTokAccountSummary[]> =>
  db
    .select(publicColumns)
    .from(tiktokAccounts)
    .where(eq(tiktokAccounts.userId, userId))
    .orderBy(asc(tiktokAccounts.createdAt), asc(tiktokAccounts.id));

/** The user's account by open_id, or the default one when `openId` is undefined. */
export const findAccount = async (db: Db, userId: string, openId: string | undefined) => {
  const [row] = await db
    .select()
    .from(tiktokAccounts)
    .where(
      openId === undefined
        ? and(eq(tiktokAccounts.userId, userId), eq(tiktokAccounts.isDefault, true))
        : owned(userId, openId),
    );
  return row;
};

export const findAccountById = async (db: Db, id: string) => {
  const [row] = await db.select().from(tiktokAccounts).where(eq(tiktokAccounts.id, id));
  return row;
};

export type NewTokens = {
  scopes: string[];
  accessTokenEnc: string;
  accessTokenExpiresAt: Date;
  refreshTokenEnc: string;
  refreshTokenExpiresAt: Date;
};

export type AccountProfile = {
  displayName: string;
  username: string | null;
  avatarUrl: string | null;
};

/**
 * Inserts or reconnects the user's account in one statement (a reconnect keeps its row and its
 * default flag, and clears "reconnect needed"). The first account of a user becomes the default (the partial unique index settles a race).
 */
export const upsertAccount = async (
  db: Db,
  row: { id: string; userId: string; openId: string } & AccountProfile & NewTokens,
) => {
  const [saved] = await db
    .insert(tiktokAccounts)
    .values({
      ...row,
      isDefault: sql`not exists (select 1 from ${tiktokAccounts} where ${tiktokAccounts.userId} = ${row.userId} and ${tiktokAccounts.isDefault})`,
    })
    .onConflictDoUpdate({
      target: [tiktokAccounts.userId, tiktokAccounts.openId],
      set: {
        displayName: row.displayName,
        username: row.username,
        avatarUrl: row.avatarUrl,
        scopes: row.scopes,
        accessTokenEnc: row.accessTokenEnc,
        accessTokenExpiresAt: row.accessTokenExpiresAt,
        refreshTokenEnc: row.refreshTokenEnc,
        refreshTokenExpiresAt: row.refreshTokenExpiresAt,
        reconnectNeeded: false,
        refreshLeaseUntil: null,
        updatedAt: new Date(),
      },
    })
    .returning({ id: tiktokAccounts.id, isDefault: tiktokAccounts.isDefault });
  if (!saved) throw new Error('the TikTok account upsert returned no row');
  return saved;
};

/**
 * Moves the default in one transaction, so no reader sees two defaults or none. Two statements:
 * the partial unique index is checked row by row, so one UPDATE flipping both rows could trip it.
 */
export const setDefaultAccount = (db: Database, userId: string, openId: string) =>
  db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: tiktokAccounts.id })
      .from(tiktokAccounts)
      .where(owned(userId, openId))
      .for('update');
    if (!target) return false;
    const now = new Date();
    await tx
      .update(tiktokAccounts)
      .set({ isDefault: false, updatedAt: now })
      .where(and(eq(tiktokAccounts.userId, userId), eq(tiktokAccounts.isDefault, true)));
    await tx
      .update(tiktokAccounts)
      .set({ isDefault: true, updatedAt: now })
      .where(eq(tiktokAccounts.id, target.id));
    return true;
  });

export const deleteAccount = async (db: Db, userId: string, openId: string) => {
  const [row] = await db
    .delete(tiktokAccounts)
    .where(owned(userId, openId))
    .returning({ isDefault: tiktokAccounts.isDefault });
  return row;
};

/** After the default was removed, the oldest remaining account takes its place. */
export const promoteOldestToDefault = async (db: Db, userId: string) => {
  await db.execute(sql`
    update ${tiktokAccounts} set is_default = true, updated_at = now()
    where id = (
      select id from ${tiktokAccounts} where user_id = ${userId}
      order by created_at, id limit 1
    )
    and not exists (select 1 from ${tiktokAccounts} where user_id = ${userId} and is_default)`);
};

/**
 * Takes the refresh lease for `leaseMs` when nobody holds it: the one process that gets the row
 * back spends the refresh token; the others wait for its result.
 */
export const takeRefreshLease = async (db: Db, id: string, leaseMs: number) => {
  const rows = await db
    .update(tiktokAccounts)
    .set({ refreshLeaseUntil: sql`now() + ${leaseMs}::bigint * interval '1 millisecond'` })
    .where(
      and(
        eq(tiktokAccounts.id, id),
        or(
          isNull(tiktokAccounts.refreshLeaseUntil),
          lt(tiktokAccounts.refreshLeaseUntil, sql`now()`),
        ),
      ),
    )
    .returning({ id: tiktokAccounts.id });
  return rows.length > 0;
};

/** Saves both new tokens (the rotated refresh token with its access token) in one statement. */
export const saveRefreshedTokens = async (db: Db, id: string, tokens: NewTokens) => {
  await db
    .update(tiktokAccounts)
    .set({ ...tokens, refreshLeaseUntil: null, reconnectNeeded: false, updatedAt: new Date() })
    .where(eq(tiktokAccounts.id, id));
};

export const releaseRefreshLease = async (db: Db, id: string) => {
  await db.update(tiktokAccounts).set({ refreshLeaseUntil: null }).where(eq(tiktokAccounts.id, id));
};

export const markReconnectNeeded = async (db: Db, id: string) => {
  await db
    .update(tiktokAccounts)
    .set({ reconnectNeeded: true, refreshLeaseUntil: null, updatedAt: new Date() })
    .where(eq(tiktokAccounts.id, id));
};

/** `authorization.removed` names only the TikTok account: every connection to it has ended. */
export const markReconnectNeededByOpenId = async (db: Db, openId: string) => {
  const rows = await db
    .update(tiktokAccounts)
    .set({ reconnectNeeded: true, updatedAt: new Date() })
    .where(eq(tiktokAccounts.openId, openId))
    .returning({ id: tiktokAccounts.id });
  return rows.length;
};

const defaultSummary = preparedQuery('tiktok_default_summary', (db, name) =>
  db
    .select(publicColumns)
    .from(tiktokAccounts)
    .where(
      and(eq(tiktokAccounts.userId, sql.placeholder('userId')), eq(tiktokAccounts.isDefault, true)),
    )
    .prepare(name),
);

/** The default account's public fields, for the user call's `tiktok*` fields. */
export const findDefaultSummary = async (db: Db, userId: string) => {
  const [row] = await defaultSummary(db).execute({ userId });
  return row as TikTokAccountSummary | undefined;
};

/** Every connected account with the scopes it granted, for the analytics schedule (no tokens). */
export const listAccountsForAnalytics = (db: Db, userId?: string) =>
  db
    .select({
      userId: tiktokAccounts.userId,
      openId: tiktokAccounts.openId,
      displayName: tiktokAccounts.displayName,
      username: tiktokAccounts.username,
      scopes: tiktokAccounts.scopes,
      reconnectNeeded: tiktokAccounts.reconnectNeeded,
    })
    .from(tiktokAccounts)
    .where(userId === undefined ? undefined : eq(tiktokAccounts.userId, userId))
    .orderBy(asc(tiktokAccounts.createdAt), asc(tiktokAccounts.id));
