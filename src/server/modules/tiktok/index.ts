import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { TikTokApi } from '../../adapters/tiktok/tiktok-api';
import type { Database } from '../../db/client';
import type { RequireUser } from '../auth';
import { registerTikTokAccountsRoutes } from './tiktok-accounts-routes';
import { createTikTokAccounts } from './tiktok-accounts-service';
import { createTikTokConnect } from './tiktok-connect-service';
import { createTokenCipher } from './token-cipher';

export { registerTikTokDebugRoutes, TIKTOK_DEBUG_PATH } from './tiktok-debug-routes';
export { reserveTikTokCall, TIKTOK_CALL_BUDGETS } from './tiktok-call-budget';
export { registerTikTokNotConfigured } from './tiktok-not-configured';
export { createConnectedAccounts } from './connected-accounts';
export type { ConnectedAccounts } from './connected-accounts';
export { toAppError as tiktokFailureToAppError } from './tiktok-errors';
export type { TikTokCallKind } from './tiktok-call-budget';
export type { AccessToken, TikTokAccounts } from './tiktok-accounts-service';

/**
 * The TikTok accounts module: connected accounts with their encrypted tokens, the OAuth login,
 * and `withAccessToken` / `callWithToken` / `markAuthorizationRemoved` for publishing.
 */
export const createTikTokModule = ({
  db,
  api,
  secret,
  log,
  secureCookies,
}: {
  db: Database;
  api: TikTokApi;
  /** The app secret; the token encryption key is derived from it. */
  secret: string;
  log: FastifyBaseLogger;
  /** APP_URL is https: cookies are marked Secure. */
  secureCookies: boolean;
}) => {
  const tiktokAccounts = createTikTokAccounts({ db, api, cipher: createTokenCipher(secret), log });
  const connect = createTikTokConnect({ db, api, accounts: tiktokAccounts, log });
  return {
    tiktokAccounts,
    registerRoutes: (app: FastifyInstance, { requireUser }: { requireUser: RequireUser }) =>
      registerTikTokAccountsRoutes(app, {
        accounts: tiktokAccounts,
        connect,
        requireUser,
        secureCookies,
      }),
  };
};
