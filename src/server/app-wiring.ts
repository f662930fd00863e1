// The composition root's plumbing between the shared pieces: the database, the queue, sign-in,
// the adapters with what they need of the modules, TikTok's seams, and the start-up log lines.
// app.ts lists the modules.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { adapterMigrations } from './adapters/create-adapters';
import { openDatabase } from './db/client';
import { createReadCache } from './db/read-cache';
import { startJobQueue } from './jobs/queue';
import { createRequireUser, createSessionCache, databaseRateLimitStore } from './modules/auth';
import type { PasswordHashing } from './modules/auth';
import { createMediaReader } from './modules/publishing';
import type { MediaProxyLimits } from './modules/publishing';
import type { ModuleCore } from './plugins/server-module';
import type { Adapters } from './adapters/create-adapters';
import { createAdapters } from './adapters/create-adapters';
import { createDevAccess } from './adapters/dev-access';
import type { TikTokApi } from './adapters/tiktok/tiktok-api';
import type { Config } from './config';
import { ownBucketUrlPrefix } from './config-adapters';
import type { Database, DbHandle } from './db/client';
import type { JobQueue } from './jobs/queue';
import type { WorkerKind } from './jobs/define-job';
import type { Authenticate } from './plugins/server-module';
import type { SubscriptionStore } from './modules/billing';
import { createBillingLedger, createSubscriptionStore } from './modules/billing';
import { findUserEmail } from './modules/users';
import { AppError } from './errors';
import type { LocalHostAllowance } from './net/safe-fetch';
import type { PublishingAccounts } from './modules/publishing';
import type { TikTokAccounts } from './modules/tiktok';

/**
 * What publishing talks to TikTok through: the configured client and the connected accounts.
 * Tests reach a scripted TikTok host or the sandbox over HTTP, never a stand-in here (decision 181).
 */
export const tiktokSeams = (config: Config, tiktok: TikTokApi, accounts: TikTokAccounts) => ({
  tiktok,
  accounts: {
    withAccessToken: accounts.withAccessToken,
    reserveTikTokCall: accounts.reserveTikTokCall,
    markAuthorizationRemoved: accounts.markAuthorizationRemoved,
  } satisfies PublishingAccounts,
  // TikTok signs webhooks with the app's client secret; the sandbox with its own.
  webhookSecret: config.tiktok.clientSecret,
});

/**
 * The bytes behind one of this site's own media URLs (a template's thumbnail), or null: read by
 * storage key through the own-media service, never by a request to our own routes (decision 162).
 */
export const readOwnMedia = (app: FastifyInstance) => async (url: string) =>
  url.startsWith('/media/') ? ((await app.ownMedia.read(url))?.body ?? null) : null;

/** Who a request is signed in as, without refusing it (the development aids and the sandbox). */
const signedInAs = (authenticate: Authenticate, db: Database) => {
  // Only "not signed in" is an answer here; a session lookup that failed (a database that took
  // no connection) is the request's failure, never a reason to tell the seller to sign in again.
  const userId = async (request: FastifyRequest) =>
    authenticate(request).then(
      () => request.userId,
      (error: unknown) => {
        if (error instanceof AppError && error.code === 'unauthorized') return null;
        throw error;
      },
    );
  const email = async (request: FastifyRequest) => {
    const id = await userId(request);
    return id && findUserEmail(db, id);
  };
  return { userId, email };
};

/** Every adapter the config picks, handed what they need of the modules (decision 014). */
export const wireAdapters = (
  config: Config,
  {
    app,
    db,
    store,
    authenticate,
    jobs,
    outboundAllowLocal,
  }: {
    app: FastifyInstance;
    db: Database;
    store: SubscriptionStore;
    authenticate: Authenticate;
    jobs: Pick<JobQueue, 'send'>;
    outboundAllowLocal: LocalHostAllowance | undefined;
  },
) => {
  const signedIn = signedInAs(authenticate, db);
  const adapters = createAdapters(config, {
    db,
    ...(outboundAllowLocal ? { outboundAllowLocal } : {}),
    billingLedger: createBillingLedger({
      db,
      store,
      log: (level, message) => app.log[level](message),
    }),
    devAccess: createDevAccess({
      production: config.env === 'production',
      operatorEmails: config.operatorEmails,
      signedInEmail: signedIn.email,
    }),
    signedInUserId: signedIn.userId,
    log: (line) => app.log.info(line),
    logError: (error, message) => app.log.error({ err: error }, message),
    queue: () => jobs,
  });
  return { adapters, signedInEmail: signedIn.email };
};

/** One line per adapter picked, for the start-up log; those the operator must not miss, again. */
export const startupLines = (config: Config, db: DbHandle, jobs: JobQueue, adapters: Adapters) => ({
  adapterLines: [
    db.describe,
    jobs.describe,
    ...Object.values(adapters).map((a: { line: string }) => a.line),
    config.pixel
      ? `pixel: ${config.pixel.provider} pixel ${config.pixel.id} (lead event on sign-up)`
      : 'pixel: off',
  ],
  adapterWarnings: Object.values(adapters).flatMap((a: { line: string; warn?: boolean }) =>
    a.warn ? [a.line] : [],
  ),
});

