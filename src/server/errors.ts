import type { TErrorCode } from '#contract/errors';
import { ERROR_CODES } from '#contract/errors';

/**
 * The one error type services throw for expected failures. The error handler turns it into the
 * `{ error, code }` envelope; `status` defaults to the code's usual HTTP status.
 */
export class AppError extends Error {
  readonly code: string;
  readonly status: number;
  readonly field: string | undefined;

  constructor(
    code: TErrorCode | (string & {}),
    message: string,
    options: { status?: number; field?: string } = {},
  ) {
    super(message);
    this.code = code;
    this.status = options.status ?? ERROR_CODES[code as TErrorCode] ?? 400;
    this.field = options.field;
  }
}

export const notFound = (what = 'Not found') => new AppError('not_found', what);
export const unauthorized = () => new AppError('unauthorized', 'Sign in to continue');
