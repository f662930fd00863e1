import fs from 'node:fs';
import path from 'node:path';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import {
  adapterJobs,
  adapterOwnHostPaths,
  adapterRoutes,
  createAdapters,
} from './adapters/create-adapters';
import { createDevAccess } from './adapters/dev-access';
import { AI_HOOK_MAX_CHARS } from '#contract/ai';
import { PATH_PARAM_MAX_LENGTH } from '#contract/params';
import type { MailMessage } from './adapters/mail/mailer';
import type { Storage } from './adapters/storage/storage';
import type { TikTokApi } from './adapters/tiktok/tiktok-api';
import type { Config } from './config';
import type { DbHandle } from './db/client';
import { openDatabase } from './db/client';
import { createReadCache } from './db/read-cache';
import type { JobQueue } from './jobs/queue';
import { startJobQueue } from './jobs/queue';
import { createSendEmailJob } from './jobs/send-email';
import { createAiActions, createAiService, createFairUse, registerAiRoutes } from './modules/ai';
import {
  analyticsJobs,
  createAnalyticsService,
  registerAnalyticsRoutes,
  renderActivity,
} from './modules/analytics';
import type { AnalyticsSyncDeps } from './modules/analytics';
import type { Auth } from './modules/auth';
import {
  createAuth,
  createRequireUser,
  createSessionCache,
  databaseRateLimitStore,
  registerAuthRoutes,
} from './modules/auth';
import {
  createBillingLedger,
  createBillingService,
  createPlanLimits,
  createSubscriptionStore,
  registerBillingRoutes,
} from './modules/billing';
import type { BillingService, PlanLimits } from './modules/billing';
import {
  createCarouselImagesService,
  registerCarouselImagesRoutes,
} from './modules/carousel-images';
import {
  campaignJobs,
  campaignScheduler,
  createCampaignSender,
  createCampaignsService,
  createCarouselRenderer,
  createSlideImageReader,
  createVideoSender,
  descriptionOf,
  registerCampaignsRoutes,
  sendCampaignItem,
  titleOf,
} from './modules/campaigns';
import {
  characterMotionJobs,
  enqueueCharacterMotion,
  createCharactersService,
  listPremadeCharacters,
  premadeFaceBox,
  registerCharactersRoutes,
} from './modules/characters';
import { createDraftsService, registerDraftsRoutes } from './modules/drafts';
import { createEntitlementsService, registerEntitlementsRoutes } from './modules/entitlements';
import { registerEventsRoutes } from './modules/events';
import {
  analyzeProductJob,
  enqueueAnalysis,
  createProductBriefs,
  createProductsService,
  findDefaultProduct,
  registerProductsRoutes,
} from './modules/products';
import { registerPublicConfigRoutes } from './modules/public-config';
import type { MediaProxyLimits, PublishingAccounts } from './modules/publishing';
import {
  createMediaReader,
  isMediaProxyPath,
  MEDIA_PROXY_LIMITS,
  createPublishingService,
  findPostOutcomes,
  registerMediaProxyRoutes,
  publishingEnqueue,
  publishingJobs,
  registerPublishingRoutes,
  registerPulledMediaRoutes,
  resumeUploadsAfterStart,
  tiktokWebhookRoutes,
  createWebhookEvents,
  UPLOAD_LEASE_MS,
  WEBHOOK_MAX_AGE_SECONDS,
} from './modules/publishing';
import type { RenderService } from './modules/render';
import {
  createRenderService,
  hideRenderFromQueue,
  registerRenderRoutes,
  readOwnRenderOutput,
  renderEnqueue,
  renderIdOfPath,
  renderJobs,
  resumeRendersAfterStart,
  renderQueueItems,
  RENDER_LEASE_MS,
} from './modules/render';
import {
  createTemplatesService,
  createTemplateThumbnails,
  registerTemplatesRoutes,
  TEMPLATE_CATALOGUE,
} from './modules/templates';
import {
  createTempImagesService,
  registerTempImagesRoutes,
  tempImagesCleanupJob,
} from './modules/temp-images';
import {
  createTikTokModule,
  registerTikTokDebugRoutes,
  registerTikTokNotConfigured,
  reserveTikTokCall,
  TIKTOK_DEBUG_PATH,
} from './modules/tiktok';
import type { TikTokAccounts } from './modules/tiktok';
import type { UsageService } from './modules/usage';
import { createUsageService } from './modules/usage';
import { createUsersService, findUserEmail, registerUsersRoutes } from './modules/users';
import {
  createVideosService,
  listProductVideos,
  registerVideosRoutes,
  signProductVideo,
  signProductVideoOriginal,
  videoUploadsCleanupJob,
} from './modules/videos';
import type { LocalHostAllowance } from './net/safe-fetch';
import { registerAdmissionGate } from './plugins/admission-gate';
import { registerDocs } from './plugins/docs';
import { frameworkErrors, registerErrorHandler } from './plugins/error-handler';
import { loggerOptions } from './plugins/logger-options';
import { RequestLogController } from './plugins/request-log-controller';
import { registerSampleVideoRoutes } from './plugins/sample-video-routes';
import { createStarterAssets } from './library/starter-assets';
import { sweepDeadWorkDirs } from './media/work-dirs';
import {
  prepareStarterAssetsJob,
  STARTER_ASSETS_JOB,
  STARTER_ASSETS_KEY,
} from './jobs/prepare-starter-assets';
import { registerOwnHostOnly } from './plugins/own-host-only';
import { registerSecurityHeaders, securityHeaders } from './plugins/security-headers';
import { registerStorableInput } from './plugins/storable-input';
import { registerStrictQuery } from './plugins/strict-query';
import { registerWebApp } from './plugins/web-app';

