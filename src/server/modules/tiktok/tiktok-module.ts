import type { FastifyRequest } from 'fastify';
import type { TikTokApi } from '../../adapters/tiktok/tiktok-api';
import type { ModuleCore } from '../../plugins/server-module';
import { defineModule } from '../../plugins/server-module';
import { registerTikTokAccountsRoutes } from './tiktok-accounts-routes';
import { createTikTokAccounts } from './tiktok-accounts-service';
import { createTikTokConnect } from './tiktok-connect-service';
import { registerTikTokDebugRoutes, TIKTOK_DEBUG_PATH } from './tiktok-debug-routes';
import { registerTikTokNotConfigured } from './tiktok-not-configured';
import { createTokenCipher } from './token-cipher';

/**
 * The TikTok accounts module: connected accounts with their encrypted tokens, the OAuth login,
 * and `withAccessToken` / `callWithToken` / `markAuthorizationRemoved` for publishing.
 */
export const createTikTokModule = (
  { config, db, authenticate, log }: ModuleCore,
  {
    api,
    signedInEmail,
    configured,
    debugClient,
  }: {
    api: TikTokApi;
    /** False without TikTok keys in production: the action routes answer 503 (decision 063). */
    configured: boolean;
    /** What the debug page says of the client: keys set, and the redirect URI. */
    debugClient: { keysConfigured: boolean; redirectUri: string };
    /** The e-mail of the bearer token's user, or null: who may open the debug page. */
    signedInEmail: (request: FastifyRequest) => Promise<string | null>;
  },
) => {
  // The token encryption key is derived from the app secret.
  const accounts = createTikTokAccounts({ db, api, cipher: createTokenCipher(config.secret), log });
  const connect = createTikTokConnect({ db, api, accounts, log });
  return defineModule({
    name: 'tiktok',
    ownHostOnly: [TIKTOK_DEBUG_PATH],
    routes: async (app) => {
      // First: its hook documents the 503 of every TikTok action route, here and in publishing.
      registerTikTokNotConfigured(app, { configured });
      registerTikTokDebugRoutes(app, config, { signedInEmail, client: debugClient });
      await registerTikTokAccountsRoutes(app, {
        accounts,
        connect,
        authenticate,
        secureCookies: config.appUrl.startsWith('https:'),
      });
    },
    api: accounts,
  });
};
