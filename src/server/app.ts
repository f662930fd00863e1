import fs from 'node:fs';
import path from 'node:path';
import {
  adapterAnswers,
  readOwnMedia,
  startupLines,
  tiktokSeams,
  wireAdapters,
} from './app-wiring';
import type { FastifyInstance } from 'fastify';
import {
  adapterJobs,
  adapterMigrations,
  adapterOwnHostPaths,
  adapterRoutes,
} from './adapters/create-adapters';
import type { TikTokApi } from './adapters/tiktok/tiktok-api';
import type { Config } from './config';
import type { DbHandle } from './db/client';
import { openDatabase } from './db/client';
import { createReadCache } from './db/read-cache';
import { starterAssetsWork } from './jobs/prepare-starter-assets';
import { startJobQueue } from './jobs/queue';
import { createStarterAssets } from './library/starter-assets';
import { sweepDeadWorkDirs } from './media/work-dirs';
import { createAiActionsModule, createAiModule } from './modules/ai';
import { createAnalyticsModule } from './modules/analytics';
import {
  createAuthModule,
  createRequireUser,
  createSessionCache,
  databaseRateLimitStore,
} from './modules/auth';
import { createBillingModule, createSubscriptionStore } from './modules/billing';
import { createCampaignsModule } from './modules/campaigns';
import { createCarouselImagesModule } from './modules/carousel-images';
import { createCharactersModule } from './modules/characters';
import { createDraftsModule } from './modules/drafts';
import { createEntitlementsModule } from './modules/entitlements';
import { createEventsModule } from './modules/events';
import { createProductsModule } from './modules/products';
import { createPublicConfigModule } from './modules/public-config';
import type { MediaProxyLimits, PublishingAccounts } from './modules/publishing';
import { createMediaReader, createPublishingModule, isMediaProxyPath } from './modules/publishing';
import { createRenderModule } from './modules/render';
import { createTemplatesModule } from './modules/templates';
import { createTempImagesModule } from './modules/temp-images';
import { createTikTokModule, TIKTOK_DEBUG_PATH } from './modules/tiktok';
import { createUsageModule } from './modules/usage';
import { createVoiceModule } from './modules/voice';
import { createUsersModule } from './modules/users';
import { createVideosModule } from './modules/videos';
import type { LocalHostAllowance } from './net/safe-fetch';
import { createServer, registerCorePlugins } from './plugins/core-plugins';
import { registerSampleVideoRoutes } from './plugins/sample-video-routes';
import type { ModuleCore, ServerModule } from './plugins/server-module';
import { registerWebApp } from './plugins/web-app';

type BuildOptions = {
  /** Fastify logger setting; tests pass false. */
  logger?: boolean | object;
  /** Run job workers in this process (embedded mode and tests do). */
  runWorkers?: boolean;
  /** An open database to share instead of opening one (a second app in tests); not closed. */
  database?: DbHandle;
  /** Tests may hand in scripted TikTok seams (a failing init, a chosen status). */
  tiktokSeams?: { tiktok: TikTokApi; accounts: PublishingAccounts; webhookSecret: string };
  /** Tests only: local fakes of outside hosts that media fetches treat as public (decision 065). */
  outboundAllowLocal?: LocalHostAllowance;
  /** The media proxies' deadline, size cap and budgets (tests shorten them; decision 066). */
  mediaProxy?: Partial<MediaProxyLimits>;
};

export type AppContext = Awaited<ReturnType<typeof buildApp>>;

/**
 * Builds the whole server from a parsed config: the shared pieces, then the modules in the order
 * they depend on each other (decision 150). `main` and every route test go through here.
 */