/** What modules are told of the chosen adapters: what they can do, never which (decision 161). */
export const adapterAnswers = (config: Config) => {
  const realTikTok = config.tiktok.kind === 'tiktok';
  return {
    publicConfig: {
      appUrl: config.appUrl,
      supportEmail: config.supportEmail,
      pixel: config.pixel,
      mailOutbox: config.mail.kind === 'outbox',
      tiktok: config.tiktok.kind,
      voice: config.voice.kind !== 'none',
    },
    tiktok: {
      configured: config.tiktok.kind !== 'off',
      debugClient: {
        keysConfigured: realTikTok,
        redirectUri: realTikTok
          ? config.tiktok.redirectUri
          : `${config.appUrl}/api/tiktok/auth/callback`,
      },
    },
    /** Recorded with each generated character: `local`, or the images API's model. */
    imagesName: config.imageGen.kind === 'openai' ? config.imageGen.model : 'local',
    /** Where "View Post" leads: the sandbox's inbox page when the sandbox stands in for TikTok. */
    postLinks:
      config.tiktok.kind === 'sandbox'
        ? { sandboxInboxUrl: `${config.appUrl}/tiktok-sandbox` }
        : {},
  };
};

export type AdapterAnswers = ReturnType<typeof adapterAnswers>;

export type BuildOptions = {
  /** Fastify logger setting; tests pass false. */
  logger?: boolean | object;
  /** The jobs this process works (decision 200); embedded mode and tests work them all. */
  workers?: WorkerKind;
  /** An open database to share instead of opening one (a second app in tests); not closed. */
  database?: DbHandle;
  /** Tests only: local fakes of outside hosts that media fetches treat as public (decision 065). */
  outboundAllowLocal?: LocalHostAllowance;
  /** The media proxies' deadline, size cap and budgets (tests shorten them; decision 066). */
  mediaProxy?: Partial<MediaProxyLimits>;
  /** Tests only: a cheaper password hash than the shipped one (decision 245). */
  passwordHashing?: PasswordHashing;
  /** Benches and tests: 0 sends every one of the four reads every screen makes to the database. */
  readCacheMs?: number;
};

/**
 * What the modules are built from (decision 150): the database, the job queue (started empty:
 * services send through it, each module brings the jobs it owns), sign-in, the adapters, and what
 * each module is told of them.
 */
export const openShared = async (app: FastifyInstance, config: Config, options: BuildOptions) => {
  const db = options.database ?? (await openDatabase(config.database, adapterMigrations(config)));
  const workers = options.workers ?? 'all';
  const jobs = await startJobQueue({
    executor: db.executor,
    workers,
    log: app.log,
    timing: { maintenanceIntervalSeconds: config.leases.jobMaintenanceSeconds },
  });
  const sessionCache = createSessionCache({ ttlMs: config.limits.sessionCacheMs });
  const requireUser = createRequireUser({ db: db.db, secret: config.secret, cache: sessionCache });
  const store = createSubscriptionStore(db.db);
  const { outboundAllowLocal } = options;
  const wired = { app, db: db.db, store, authenticate: requireUser, jobs, outboundAllowLocal };
  const { adapters, signedInEmail } = wireAdapters(config, wired);
  const storage = adapters.storage.instance;
  const core: ModuleCore = {
    config,
    db: db.db,
    storage,
    jobs,
    authenticate: requireUser,
    log: app.log,
    // The four reads every screen makes skip the database while nothing was written (decision 029).
    reads: createReadCache({ changes: db.changes, ttlMs: options.readCacheMs }),
  };
  const answers = adapterAnswers(config);
  const readMedia = createMediaReader(
    app.ownMedia,
    config.appUrl,
    outboundAllowLocal,
    undefined,
    ownBucketUrlPrefix(config.storage),
  );
  return {
    config,
    core,
    db,
    jobs,
    workers,
    adapters,
    /** What each module is handed of the shared pieces and the adapters it uses. */
    answers: {
      ...answers,
      auth: {
        mailer: adapters.mail.instance,
        sessionCache,
        passwordHashing: options.passwordHashing,
      },
      tiktok: { ...answers.tiktok, api: adapters.tiktok.instance, signedInEmail },
      billing: { store, billing: adapters.billing.instance },
      characters: {
        images: adapters.images.instance,
        imagesName: answers.imagesName,
        motion: adapters.motion.instance,
      },
      templates: { readOwnMedia: readOwnMedia(app) },
      render: { renderer: adapters.render.instance, readMedia },
    },
    readMedia,
    rateLimitStore: databaseRateLimitStore(db.db),
    /** What publishing talks to TikTok through: the configured client and the accounts. */
    tiktokSeams: (accounts: TikTokAccounts) =>
      tiktokSeams(config, adapters.tiktok.instance, accounts),
    ownsDatabase: !options.database,
    /** What `buildApp` answers beside the app, for `main` and the tests. */
    exposed: { config, db, storage, jobs, ...startupLines(config, db, jobs, adapters) },
  };
};

export type Shared = Awaited<ReturnType<typeof openShared>>;
