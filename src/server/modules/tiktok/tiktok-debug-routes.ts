import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZTikTokDebug } from '#contract/tiktok';
import type { Config } from '../../config';

/** The integration debug page's configuration check (public, like the page itself). */
export const registerTikTokDebugRoutes = (app: FastifyInstance, config: Config) => {
  app.withTypeProvider<ZodTypeProvider>().get('/api/tiktok/debug', {
    schema: {
      tags: ['tiktok'],
      summary: 'Which TikTok settings are configured (never their values)',
      response: { 200: ZTikTokDebug },
    },
    handler: async () => ({
      host: config.appUrl,
      environment: config.env,
      // The sandbox redirects to the same callback route the real TikTok would.
      redirectUri:
        config.tiktok.kind === 'tiktok'
          ? config.tiktok.redirectUri
          : `${config.appUrl}/api/tiktok/auth/callback`,
      clientIdConfigured: config.tiktok.kind === 'tiktok',
      clientSecretConfigured: config.tiktok.kind === 'tiktok',
    }),
  });
};
