import type { TErrorCode } from '#contract/errors';
import { ERROR_CODES, isErrorCode } from '#contract/errors';

type AppErrorOptions = {
  status?: number;
  field?: string;
  /** Sent as the Retry-After header and `retryAfterSeconds`: when trying again may work. */
  retryAfterSeconds?: number;
};

/**
 * The one error type services throw for expected failures. The error handler turns it into the
 * `{ error, code }` envelope; `status` defaults to the code's usual HTTP status. Only the
 * contract's codes are accepted, so the client can branch on every code it may receive.
 */
export class AppError extends Error {
  readonly code: TErrorCode;
  readonly status: number;
  readonly field: string | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(code: TErrorCode, message: string, options: AppErrorOptions = {}) {
    super(message);
    this.code = code;
    this.status = options.status ?? ERROR_CODES[code];
    this.field = options.field;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export const notFound = (what = 'Not found') => new AppError('not_found', what);
/** How soon an overloaded server asks to be tried again (the admission gate, decision 020). */
export const BUSY_RETRY_AFTER_SECONDS = 1;
/** Overload: nothing was done, and the same request may work in a few seconds. */
export const serverBusy = (retryAfterSeconds = BUSY_RETRY_AFTER_SECONDS) =>
  new AppError('server_busy', 'The server is busy. Try again in a few seconds.', {
    retryAfterSeconds,
  });
export const unauthorized = () => new AppError('unauthorized', 'Sign in to continue');

/** The contract code for an HTTP status when the code that came with it is not one of ours. */
const CODE_BY_STATUS: Partial<Record<number, TErrorCode>> = {
  400: 'bad_request',
  401: 'unauthorized',
  402: 'payment_required',
  403: 'forbidden',
  404: 'not_found',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

/**
 * Maps a code from a library's own answer (better-auth says `INVALID_EMAIL_OR_PASSWORD`, or
 * something new after an upgrade) to a contract code: its own when the contract lists it,
 * otherwise one chosen by the status.
 */
export const toContractCode = (raw: unknown, status: number): TErrorCode => {
  const lower = typeof raw === 'string' ? raw.toLowerCase() : undefined;
  if (isErrorCode(lower)) return lower;
  if (status >= 500) return 'internal_error';
  return CODE_BY_STATUS[status] ?? 'client_error';
};
