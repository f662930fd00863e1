import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/types';
import { rateLimitHits } from '../../../db/schema';
import { SandboxEnvelopeError } from './sandbox-envelope';

/** TikTok's per-access-token limits per minute (TikTok's rate limits page). */
export const SANDBOX_CALL_LIMITS = {
  init: 6,
  creator_info: 20,
  status: 30,
  user_info: 600,
  video_list: 600,
  video_query: 600,
} as const;

export type SandboxCallKind = keyof typeof SANDBOX_CALL_LIMITS;

const WINDOW_MS = 60_000;

/**
 * Counts one call against the token's limit in the shared `rate_limit_hit` table (so every
 * process counts together); past the limit throws TikTok's 429 `rate_limit_exceeded` with the
 * seconds until the window ends.
 */
export const takeSandboxCall = async (db: Db, tokenHash: string, kind: SandboxCallKind) => {
  const ended = sql`${rateLimitHits.resetAt} <= now()`;
  const [row] = await db
    .insert(rateLimitHits)
    .values({
      key: `tiktok-sandbox:${kind}:${tokenHash}`,
      count: 1,
      resetAt: sql`now() + ${WINDOW_MS}::bigint * interval '1 millisecond'`,
    })
    .onConflictDoUpdate({
      target: rateLimitHits.key,
      set: {
        count: sql`case when ${ended} then 1 else ${rateLimitHits.count} + 1 end`,
        resetAt: sql`case when ${ended} then excluded.reset_at else ${rateLimitHits.resetAt} end`,
      },
    })
    .returning({
      count: rateLimitHits.count,
      retryAfter:
        sql<number>`greatest(1, ceil(extract(epoch from (${rateLimitHits.resetAt} - now()))))`.mapWith(
          Number,
        ),
    });
  if (row && row.count > SANDBOX_CALL_LIMITS[kind]) {
    throw new SandboxEnvelopeError(
      'rate_limit_exceeded',
      'The API rate limit was exceeded. Please try again later.',
      429,
      row.retryAfter,
    );
  }
};
