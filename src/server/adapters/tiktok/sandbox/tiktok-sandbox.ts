import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MigrationConfig } from 'drizzle-orm/migrator';
import type { FastifyPluginAsync } from 'fastify';
import { SANDBOX_PATH } from '../../../config-adapters';
import type { SandboxPostingDeps } from './sandbox-posting';
import { createSandboxPosting } from './sandbox-posting';
import { sandboxRoutes } from './sandbox-routes';

/**
 * The built-in TikTok sandbox as one unit (decision 180): what the server needs of it is this
 * file, the web's is `web/features/tiktok-sandbox/routes.ts`. Its tables live in the
 * `tiktok_sandbox` schema (`sandbox-schema.ts`) with their own migrations, applied after the
 * product's when the sandbox is on; its routes and jobs come from `createTikTokSandbox`.
 */
export const TIKTOK_SANDBOX_MIGRATIONS: MigrationConfig = {
  migrationsFolder: path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations'),
  migrationsSchema: 'tiktok_sandbox',
  migrationsTable: '__drizzle_migrations',
};

export type TikTokSandboxDeps = SandboxPostingDeps & {
  /** The redirect URIs registered for Hookreel's client, as TikTok's developer portal holds them. */
  redirectUris: readonly string[];
};

export type TikTokSandbox = {
  /** Login Kit, the APIs, the chunk receiver and the inbox page's API under `/tiktok-sandbox`. */
  routes: FastifyPluginAsync;
  /** Pulling photos, checking videos, sending webhooks: handed to the queue with the app's. */
  jobs: ReturnType<typeof createSandboxPosting>['jobs'];
  /** Paths only this server's own host may reach (decision 060). */
  ownHostPaths: string[];
};

export const createTikTokSandbox = (deps: TikTokSandboxDeps): TikTokSandbox => {
  const posting = createSandboxPosting(deps);
  const routes: FastifyPluginAsync = async (app) => {
    await app.register(posting.routes);
    await app.register(sandboxRoutes, {
      db: deps.db,
      client: {
        clientKey: deps.client.key,
        clientSecret: deps.client.secret,
        redirectUris: deps.redirectUris,
      },
      publicOrigin: deps.appUrl,
      signedInUserId: deps.signedInUserId,
    });
  };
  // The API, the upload URL and the SPA's authorize and inbox pages alike.
  return { routes, jobs: posting.jobs, ownHostPaths: [SANDBOX_PATH] };
};
