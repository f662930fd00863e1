import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyPluginAsync,
  FastifyRequest,
} from 'fastify';
import fp from 'fastify-plugin';
import { ZErrorResponse } from '#contract/errors';
import type { Storage } from '../adapters/storage/storage';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { ReadCache } from '../db/read-cache';
import type { AnyJob } from '../jobs/define-job';
import type { JobQueue } from '../jobs/queue';

/**
 * One feature of the server (decision 150): its routes as a named Fastify plugin that will not
 * mount before the modules it names, the jobs it owns (handlers bound to its own service), and
 * the typed surface (`api`) the modules above it are handed.
 */
export type ServerModule<Api = undefined> = {
  name: string;
  routes: FastifyPluginAsync;
  jobs: AnyJob[];
  /** Work for a worker process once the queue runs: what a crash left is resumed. */
  afterStart?: () => Promise<void>;
  /** Path prefixes of development aids, answered under this server's own name only (decision 060). */
  ownHostOnly?: readonly string[];
  /** API paths the bounded API queue does not count: they wait on outside hosts (decision 066). */
  admissionExempt?: (url: string) => boolean;
  api: Api;
};

type ModuleParts<Api> = {
  name: string;
  /** Modules whose `api` this one is handed: Fastify refuses to mount it before them. */
  dependencies?: string[];
  routes?: (app: FastifyInstance) => void | Promise<void>;
  jobs?: AnyJob[];
  afterStart?: () => Promise<void>;
  ownHostOnly?: readonly string[];
  admissionExempt?: (url: string) => boolean;
  api: Api;
};

export const defineModule = <Api = undefined>({
  name,
  dependencies = [],
  routes,
  jobs = [],
  afterStart,
  ownHostOnly,
  admissionExempt,
  api,
}: ModuleParts<Api>): ServerModule<Api> => ({
  name,
  routes: fp(
    async (app) => {
      await routes?.(app);
    },
    { name, dependencies, fastify: '5.x' },
  ),
  jobs,
  ...(afterStart ? { afterStart } : {}),
  ...(ownHostOnly ? { ownHostOnly } : {}),
  ...(admissionExempt ? { admissionExempt } : {}),
  api,
});

/** Answers 401 unless the request carries a live session; sets `request.userId`. */
export type Authenticate = (request: FastifyRequest) => Promise<void>;

const BEARER = [{ bearerAuth: [] }];

/**
 * A module's signed-in routes, in a scope of their own with one `onRequest` check, so no route
 * can forget it. Each route's OpenAPI entry says so (bearer security and the 401 answer) unless
 * it says more itself.
 */
export const authenticated = async (
  app: FastifyInstance,
  authenticate: Authenticate,
  routes: (scope: FastifyInstance) => void | Promise<void>,
) => {
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      const schema = (route.schema ??= {});
      schema.security ??= BEARER;
      const response = (schema.response ??= {}) as Record<string, unknown>;
      response[401] ??= ZErrorResponse;
    });
    scope.addHook('onRequest', authenticate);
    await routes(scope);
  });
};

/** What every module is built with. */
export type ModuleCore = {
  config: Config;
  db: Database;
  storage: Storage;
  /** Sends jobs; a module's own jobs go in its `jobs` list. */
  jobs: Pick<JobQueue, 'send' | 'cancel' | 'isPending'>;
  authenticate: Authenticate;
  /** The reads every screen makes, skipped while nothing was written (decision 029). */
  reads: ReadCache;
  log: FastifyBaseLogger;
};

/** Another module as a dependency: what it offers (`api`). */
export type Uses<Api> = { api: Api };
