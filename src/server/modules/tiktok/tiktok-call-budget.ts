import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { takeTikTokCall } from './tiktok-calls-repo';

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
 * TikTok's per-token budgets as a service: `reserve` takes one call of `kind` from the account's
 * budget, or throws `tiktok_rate_limited` (429) with the seconds until the oldest call in the
 * window leaves it. Counted in the database, so every process shares one budget.
 */
export const createTikTokCallBudget = (db: Database) => ({
  reserve: async (openId: string, kind: TikTokCallKind) => {
    const limit = TIKTOK_CALL_BUDGETS[kind];
    const retryAfterMs = await takeTikTokCall(db, { openId, kind, limit, windowMs: WINDOW_MS });
    if (retryAfterMs !== null) {
      const retryAfterSeconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
      throw new AppError(
        'tiktok_rate_limited',
        `TikTok allows ${limit} ${LABELS[kind]} per minute for this account; try again in ${retryAfterSeconds} s`,
        { retryAfterSeconds },
      );
    }
  },
});

export type TikTokCallBudget = ReturnType<typeof createTikTokCallBudget>;
