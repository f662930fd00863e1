import type { FastifyPluginAsync } from 'fastify';
import { SANDBOX_PATH } from '../../../config-adapters';
import { sandboxApiRoutes } from './sandbox-api-routes';
import { sandboxDisplayRoutes } from './sandbox-display-routes';
import { sandboxAuthorizeRoutes } from './sandbox-authorize-routes';
import { sandboxOAuthRoutes } from './sandbox-oauth-routes';
import type { SandboxOptions } from './sandbox-options';

/**
 * The built-in TikTok sandbox at `/tiktok-sandbox`, with TikTok's own paths after it, so a
 * client whose two origins point here needs nothing else. Each part is its own scope: OAuth
 * answers flat JSON, the API its envelope, the authorize page's endpoints Hookreel's errors.
 * The authorize and inbox pages themselves are web-app routes (the SPA fallback serves them).
 */
export const sandboxRoutes: FastifyPluginAsync<SandboxOptions> = async (app, options) => {
  await app.register(
    async (sandbox) => {
      await sandbox.register(sandboxOAuthRoutes, options);
      await sandbox.register(sandboxApiRoutes, options);
      await sandbox.register(sandboxDisplayRoutes, options);
      await sandbox.register(sandboxAuthorizeRoutes, options);
    },
    { prefix: SANDBOX_PATH },
  );
};
