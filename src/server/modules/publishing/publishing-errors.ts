import { TikTokApiError } from '../../adapters/tiktok/tiktok-api';
import { AppError } from '../../errors';
import { plainWords } from './plain-words';

/**
 * The four ways an init can fail (decision 085), each with who sends it again:
 * - `refused`: a 4xx refusal of this post (token, scope, spam, format). Nothing exists on
 *   TikTok's side; the seller fixes the cause (Reconnect, change the title) and sends again.
 * - `limit`: a 4xx for a limit (rate, 5 pending shares, daily caps). Nothing exists; the seller
 *   waits as told and sends again (a campaign's job does that by itself).
 * - `error_answer`: TikTok answered 5xx in its own envelope: it says the call failed, so no post
 *   was made. The seller sends again in a few minutes (a campaign's job retries).
 * - `no_answer`: timeout, dropped connection, an answer that is not TikTok's. The outcome is
 *   unknown; for a photo the seller looks in the inbox first, a video without its bytes never
 *   reaches the inbox.
 */
export type SendFailureKind = 'refused' | 'limit' | 'error_answer' | 'no_answer';

const LIMIT_CODES = new Set([
  'rate_limit_exceeded',
  'spam_risk_too_many_pending_share',
  'spam_risk_too_many_posts',
  'reached_active_user_cap',
]);

export const sendFailureKind = (error: unknown): SendFailureKind => {
  if (!(error instanceof TikTokApiError)) return 'no_answer';
  if (error.httpStatus >= 400 && error.httpStatus < 500) {
    return LIMIT_CODES.has(error.code) ? 'limit' : 'refused';
  }
  // A log id is in TikTok's own error envelope only: a gateway's page or a timeout has none.
  if (error.httpStatus >= 500 && error.logId) return 'error_answer';
  return 'no_answer';
};

/** The reason a failed init is recorded with: TikTok's code, or ours when it said nothing. */
export const sendFailureReason = (error: unknown, kind: 'photo' | 'video'): string => {
  if (sendFailureKind(error) === 'no_answer') {
    return kind === 'video' ? 'init_no_answer' : 'init_unconfirmed';
  }
  return (error as TikTokApiError).code;
};

/** TikTok's answer was a refusal: nothing was created on its side, so the post was not sent. */
export const isDefiniteRefusal = (error: unknown): error is TikTokApiError =>
  error instanceof TikTokApiError && error.httpStatus >= 400 && error.httpStatus < 500;

/**
 * Turns a failed send into our `{ error, code }`. The message is the queue's own (the post's
 * plain words), so the dialog and the queue never say different things.
 */
export const toAppError = (error: unknown, reason?: string): AppError => {
  if (error instanceof AppError) return error;
  const message = plainWords(reason ?? (error instanceof TikTokApiError ? error.code : null));
  if (!(error instanceof TikTokApiError)) {
    return new AppError('tiktok_error', message, { status: 502 });
  }
  switch (error.code) {
    case 'rate_limit_exceeded':
      return new AppError('tiktok_rate_limited', message, {
        retryAfterSeconds: error.retryAfterSeconds ?? 60,
      });
    case 'spam_risk_too_many_pending_share':
      return new AppError('tiktok_pending_limit', message);
    case 'access_token_invalid':
    case 'scope_not_authorized':
    case 'scope_permission_missed':
      return new AppError('tiktok_reconnect_needed', message);
    default:
      return new AppError('tiktok_error', message, {
        status: error.httpStatus >= 400 && error.httpStatus < 500 ? 422 : 502,
        ...(sendFailureKind(error) === 'error_answer'
          ? { retryAfterSeconds: error.retryAfterSeconds ?? 60 }
          : {}),
      });
  }
};
