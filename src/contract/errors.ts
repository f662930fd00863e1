import { z } from 'zod';

/** Every failure the API returns has this shape; `code` is stable and safe to branch on. */
export const ZErrorResponse = z.object({
  error: z.string(),
  code: z.string(),
  /** The offending field, for validation errors. */
  field: z.string().optional(),
});
export type TErrorResponse = z.infer<typeof ZErrorResponse>;

export const ERROR_CODES = {
  /** A request body, query or parameter failed its schema; `field` names it. */
  validation_error: 400,
  /** No session, or the session expired. */
  unauthorized: 401,
  /** The plan does not allow this; the client opens the upgrade dialog. */
  payment_required: 402,
  forbidden: 403,
  /** The resource does not exist or belongs to another user (never told apart). */
  not_found: 404,
  /** An upload was larger than the configured limit. */
  payload_too_large: 413,
  /** An upload's content is not one of the accepted types, whatever its name says. */
  unsupported_media_type: 415,
  rate_limited: 429,
  internal_error: 500,
} as const;
export type TErrorCode = keyof typeof ERROR_CODES;
