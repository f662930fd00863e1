import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { tiktokAuthGrants } from '../../db/schema';
import type { Db } from '../../db/types';

export type GrantKind = 'ticket' | 'state';
export type ReturnTo = 'app' | 'settings';

export const insertGrant = async (
  db: Db,
  grant: {
    tokenHash: string;
    userId: string;
    kind: GrantKind;
    addAnother: boolean;
    returnTo: ReturnTo;
    ttlMs: number;
    browserNonceHash: string;
    /** A state's PKCE verifier (decision 056); a ticket has none. */
    codeVerifier?: string;
  },
) => {
  await db.insert(tiktokAuthGrants).values({
    tokenHash: grant.tokenHash,
    userId: grant.userId,
    kind: grant.kind,
    addAnother: grant.addAnother,
    returnTo: grant.returnTo,
    browserNonceHash: grant.browserNonceHash,
    codeVerifier: grant.codeVerifier ?? null,
    expiresAt: sql`now() + ${grant.ttlMs}::bigint * interval '1 millisecond'`,
  });
};

/**
 * Marks an unexpired, unused grant of this kind used and returns it, in one statement: of two
 * requests carrying the same ticket or state, exactly one gets the row.
 */
export const consumeGrant = async (db: Db, tokenHash: string, kind: GrantKind) => {
  const [row] = await db
    .update(tiktokAuthGrants)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(tiktokAuthGrants.tokenHash, tokenHash),
        eq(tiktokAuthGrants.kind, kind),
        isNull(tiktokAuthGrants.usedAt),
        gt(tiktokAuthGrants.expiresAt, sql`now()`),
      ),
    )
    .returning({
      userId: tiktokAuthGrants.userId,
      addAnother: tiktokAuthGrants.addAnother,
      returnTo: tiktokAuthGrants.returnTo,
      browserNonceHash: tiktokAuthGrants.browserNonceHash,
      codeVerifier: tiktokAuthGrants.codeVerifier,
    });
  return row;
};

/** Grants expired a day ago are of no use even to an investigation; swept as new ones are made. */
export const deleteStaleGrants = async (db: Db) => {
  await db
    .delete(tiktokAuthGrants)
    .where(lt(tiktokAuthGrants.expiresAt, sql`now() - interval '1 day'`));
};
