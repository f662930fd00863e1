import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';

/**
 * TikTok's answer shape for everything but the OAuth endpoints: `{ data, error: { code,
 * message, log_id } }`, success when `error.code` is `ok`. The sandbox answers in it exactly, so
 * the real client (and any third-party TikTok client) reads it the same way.
 */

/** TikTok's log ids are 32-character upper-case hex-ish strings starting with a timestamp. */
export const newLogId = (): string => {
  const stamp = new Date()
    .toISOString()
    .replace(/[-:TZ.]/g, '')
    .slice(0, 14);
  return `${stamp}${randomBytes(9).toString('hex').toUpperCase()}`;
};

/** A failure the sandbox reports in the envelope with TikTok's code and HTTP status. */
export class SandboxEnvelopeError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly httpStatus: number,
    /** Seconds for the `Retry-After` header of a 429. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'SandboxEnvelopeError';
  }
}

export const accessTokenInvalid = () =>
  new SandboxEnvelopeError(
    'access_token_invalid',
    'The access token is invalid or not found in the request.',
    401,
  );

export const scopeNotAuthorized = (scope: string) =>
  new SandboxEnvelopeError(
    'scope_not_authorized',
    `The user did not authorize the scope required for completing this request (${scope}).`,
    401,
  );

export const invalidParams = (message: string, code = 'invalid_params') =>
  new SandboxEnvelopeError(code, message, 400);

/** Sends `data` with `error.code: "ok"`. */
export const sendEnvelope = (reply: FastifyReply, data: unknown) =>
  reply
    .status(200)
    .type('application/json; charset=UTF-8')
    .send({ data, error: { code: 'ok', message: '', log_id: newLogId() } });

/** Sends a failure in the envelope; `data` is an empty object, as TikTok sends. */
export const sendEnvelopeError = (reply: FastifyReply, error: SandboxEnvelopeError) => {
  if (error.retryAfterSeconds !== null)
    reply.header('retry-after', String(error.retryAfterSeconds));
  return reply
    .status(error.httpStatus)
    .type('application/json; charset=UTF-8')
    .send({ data: {}, error: { code: error.code, message: error.message, log_id: newLogId() } });
};
