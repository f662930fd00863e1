import { TikTokApiError } from '../../adapters/tiktok/tiktok-api';
import type { TikTokScope } from '#contract/tiktok-permissions';
import { howToGrant, permissionName } from '#contract/tiktok-permissions';
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
    'Your TikTok connection has expired: TikTok no longer accepts Hookreel’s sign-in for this account. Reconnect it in Settings → TikTok to continue posting; scheduled campaign items wait until then.',
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
 * TikTok's 401 `scope_not_authorized`: the seller unticked the permission `what` needs. The token
 * is fine and the account keeps what it granted (decision 100); the words say which permission
 * and how to grant it. 403, not 401: the web must not take it for a dead connection.
 */
export const permissionMissing = (what: string, scope?: TikTokScope) =>
  new AppError(
    'tiktok_error',
    scope
      ? `This TikTok account did not give Hookreel the permission “${permissionName(scope)}”, which ${what} needs. Drafts can still be sent to its inbox. ${howToGrant([scope])}`
      : `This TikTok account did not give Hookreel a permission ${what} needs. Drafts can still be sent to its inbox. To grant it, reconnect the account in Settings → TikTok and leave every permission ticked on TikTok’s screen.`,
    { status: 403 },
  );

/**
 * A TikTok failure as our `{ error, code }` envelope: TikTok's 429 is ours, a missing scope says
 * which (`scope`, the one `what` needs), anything else is TikTok's failure (502), never a 500 of ours.
 */
export const toAppError = (error: unknown, what: string, scope?: TikTokScope): AppError => {
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
    if (isScopeMissing(error)) return permissionMissing(what, scope);
    return new AppError('tiktok_error', `TikTok could not complete ${what}: ${error.message}`, {
      status: 502,
      ...(error.retryAfterSeconds ? { retryAfterSeconds: error.retryAfterSeconds } : {}),
    });
  }
  return new AppError('tiktok_error', `TikTok could not be reached for ${what}`, { status: 502 });
};
