import type { FastifyInstance } from 'fastify';
import { invalidParams, SandboxEnvelopeError, sendEnvelopeError } from './sandbox-envelope';

/**
 * Makes a plugin scope answer like TikTok's JSON API: every failure in the `{ data, error }`
 * envelope, and a JSON POST with no body at all (TikTok documents creator info that way) read
 * as `{}` instead of Fastify's 400. Call it first in each sandbox plugin that serves the API.
 */
export const useEnvelopeScope = (app: FastifyInstance) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (!text.trim()) return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      done(invalidParams('The request body is not valid JSON.'), undefined);
    }
  });
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof SandboxEnvelopeError) return sendEnvelopeError(reply, error);
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status < 500) return sendEnvelopeError(reply, invalidParams((error as Error).message));
    request.log.error({ err: error }, 'tiktok sandbox: request failed');
    return sendEnvelopeError(
      reply,
      new SandboxEnvelopeError('internal_error', 'Something went wrong.', 500),
    );
  });
};
