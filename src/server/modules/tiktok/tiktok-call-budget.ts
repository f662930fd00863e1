import { randomUUID } from 'node:crypto';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { tiktokApiCalls } from '../../db/schema';
import { AppError } from '../../errors';

export type TikTokCallKind =
  'init' | 'status' | 'creator_info' | 'user_info' | 'video_list' | 'video_query';

/** TikTok's per-token limits (TikTok's rate limits page), each over a sliding minute. */
export const TIKTOK_CALL_BUDGETS: Record<TikTokCallKind, number> = {
  init: 6,
  status: 30,
  creator_info: 20,
  // The Display API's 600 a minute is per endpoint, as TikTok's rate limits page says.
  user_info: 600,
  video_list: 600,
  video_query: 600,
};
const WINDOW_MS = 60_000;

const LABELS: Record<TikTokCallKind, string> = {
  init: 'post uploads',
  status: 'status checks',
  creator_info: 'creator info requests',
  user_info: 'profile reads',
  video_list: 'video list reads',
  video_query: 'video reads',
};

/**
 * Takes one call of `kind` from the account's budget, or throws `tiktok_rate_limited` (429) with
 * the seconds until the oldest call in the window leaves it. Counted in the database under a
 * transaction-scoped advisory lock per account and kind, so every process shares one budget and
 * two callers cannot both take the last call.
 */
export const reserveTikTokCall = async (db: Database, openId: string, kind: TikTokCallKind) => {
  const limit = TIKTOK_CALL_BUDGETS[kind];
  const key = `tiktok-budget:${kind}:${openId}`;
  const retryAfterMs = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
    const scope = and(eq(tiktokApiCalls.openId, openId), eq(tiktokApiCalls.kind, kind));
    await tx
      .delete(tiktokApiCalls)
      .where(
        and(
          scope,
          lte(
            tiktokApiCalls.calledAt,
            sql`now() - ${WINDOW_MS}::bigint * interval '1 millisecond'`,
          ),
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
    if (recent.length >= limit) return WINDOW_MS - (recent[0]?.ageMs ?? 0);
    await tx.insert(tiktokApiCalls).values({ id: randomUUID(), openId, kind });
    return null;
  });
  if (retryAfterMs !== null) {
    const retryAfterSeconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
    throw new AppError(
      'tiktok_rate_limited',
      `TikTok allows ${limit} ${LABELS[kind]} per minute for this account; try again in ${retryAfterSeconds} s`,
      { retryAfterSeconds },
    );
  }
};
