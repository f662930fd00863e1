import type { FastifyReply } from 'fastify';
import { newLogId, SandboxEnvelopeError } from './sandbox-envelope';

/** The posting pages of TikTok's docs spell it `invalid_param`. */
export const invalidParam = (message: string) =>
  new SandboxEnvelopeError('invalid_param', message, 400);

/**
 * Sends an envelope whose `data` is written by hand: TikTok's int64 ids are JSON numbers above
 * 2^53, which `JSON.stringify` cannot write without rounding them.
 */
export const sendRawEnvelope = (reply: FastifyReply, dataJson: string) =>
  reply
    .status(200)
    .type('application/json; charset=UTF-8')
    .send(
      `{"data":${dataJson},"error":${JSON.stringify({ code: 'ok', message: '', log_id: newLogId() })}}`,
    );
