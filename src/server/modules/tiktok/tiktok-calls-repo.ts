import { randomUUID } from 'node:crypto';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { tiktokApiCalls } from '../../db/schema';

/**
 * Records one call of `kind` for the account unless `limit` calls fall in the last `windowMs`;
 * then answers the milliseconds until the oldest leaves the window (null when recorded). Under a
 * transaction-scoped advisory lock per account and kind, so two callers cannot both take the
 * last call.
 */
export const takeTikTokCall = (
  db: Database,
  {
    openId,
    kind,
    limit,
    windowMs,
  }: {
    openId: string;
    kind: (typeof tiktokApiCalls.$inferInsert)['kind'];
    limit: number;
    windowMs: number;
  },
) => {
  const key = `tiktok-budget:${kind}:${openId}`;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
    const scope = and(eq(tiktokApiCalls.openId, openId), eq(tiktokApiCalls.kind, kind));
    await tx
      .delete(tiktokApiCalls)
      .where(
        and(
          scope,
          lte(tiktokApiCalls.calledAt, sql`now() - ${windowMs}::bigint * interval '1 millisecond'`),
        ),
      );
    const recent = await tx
      .select({
        ageMs: sql<number>`extract(epoch from (now() - ${tiktokApiCalls.calledAt})) * 1000`.mapWith(
          Number,
        ),
      })
      .from(tiktokApiCalls)
      .where(scope)
      .orderBy(asc(tiktokApiCalls.calledAt));
    if (recent.length >= limit) return windowMs - (recent[0]?.ageMs ?? 0);
    await tx.insert(tiktokApiCalls).values({ id: randomUUID(), openId, kind });
    return null;
  });
};
