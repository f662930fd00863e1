import { TikTokApiError } from '../../adapters/tiktok/tiktok-api';
import { AppError } from '../../errors';

/** TikTok's codes meaning the token (or refresh token) is no longer any good. */
export const isAuthorizationEnded = (error: unknown) =>
  error instanceof TikTokApiError &&
  (error.code === 'invalid_grant' || error.code === 'access_token_invalid');

/** TikTok's 401s for a permission the user did not tick: the token is fine (issue 23). */
export const isScopeMissing = (error: unknown) =>
  error instanceof TikTokApiError &&
  (error.code === 'scope_not_authorized' || error.code === 'scope_permission_missed');

/**
 * A token TikTok no longer takes. A missing scope also comes as 401 but is no dead token:
 * refreshing would not add the scope, and marking the account would lock out what it may do.
 */
export const isAccessTokenRejected = (error: unknown) =>
  error instanceof TikTokApiError &&
  !isScopeMissing(error) &&
  (error.code === 'access_token_invalid' || error.httpStatus === 401);

export const reconnectNeeded = () =>
  new AppError(
    'tiktok_reconnect_needed',
    'Your TikTok connection has expired. Reconnect your TikTok account to continue posting.',
  );

/** What the server log keeps of a TikTok failure: its code, status and `log_id`, never a token. */
export const tiktokFailureFields = (error: unknown) =>
  error instanceof TikTokApiError
    ? {
        tiktokCode: error.code,
        tiktokStatus: error.httpStatus,
        tiktokLogId: error.logId,
        tiktokMessage: error.message,
      }
    : { err: error };

/**
 * A TikTok failure as our `{ error, code }` envelope: TikTok's 429 is ours, a missing scope says
 * which, anything else is TikTok's failure (502), never a 500 of ours.
 */
export const toAppError = (error: unknown, what: string): AppError => {
  if (error instanceof AppError) return error;
  if (error instanceof TikTokApiError) {
    if (error.httpStatus === 429 || error.code === 'rate_limit_exceeded') {
      return new AppError(
        'tiktok_rate_limited',
        `TikTok is rate-limiting ${what}; try again soon`,
        {
          retryAfterSeconds: error.retryAfterSeconds ?? 60,
        },
      );
    }
    if (isScopeMissing(error)) {
      return new AppError(
        'tiktok_error',
        `This TikTok account did not give Hookreel the permission ${what} needs. Drafts can still be sent to its inbox. To grant it, reconnect the account in Settings → TikTok and leave every permission ticked, including “Post content to your account directly”.`,
        { status: 403 },
      );
    }
    return new AppError('tiktok_error', `TikTok could not complete ${what}: ${error.message}`, {
      status: 502,
      ...(error.retryAfterSeconds ? { retryAfterSeconds: error.retryAfterSeconds } : {}),
    });
  }
  return new AppError('tiktok_error', `TikTok could not be reached for ${what}`, { status: 502 });
};
