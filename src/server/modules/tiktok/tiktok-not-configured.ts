import type { FastifyInstance } from 'fastify';
import { ZErrorResponse } from '#contract/errors';
import { TIKTOK_NOT_CONFIGURED } from '#contract/tiktok-mode';
import { AppError } from '../../errors';

/**
 * Where a seller would connect an account or send a post. Without a TikTok app (production
 * without keys or the sandbox switch, decision 063) these answer 503 `tiktok_not_configured`
 * with the sentence the web shows, before any account is looked up; listing, disconnecting and
 * reading old posts keep working.
 */
export const TIKTOK_ACTION_ROUTES = new Set([
  '/api/tiktok/auth/ticket',
  '/api/tiktok/auth/login',
  '/api/tiktok/auth/callback',
  '/api/tiktok/creator/info',
  '/api/tiktok/photo/upload/init',
  '/api/tiktok/video/upload/init',
  '/api/tiktok/upload/put',
]);

export const registerTikTokNotConfigured = (
  app: FastifyInstance,
  { configured }: { configured: boolean },
) => {
  // The document lists the answer on every server: which one a reader talks to is not in it.
  app.addHook('onRoute', (route) => {
    if (!TIKTOK_ACTION_ROUTES.has(route.url) || route.schema?.hide) return;
    const response = (route.schema?.response ?? {}) as Record<string, unknown>;
    if (response['503'] !== undefined || response[503] !== undefined) return;
    route.schema = { ...route.schema, response: { ...response, 503: ZErrorResponse } };
  });
  if (configured) return;
  app.addHook('onRequest', async (request) => {
    const route = request.routeOptions.url;
    if (route !== undefined && TIKTOK_ACTION_ROUTES.has(route)) {
      throw new AppError('tiktok_not_configured', TIKTOK_NOT_CONFIGURED);
    }
  });
};