export type AppContext = {
  app: FastifyInstance;
  config: Config;
  db: DbHandle;
  storage: Storage;
  jobs: JobQueue;
  auth: Auth;
  billing: BillingService;
  /** The usage ledger other features count generations with (`recordUsage`). */
  usage: UsageService;
  /** Renders for other modules (campaigns, examples): `submit` and `get` (seam S1). */
  renders: RenderService;
  /** Product and campaign limits of the user's plan (402 product_limit / campaign_limit). */
  planLimits: PlanLimits;
  /** Sends the sample videos and starter library job when any is missing; says what is. */
  prepareStarterAssets: (when?: 'job' | 'now') => Promise<string[]>;
  /** Connected TikTok accounts and their tokens (publishing uses `withAccessToken`). */
  tiktokAccounts: TikTokAccounts;
  /** One line per adapter picked, for the start-up log. */
  adapterLines: string[];
  /** Those of `adapterLines` the operator must not miss (logged as warnings). */
  adapterWarnings: string[];
};

type BuildOptions = {
  /** Fastify logger setting; tests pass false. */
  logger?: boolean | object;
  /** Run job workers in this process (embedded mode and tests do). */
  runWorkers?: boolean;
  /** An open database to share instead of opening one (a second app in tests); not closed. */
  database?: DbHandle;
  /** Tests may hand in scripted TikTok seams (a failing init, a chosen status). */
  tiktokSeams?: { tiktok: TikTokApi; accounts: PublishingAccounts; webhookSecret: string };
  /**
   * Tests only: local fakes of outside services (Shotstack's output files, a slow media host)
   * that outbound media fetches treat as public. Production passes none, so every
   * special-purpose address stays refused (decision 065).
   */
  outboundAllowLocal?: LocalHostAllowance;
  /** The media proxies' deadline, size cap and budgets (tests shorten them; decision 066). */
  mediaProxy?: Partial<MediaProxyLimits>;
};

