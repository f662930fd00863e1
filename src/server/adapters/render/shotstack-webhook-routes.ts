import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';

export type ShotstackWebhookOptions = {
  /**
   * Looks the render up by the secret in its callback URL and re-reads its status from
   * Shotstack (the payloads are unsigned, so their content is never trusted): the render
   * service's, handed in by the render module that mounts these routes.
   */
  onCallback: (token: string) => Promise<void>;
  logError: (error: unknown, message: string) => void;
};

/**
 * Shotstack's callback (Shotstack's webhook docs). It answers 200 at once whatever the
 * payload says: Shotstack retries anything else for 48 minutes, and an unknown token must not
 * be told apart from a known one.
 */
export const shotstackWebhookRoutes: FastifyPluginAsync<ShotstackWebhookOptions> = async (
  app,
  { onCallback, logError },
) => {
  app.post(
    '/api/shotstack/webhook/:token',
    {
      schema: {
        hide: true,
        params: z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{16,100}$/) }),
      },
      bodyLimit: 64 * 1024,
    },
    async (request) => {
      const { token } = request.params as { token: string };
      await onCallback(token).catch((error: unknown) =>
        logError(error, 'shotstack webhook: could not act on a callback'),
      );
      return { ok: true };
    },
  );
};