export const buildApp = async (config: Config, options: BuildOptions = {}) => {
  const app = createServer(config, options.logger);
  const runWorkers = options.runWorkers ?? true;
  const db = options.database ?? (await openDatabase(config.database, adapterMigrations(config)));
  // Started first and empty: services send through it; each module brings the jobs it owns.
  const jobs = await startJobQueue({ executor: db.executor, runWorkers, log: app.log });
  const sessionCache = createSessionCache({ ttlMs: config.limits.sessionCacheMs });
  const requireUser = createRequireUser({ db: db.db, secret: config.secret, cache: sessionCache });
  const store = createSubscriptionStore(db.db);
  const { adapters, signedInEmail } = wireAdapters(config, {
    app,
    db: db.db,
    store,
    authenticate: requireUser,
    jobs,
    // Shotstack's callback reaches the render module, which is built from these adapters.
    renderCallback: () => render.api.onCallback,
    outboundAllowLocal: options.outboundAllowLocal,
  });
  const storage = adapters.storage.instance;
  const answers = adapterAnswers(config);
  const core: ModuleCore = {
    config,
    db: db.db,
    storage,
    jobs,
    authenticate: requireUser,
    log: app.log,
    // The four reads every screen makes skip the database while nothing was written (decision 029).
    reads: createReadCache({ changes: db.changes }),
  };
  const readMedia = createMediaReader(app.ownMedia, config.appUrl, options.outboundAllowLocal);

  // The modules, each mounted in this order (a module after those it is handed).
  const modules: ServerModule<unknown>[] = [];
  const use = <M extends ServerModule<unknown>>(module: M) => (modules.push(module), module);
  use(createPublicConfigModule(core, { answers: answers.publicConfig }));
  const auth = use(createAuthModule(core, { mailer: adapters.mail.instance, sessionCache }));
  const tiktok = use(
    createTikTokModule(core, { ...answers.tiktok, api: adapters.tiktok.instance, signedInEmail }),
  );
  use(createUsersModule(core, { tiktok }));
  const billing = use(createBillingModule(core, { store, billing: adapters.billing.instance }));
  const usage = use(createUsageModule(core, { billing }));
  const entitlements = use(createEntitlementsModule(core, { usage, billing }));
  const ai = use(createAiModule(core, { writer: adapters.ai.instance }));
  const { images: painter, motion } = adapters;
  const characters = use(
    createCharactersModule(core, {
      ai,
      images: painter.instance,
      imagesName: answers.imagesName,
      motion: motion.instance,
    }),
  );
  if (adapters.voice.instance) {
    use(createVoiceModule(core, { ai, speech: adapters.voice.instance }));
  }
  const products = use(createProductsModule(core, { ai }));
  const images = use(createCarouselImagesModule(core));
  const drafts = use(createDraftsModule(core));
  const tempImages = use(createTempImagesModule(core));
  const aiActions = use(createAiActionsModule(core, { ai, products, images }));
  use(
    createTemplatesModule(core, {
      products,
      ai,
      drafts,
      images,
      readOwnMedia: readOwnMedia(app),
    }),
  );
  const render = use(
    createRenderModule(core, { renderer: adapters.render.instance, readMedia, usage }),
  );
  const seams =
    options.tiktokSeams ?? tiktokSeams(config, db.db, adapters.tiktok.instance, tiktok.api);
  const publishing = use(
    createPublishingModule(core, {
      ...seams,
      postLinks: answers.postLinks,
      ...options,
      usage,
      tempImages,
      entitlements,
      render,
    }),
  );
  const { accounts } = seams;
  use(
    createCampaignsModule(core, {
      ai,
      characters,
      billing,
      products,
      images,
      entitlements,
      accounts,
      publishing,
      render,
      tempImages,
      readMedia,
    }),
  );
  use(createVideosModule(core));
  use(createEventsModule(core));
  use(
    createAnalyticsModule(core, {
      tiktokApi: seams.tiktok,
      tiktok,
      products,
      render,
      drafts,
      aiActions,
    }),
  );

  const webDir =
    config.webDir && fs.existsSync(path.join(config.webDir, 'index.html')) ? config.webDir : null;
  await registerCorePlugins(app, config, {
    ownHostPaths: [...adapterOwnHostPaths(adapters), TIKTOK_DEBUG_PATH],
    rateLimitStore: databaseRateLimitStore(db.db),
    // The media proxies wait on outside hosts, not the database: they have their own budget.
    admissionExempt: (request) => isMediaProxyPath(request.url),
    webDir,
  });
  for (const module of modules) await app.register(module.routes);
  for (const routes of adapterRoutes(adapters)) await app.register(routes);
  const starterAssets = starterAssetsWork(
    createStarterAssets({ db: db.db, storage, config, log: (line) => app.log.info(line) }),
    jobs,
  );
  await jobs.register([
    ...modules.flatMap((module) => module.jobs),
    ...adapterJobs(adapters),
    starterAssets.job,
  ]);

  // A process killed outright (SIGKILL, the OOM killer) left its work folders, with copies of
  // sellers' videos, on this machine's disk (decision 071).
  const swept = await sweepDeadWorkDirs();
  if (swept.length)
    app.log.info({ folders: swept.length }, 'removed work folders of dead processes');
  if (runWorkers) for (const module of modules) await module.afterStart?.();
  if (webDir) {
    await registerWebApp(app, webDir);
    registerSampleVideoRoutes(app, config.sampleVideos.dir);
  }
  // Last: every module's handlers are registered now.
  await jobs.startWorkers();
  app.addHook('onClose', async () => {
    await jobs.stop();
    if (!options.database) await db.close();
  });

  return {
    app: app as FastifyInstance,
    config,
    db,
    storage,
    jobs,
    auth: auth.api,
    billing: billing.api.billing,
    usage: usage.api,
    /** Renders for other modules (campaigns, examples): `submit` and `get`. */
    renders: render.api,
    planLimits: billing.api.planLimits,
    /** Sends the sample videos and starter library job when any is missing; says what is. */
    prepareStarterAssets: starterAssets.prepare,
    /** Connected TikTok accounts and their tokens (publishing uses `withAccessToken`). */
    tiktokAccounts: tiktok.api,
    ...startupLines(config, db, jobs, adapters),
  };
};
