import { TikTokApiError } from '../../adapters/tiktok/tiktok-api';
import { AppError } from '../../errors';
import { plainWords } from './plain-words';

/** TikTok's answer was a refusal: nothing was created on its side, so the post was not sent. */
export const isDefiniteRefusal = (error: unknown): error is TikTokApiError =>
  error instanceof TikTokApiError && error.httpStatus >= 400 && error.httpStatus < 500;

/** Turns a TikTok failure into our `{ error, code }` with the plain words of reference §2.7/§3.7. */
export const toAppError = (error: unknown): AppError => {
  if (error instanceof AppError) return error;
  if (!(error instanceof TikTokApiError)) {
    return new AppError(
      'tiktok_error',
      'TikTok could not be reached. Try again in a few minutes.',
      {
        retryAfterSeconds: 60,
      },
    );
  }
  const message = plainWords(error.code);
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
        ...(error.httpStatus >= 500 ? { retryAfterSeconds: error.retryAfterSeconds ?? 60 } : {}),
      });
  }
};