/** Builds the whole server from a parsed config. `main` and every route test go through here. */
export const buildApp = async (config: Config, options: BuildOptions = {}): Promise<AppContext> => {
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config.logLevel),
    logController: new RequestLogController(config.database.kind === 'pglite' ? 'debug' : 'info'),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    requestTimeout: 120_000,
    routerOptions: { maxParamLength: PATH_PARAM_MAX_LENGTH },
    frameworkErrors: frameworkErrors(securityHeaders(config)),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerStorableInput(app);
  registerStrictQuery(app);

  const db = options.database ?? (await openDatabase(config.database));
  const sessionCache = createSessionCache({ ttlMs: config.limits.sessionCacheMs });
  const requireUser = createRequireUser({ db: db.db, secret: config.secret, cache: sessionCache });
  const subscriptions = createSubscriptionStore(db.db);
  // Started first, with no jobs: services send through it, and each module registers the jobs
  // it owns once its service exists (decision 150).
  const jobs = await startJobQueue({
    executor: db.executor,
    runWorkers: options.runWorkers ?? true,
    log: app.log,
  });
  let renders: RenderService | null = null;
  const signedInEmail = async (request: FastifyRequest): Promise<string | null> => {
    try {
      await requireUser(request);
    } catch {
      return null;
    }
    return findUserEmail(db.db, request.userId);
  };
  const adapters = createAdapters(config, {
    db: db.db,
    ...(options.outboundAllowLocal ? { outboundAllowLocal: options.outboundAllowLocal } : {}),
    billingLedger: createBillingLedger({
      db: db.db,
      store: subscriptions,
      log: (level, message) => app.log[level](message),
    }),
    devAccess: createDevAccess({
      production: config.env === 'production',
      operatorEmails: config.operatorEmails,
      signedInEmail,
    }),
    signedInUserId: async (request) => {
      try {
        await requireUser(request);
      } catch {
        return null;
      }
      return request.userId;
    },
    log: (line) => app.log.info(line),
    logError: (error, message) => app.log.error({ err: error }, message),
    queue: () => jobs,
    renderCallback: () => renders!.onCallback,
  });
  const storage = adapters.storage.instance;
  const sendEmailJob = createSendEmailJob(adapters.mail.instance);
  const ai = createAiService(adapters.ai.instance);
  const briefs = createProductBriefs({ db: db.db, ai, storage });
  const starterAssets = createStarterAssets({
    db: db.db,
    storage,
    config,
    log: (line) => app.log.info(line),
  });
  await jobs.register([
    sendEmailJob,
    analyzeProductJob(briefs.analyzeInBackground),
    tempImagesCleanupJob({ db: db.db, storage }),
    videoUploadsCleanupJob({ db: db.db, storage }),
    prepareStarterAssetsJob((signal) => starterAssets.prepare({ signal })),
    ...adapterJobs(adapters),
  ]);
  const publishLog = (level: 'info' | 'warn' | 'error', message: string, extra: object = {}) =>
    app.log[level](extra, `publishing: ${message}`);
  const sendMail = async (message: MailMessage) => {
    await jobs.send(sendEmailJob, message);
  };
  const auth = createAuth({
    db: db.db,
    secret: config.secret,
    appUrl: config.appUrl,
    trustedOrigins: config.trustedOrigins,
    sendMail,
    log: (level, message) => app.log[level](`auth: ${message}`),
    onSessionDeleted: sessionCache.forget,
  });

  registerSecurityHeaders(app, config);
  registerOwnHostOnly(app, {
    appUrl: config.appUrl,
    prefixes: [...adapterOwnHostPaths(adapters), TIKTOK_DEBUG_PATH],
  });
  await app.register(rateLimit, { global: false, store: databaseRateLimitStore(db.db) });
  registerAdmissionGate(app, {
    maxInFlight: config.limits.apiMaxInFlight,
    maxQueued: config.limits.apiMaxQueued,
    maxWaitMs: config.limits.apiMaxWaitMs,
    // The media proxies wait on outside hosts, not the database: they have their own budget.
    applies: (request) =>
      request.url.startsWith('/api/') &&
      request.url !== '/api/health' &&
      !isMediaProxyPath(request.url),
  });
  await app.register(multipart, {
    limits: { fileSize: config.uploadMaxBytes, files: 10, fields: 20 },
  });
  await registerDocs(app, config);
  const webDir =
    config.webDir && fs.existsSync(path.join(config.webDir, 'index.html')) ? config.webDir : null;
  registerErrorHandler(app, { webDir });

  app.get('/api/health', { schema: { hide: true } }, async () => ({ ok: true }));
  registerPublicConfigRoutes(app, config);
  registerTikTokDebugRoutes(app, config, { signedInEmail });
  registerTikTokNotConfigured(app, { configured: config.tiktok.kind !== 'off' });
  await registerAuthRoutes(app, {
    auth,
    appUrl: config.appUrl,
    limits: {
      perAddress: config.authRateLimitMax,
      perAccount: config.limits.accountRateLimitMax,
      sessionChecks: config.limits.sessionRateLimitMax,
    },
  });
  const tiktok = createTikTokModule({
    db: db.db,
    api: adapters.tiktok.instance,
    secret: config.secret,
    log: app.log,
    secureCookies: config.appUrl.startsWith('https:'),
  });
  tiktok.registerRoutes(app, { requireUser });
  // The four reads every screen makes skip the database while nothing was written (decision 029).
  const reads = createReadCache({ changes: db.changes });
  const users = createUsersService({
    db: db.db,
    storage,
    tiktokConnection: tiktok.tiktokAccounts.connectionSummary,
  });
  registerUsersRoutes(app, {
    users: { ...users, getUser: reads.perUser('user', users.getUser) },
    requireUser,
    uploadMaxBytes: config.uploadMaxBytes,
  });
  const billing = createBillingService({
    db: db.db,
    store: subscriptions,
    billing: adapters.billing.instance,
  });
  const usage = createUsageService(db.db, { settle: billing.settleUser });
  const planLimits = createPlanLimits(db.db);
  const entitlements = createEntitlementsService(db.db, {
    usedInPeriod: usage.usedInPeriod,
    settleIfDue: billing.settleIfDue,
  });
  registerEntitlementsRoutes(app, {
    entitlements: {
      getEntitlements: reads.perUser('entitlements', (userId) =>
        entitlements.getEntitlements(userId),
      ),
    },
    requireUser,
  });
  const fairUse = createFairUse(db.db, { allowance: config.aiDailyAllowance });
  const motion = adapters.motion.instance;
  const characters = createCharactersService({
    db: db.db,
    storage,
    secret: config.secret,
    generator: adapters.images.instance,
    generatorName: config.imageGen.kind === 'openai' ? config.imageGen.model : 'local',
    fairUse,
    motion: motion && {
      generator: motion,
      ffmpeg: config.ffmpeg,
      enqueue: enqueueCharacterMotion(jobs),
    },
    ffmpeg: config.ffmpeg,
  });
  await jobs.register(characterMotionJobs(characters));
  registerCharactersRoutes(app, {
    characters,
    requireUser,
    premadeDir: config.starterCharacters.dir,
  });
  const products = createProductsService({
    db: db.db,
    storage,
    briefs,
    fairUse,
    enqueueAnalysis: enqueueAnalysis(jobs),
    log: (error, message) => app.log.error({ err: error }, message),
  });
  registerProductsRoutes(app, {
    products: { ...products, list: reads.perUser('products', products.list) },
    requireUser,
    uploadMaxBytes: config.uploadMaxBytes,
  });
  const carouselImages = createCarouselImagesService({
    db: db.db,
    storage,
    secret: config.secret,
  });
  registerCarouselImagesRoutes(app, { images: carouselImages, requireUser });
  const drafts = createDraftsService(db.db);
  registerDraftsRoutes(app, {
    drafts: { ...drafts, list: reads.perUser('drafts', drafts.list) },
    requireUser,
  });
  const tempImages = createTempImagesService({ db: db.db, storage });
  registerTempImagesRoutes(app, {
    tempImages,
    requireUser,
    uploadMaxBytes: config.uploadMaxBytes,
  });
  registerEventsRoutes(app, { db: db.db, requireUser });
  const aiActions = createAiActions({
    ai,
    products: briefs,
    fairUse,
    listCollections: carouselImages.listCollectionRefs,
  });
  registerAiRoutes(app, { actions: aiActions, requireUser });
  registerBillingRoutes(app, { billing, requireUser });
  // Templates (issue 13): fills from the AI layer, drafts, thumbnails from the own renderers.
  const templateImages = async (key: string) => {
    try {
      return (await carouselImages.collectionImages(key)).images;
    } catch {
      return []; // the starter library is still being prepared
    }
  };
  const premadeCharacters = listPremadeCharacters;
  registerTemplatesRoutes(app, {
    templates: createTemplatesService({
      db: db.db,
      products: {
        requireOwn: briefs.requireOwn,
        defaultOf: (userId) => findDefaultProduct(db.db, userId),
        briefOf: briefs.usableOrWrite,
      },
      ai,
      fairUse,
      drafts,
      collectionImages: templateImages,
      premadeCharacters,
    }),
    thumbnails: createTemplateThumbnails({
      storage,
      readOwnMedia: async (url) => {
        if (!url.startsWith('/media/')) return null;
        const res = await app.inject({ method: 'GET', url });
        return res.statusCode === 200 ? res.rawPayload : null;
      },
      collectionImages: templateImages,
      premadeCharacters,
      log: (error, message) => app.log.error({ err: error }, message),
    }),
    requireUser,
  });
  const seams = options.tiktokSeams ?? {
    tiktok: adapters.tiktok.instance,
    accounts: {
      withAccessToken: tiktok.tiktokAccounts.withAccessToken,
      reserveTikTokCall: (openId, kind) => reserveTikTokCall(db.db, openId, kind),
      markAuthorizationRemoved: tiktok.tiktokAccounts.markAuthorizationRemoved,
    } satisfies PublishingAccounts,
    // TikTok signs webhooks with the app's client secret; the sandbox with its own.
    webhookSecret: config.tiktok.clientSecret,
  };
  const readMedia = createMediaReader(app, config.appUrl, options.outboundAllowLocal);
  const publishingQueue = publishingEnqueue(jobs);
  const publishing = createPublishingService({
    db: db.db,
    storage,
    tiktok: seams.tiktok,
    accounts: seams.accounts,
    usage,
    tempImages,
    enqueue: publishingQueue,
    rules: {
      entitlements: (userId) => entitlements.getEntitlements(userId),
      renders: {
        idOfPath: renderIdOfPath,
        readOwn: (userId, id) => readOwnRenderOutput({ db: db.db, storage }, userId, id),
      },
      appUrl: config.appUrl,
    },
    pulledMedia: { origin: config.mediaPublicOrigin, secret: config.secret },
    ffmpeg: config.ffmpeg,
    log: publishLog,
    links:
      config.tiktok.kind === 'sandbox'
        ? { sandboxInboxUrl: `${config.appUrl}/tiktok-sandbox` }
        : {},
  });
  await jobs.register(
    publishingJobs({ db: db.db, service: publishing, enqueue: publishingQueue, log: publishLog }),
  );
  renders = createRenderService({
    db: db.db,
    storage,
    renderer: adapters.render.instance,
    readMedia,
    appUrl: config.appUrl,
    secret: config.secret,
    usage,
    enqueue: renderEnqueue(jobs),
    log: (level, message, extra = {}) => app.log[level](extra, `render: ${message}`),
  });
  await jobs.register(renderJobs(renders, config.renderConcurrency));
  registerRenderRoutes(app, {
    service: renders,
    requireUser,
    storage,
    db: db.db,
    secret: config.secret,
  });
  // A process killed outright (SIGKILL, the OOM killer) left its work folders, with copies of
  // sellers' videos, on this machine's disk (decision 071).
  const swept = await sweepDeadWorkDirs();
  if (swept.length)
    app.log.info({ folders: swept.length }, 'removed work folders of dead processes');
  if (options.runWorkers ?? true) {
    // A render a crash left running is free once its lease runs out; pick it up then.
    await resumeRendersAfterStart(jobs, Math.ceil(RENDER_LEASE_MS / 1000) + 5);
    // Likewise a video upload cut off mid-way: resumed once its sender's lease is over.
    await resumeUploadsAfterStart(jobs, Math.ceil(UPLOAD_LEASE_MS / 1000) + 5);
  }
  const listRenders = renderQueueItems(db.db, { appUrl: config.appUrl, secret: config.secret });
  registerPulledMediaRoutes(app, { storage, secret: config.secret });
  registerPublishingRoutes(app, {
    service: publishing,
    requireUser,
    db: db.db,
    moreQueueItems: {
      list: listRenders,
      hide: hideRenderFromQueue(db.db),
    },
  });
  const campaignsService = createCampaignsService({
    db: db.db,
    planLimits,
    products: briefs,
    ai,
    fairUse,
    listCollections: carouselImages.listCollectionRefs,
    collectionImages: async (key) => (await carouselImages.collectionImages(key)).images,
    videoAssets: {
      premadeCharacters: listPremadeCharacters,
      latestProductVideo: async (userId) =>
        (await listProductVideos(db.db, userId))[0]?.path ?? null,
    },
    scheduler: campaignScheduler(jobs),
    postOutcomes: (userId, ids) => findPostOutcomes(db.db, userId, ids),
  });
  registerCampaignsRoutes(app, { campaigns: campaignsService, requireUser });
  const sendingPublisher = publishing;
  const campaignSender = createCampaignSender({
    db: db.db,
    entitlements: (userId) => entitlements.getEntitlements(userId),
    checkAccount: (userId) => seams.accounts.withAccessToken(userId, undefined),
    renderCarousel: createCarouselRenderer({
      readImage: createSlideImageReader({
        storage,
        readLibraryImage: carouselImages.readImageByUrl,
        readMedia: readMedia,
        appUrl: config.appUrl,
      }),
      tempImages,
    }),
    initPhoto: (userId, input) => sendingPublisher.initPhoto(userId, input),
    sendVideo: createVideoSender({
      db: db.db,
      render: renders,
      signProductVideo: (userId, path) => signProductVideo(storage, userId, path),
      faceBoxOf: premadeFaceBox,
      signProductVideoOriginal: (userId, path) =>
        signProductVideoOriginal(db.db, storage, userId, path),
      appUrl: config.appUrl,
      initVideo: (userId, input) => sendingPublisher.initVideo(userId, input),
      title: titleOf,
      description: descriptionOf,
    }),
    requeue: async (itemId, version, seconds) => {
      await sendCampaignItem(jobs, itemId, version, seconds);
    },
    log: (level, message, extra = {}) => app.log[level](extra, `campaigns: ${message}`),
  });
  await jobs.register(campaignJobs(campaignSender, jobs));
  const proxyLimits = { ...MEDIA_PROXY_LIMITS, ...options.mediaProxy };
  registerMediaProxyRoutes(app, {
    read: createMediaReader(app, config.appUrl, options.outboundAllowLocal, proxyLimits),
    limits: proxyLimits,
  });
  await registerVideosRoutes(app, {
    videos: createVideosService({
      db: db.db,
      storage,
      ffmpegSettings: config.ffmpeg,
      appUrl: config.appUrl,
    }),
    requireUser,
  });
  const analyticsSync: AnalyticsSyncDeps = {
    db: db.db,
    tiktok: options.tiktokSeams?.tiktok ?? adapters.tiktok.instance,
    callWithToken: tiktok.tiktokAccounts.callWithToken,
    log: (level, message, extra = {}) => app.log[level](extra, message),
  };
  await jobs.register(analyticsJobs({ db: db.db, sync: analyticsSync, queue: jobs }));
  registerAnalyticsRoutes(app, {
    analytics: createAnalyticsService({
      db: db.db,
      names: {
        products: async (userId) =>
          new Map((await products.list(userId)).map((p) => [p.id, p.name])),
        character: async (id) => listPremadeCharacters().find((c) => c.id === id)?.name ?? null,
        template: async (id) => TEMPLATE_CATALOGUE.find((t) => t.id === id)?.name ?? null,
      },
      moreActivity: async (userId, since) => renderActivity(await listRenders(userId), since),
      drafts,
      freshHooks: async (userId, productId, exclude) =>
        (
          await aiActions.generateVideoHook(userId, {
            productId,
            constraints: { maxChars: AI_HOOK_MAX_CHARS, exclude },
          })
        ).hooks,
      sync: analyticsSync,
    }),
    requireUser,
  });
  await app.register(tiktokWebhookRoutes, {
    secret: () => seams.webhookSecret,
    service: publishing,
    accounts: seams.accounts,
    log: (level, message, extra) => app.log[level](extra ?? {}, `tiktok webhook: ${message}`),
    events: createWebhookEvents(db.db, WEBHOOK_MAX_AGE_SECONDS * 1000),
  });
  for (const routes of adapterRoutes(adapters)) await app.register(routes);

  if (webDir) {
    await registerWebApp(app, webDir);
    registerSampleVideoRoutes(app, config.sampleVideos.dir);
  }

  // Last: every service a job handler calls exists now.
  await jobs.startWorkers();
  app.addHook('onClose', async () => {
    await jobs.stop();
    if (!options.database) await db.close();
  });

  return {
    app,
    config,
    db,
    storage,
    jobs,
    auth,
    billing,
    usage,
    renders,
    planLimits,
    /**
     * Makes the sample videos and the starter library when any is missing: by a job (`job`, the
     * default: after listening) or at once (`now`: before listening, for a health check that must
     * mean everything is there). Resolves to what was missing ([] costs one query and a few stats).
     */
    prepareStarterAssets: async (when: 'job' | 'now' = 'job') => {
      const missing = await starterAssets.missing();
      if (missing.length === 0) return missing;
      // Even before listening, the pre-made characters (minutes of work) are left to the job.
      if (when === 'now') await starterAssets.prepare({ characters: false });
      if (when === 'job' || (await starterAssets.missing()).length > 0) {
        await jobs.send(STARTER_ASSETS_JOB, {}, { singletonKey: STARTER_ASSETS_KEY });
      }
      return missing;
    },
    tiktokAccounts: tiktok.tiktokAccounts,
    adapterLines: [
      db.describe,
      jobs.describe,
      ...Object.values(adapters).map((a: { line: string }) => a.line),
      pixelLine(config),
    ],
    adapterWarnings: Object.values(adapters).flatMap((a: { line: string; warn?: boolean }) =>
      a.warn ? [a.line] : [],
    ),
  };
};

const pixelLine = (config: Config) =>
  config.pixel
    ? `pixel: ${config.pixel.provider} pixel ${config.pixel.id} (lead event on sign-up)`
    : 'pixel: off';
