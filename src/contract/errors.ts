import { z } from 'zod';
import { ERROR_CODES } from './error-codes';
import type { TErrorCode } from './error-codes';

export type { TErrorCode } from './error-codes';
export { ERROR_CODES, isErrorCode } from './error-codes';

export const ZErrorResponse = z.object({
  error: z.string(),
  code: z.enum(Object.keys(ERROR_CODES) as [TErrorCode, ...TErrorCode[]]),
  /** The offending field, for validation errors. */
  field: z.string().optional(),
  /** For failures worth retrying (ai_unavailable, ai_busy): the same as the Retry-After header. */
  retryAfterSeconds: z.number().int().positive().optional(),
});
export type TErrorResponse = z.infer<typeof ZErrorResponse>;
