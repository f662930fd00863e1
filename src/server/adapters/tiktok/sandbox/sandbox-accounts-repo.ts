import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/types';
import { tiktokSandboxAccounts, tiktokSandboxGrants, tiktokSandboxTokens } from './sandbox-schema';

/** The sandbox's test accounts; every query is scoped by the seller who owns them. */

export type SandboxAccount = typeof tiktokSandboxAccounts.$inferSelect;

export const listSandboxAccounts = (db: Db, ownerUserId: string) =>
  db
    .select()
    .from(tiktokSandboxAccounts)
    .where(eq(tiktokSandboxAccounts.ownerUserId, ownerUserId))
    .orderBy(desc(tiktokSandboxAccounts.createdAt));

export const findSandboxAccount = async (db: Db, ownerUserId: string, openId: string) => {
  const [row] = await db
    .select()
    .from(tiktokSandboxAccounts)
    .where(
      and(
        eq(tiktokSandboxAccounts.ownerUserId, ownerUserId),
        eq(tiktokSandboxAccounts.openId, openId),
      ),
    );
  return row;
};

/** The account's public face (the avatar route needs nothing else and no owner). */
export const findSandboxAccountName = async (db: Db, openId: string) => {
  const [row] = await db
    .select({ displayName: tiktokSandboxAccounts.displayName })
    .from(tiktokSandboxAccounts)
    .where(eq(tiktokSandboxAccounts.openId, openId));
  return row?.displayName;
};

/** Null when the seller already has a test account with that username. */
export const createSandboxAccount = async (
  db: Db,
  ownerUserId: string,
  input: { displayName: string; username: string },
) => {
  const [row] = await db
    .insert(tiktokSandboxAccounts)
    .values({
      openId: randomUUID(),
      unionId: randomUUID(),
      ownerUserId,
      displayName: input.displayName,
      username: input.username,
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
};

export const markSandboxAccountAuthorized = (db: Db, openId: string) =>
  db
    .update(tiktokSandboxAccounts)
    .set({ lastAuthorizedAt: sql`now()` })
    .where(eq(tiktokSandboxAccounts.openId, openId));

/**
 * The seller's "signed-in TikTok session": the account they last authorized with, if it still
 * holds a live grant for this client with every scope asked for.
 */
export const findAutoAuthAccount = async (
  db: Db,
  ownerUserId: string,
  clientKey: string,
  scopes: string[],
) => {
  const [current] = await db
    .select({ openId: tiktokSandboxAccounts.openId })
    .from(tiktokSandboxAccounts)
    .where(eq(tiktokSandboxAccounts.ownerUserId, ownerUserId))
    .orderBy(sql`${tiktokSandboxAccounts.lastAuthorizedAt} desc nulls last`)
    .limit(1);
  if (!current) return null;
  const grants = await db
    .select({ scopes: tiktokSandboxGrants.scopes })
    .from(tiktokSandboxGrants)
    .where(
      and(
        eq(tiktokSandboxGrants.openId, current.openId),
        eq(tiktokSandboxGrants.clientKey, clientKey),
        isNull(tiktokSandboxGrants.revokedAt),
      ),
    );
  const covered = grants.some((g) => {
    const granted = g.scopes.split(',');
    return scopes.every((s) => granted.includes(s));
  });
  return covered ? current.openId : null;
};

/**
 * Test switch "expired token": every access token of the account expires now, as if a day had
 * passed; refreshing still works. False when the seller has no such account.
 */
export const expireSandboxAccessTokens = async (db: Db, ownerUserId: string, openId: string) => {
  if (!(await findSandboxAccount(db, ownerUserId, openId))) return false;
  const grantIds = db
    .select({ id: tiktokSandboxGrants.id })
    .from(tiktokSandboxGrants)
    .where(eq(tiktokSandboxGrants.openId, openId));
  await db
    .update(tiktokSandboxTokens)
    .set({ expiresAt: sql`now()` })
    .where(
      and(eq(tiktokSandboxTokens.kind, 'access'), inArray(tiktokSandboxTokens.grantId, grantIds)),
    );
  return true;
};

/**
 * Test switch "revoked": the account withdraws every authorization, as a user removing the app
 * in TikTok's settings; its access and refresh tokens stop working at once.
 */
export const revokeSandboxAccountGrants = async (db: Db, ownerUserId: string, openId: string) => {
  if (!(await findSandboxAccount(db, ownerUserId, openId))) return false;
  await db
    .update(tiktokSandboxGrants)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(tiktokSandboxGrants.openId, openId), isNull(tiktokSandboxGrants.revokedAt)));
  return true;
};
