import fs from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { PATH_PARAM_MAX_LENGTH } from '#contract/params';
import { createAiWriter } from './adapters/ai/create-ai-writer';
import { createBilling } from './adapters/billing/create-billing';
import { localCheckoutRoutes } from './adapters/billing/local-checkout-routes';
import type { MailMessage } from './adapters/mail/mailer';
import { createMailer } from './adapters/mail/create-mailer';
import { devMailRoutes } from './adapters/mail/dev-mail-routes';
import { createStorage } from './adapters/storage/create-storage';
import { diskFilesRoutes } from './adapters/storage/disk-files-routes';
import type { Storage } from './adapters/storage/storage';
import type { Config } from './config';
import type { DbHandle } from './db/client';
import { openDatabase } from './db/client';
import type { JobQueue } from './jobs/queue';
import { createAnalyzeProductJob } from './jobs/analyze-product';
import { startJobQueue } from './jobs/queue';
import { createSendEmailJob } from './jobs/send-email';
import { createAiActions } from './modules/ai/ai-actions';
import { registerAiRoutes } from './modules/ai/ai-routes';
import { createAiService } from './modules/ai/ai-service';
import { createFairUse } from './modules/ai/fair-use';
import type { Auth } from './modules/auth/auth';
import { createAuth } from './modules/auth/auth';
import { registerAuthRoutes } from './modules/auth/auth-routes';
import { createRequireUser } from './modules/auth/require-user';
import { registerBillingRoutes, stripeWebhookRoutes } from './modules/billing/billing-routes';
import type { BillingService } from './modules/billing/billing-service';
import { createBillingService } from './modules/billing/billing-service';
import type { PlanLimits } from './modules/billing/plan-limits';
import { createPlanLimits } from './modules/billing/plan-limits';
import { createSubscriptionStore } from './modules/billing/subscription-store';
import { registerCarouselImagesRoutes } from './modules/carousel-images/carousel-images-routes';
import { createCarouselImagesService } from './modules/carousel-images/carousel-images-service';
import { registerDraftsRoutes } from './modules/drafts/drafts-routes';
import { createDraftsService } from './modules/drafts/drafts-service';
import { registerEntitlementsRoutes } from './modules/entitlements/entitlements-routes';
import { createEntitlementsService } from './modules/entitlements/entitlements-service';
import { registerEventsRoutes } from './modules/events/events-routes';
import { createProductBriefs } from './modules/products/product-briefs';
import { registerProductsRoutes } from './modules/products/products-routes';
import { createProductsService } from './modules/products/products-service';
import { registerPublicConfigRoutes } from './modules/public-config/public-config-routes';
import { registerTempImagesRoutes } from './modules/temp-images/temp-images-routes';
import { createTempImagesService } from './modules/temp-images/temp-images-service';
import { registerTikTokDebugRoutes } from './modules/tiktok/tiktok-debug-routes';
import type { UsageService } from './modules/usage/usage-service';
import { createUsageService } from './modules/usage/usage-service';
import { registerUsersRoutes } from './modules/users/users-routes';
import { createUsersService } from './modules/users/users-service';
import { registerDocs } from './plugins/docs';
import { registerErrorHandler } from './plugins/error-handler';
import { loggerOptions } from './plugins/logger-options';
import { contentSecurityPolicy } from './plugins/security-headers';
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
  /** Product and campaign limits of the user's plan (402 product_limit / campaign_limit). */
  planLimits: PlanLimits;
  /** One line per adapter picked, for the start-up log. */
  adapterLines: string[];
};

type BuildOptions = {
  /** Fastify logger setting; tests pass false. */
  logger?: boolean | object;
  /** Run job workers in this process (embedded mode and tests do). */
  runWorkers?: boolean;
};

/** Builds the whole server from a parsed config. `main` and every route test go through here. */
export const buildApp = async (config: Config, options: BuildOptions = {}): Promise<AppContext> => {
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config.logLevel),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    requestTimeout: 120_000,
    routerOptions: { maxParamLength: PATH_PARAM_MAX_LENGTH },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerStorableInput(app);
  registerStrictQuery(app);

  const db = await openDatabase(config.database);
  const storage = createStorage(config.storage, { secret: config.secret, appUrl: config.appUrl });
  const mailer = createMailer(config.mail, {
    from: config.mailFrom,
    log: (line) => app.log.info(line),
  });
  const sendEmailJob = createSendEmailJob(mailer);
  const ai = createAiService(createAiWriter(config.ai));
  const briefs = createProductBriefs({ db: db.db, ai });
  const analyzeProductJob = createAnalyzeProductJob(briefs.analyzeInBackground);
  const jobs = await startJobQueue({
    executor: db.executor,
    jobs: [sendEmailJob as never, analyzeProductJob as never],
    runWorkers: options.runWorkers ?? true,
    onError: (error) => app.log.error({ err: error }, 'job queue error'),
  });
  const sendMail = (message: MailMessage) => jobs.send(sendEmailJob, message);
  const auth = createAuth({
    db: db.db,
    secret: config.secret,
    appUrl: config.appUrl,
    sendMail,
    log: (level, message) => app.log[level](`auth: ${message}`),
  });
  const requireUser = createRequireUser(db.db);

  await app.register(helmet, {
    contentSecurityPolicy: { directives: contentSecurityPolicy(config) },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(rateLimit, { global: false });
  await app.register(multipart, {
    limits: { fileSize: config.uploadMaxBytes, files: 10, fields: 20 },
  });
  await registerDocs(app, config);
  const webDir =
    config.webDir && fs.existsSync(path.join(config.webDir, 'index.html')) ? config.webDir : null;
  registerErrorHandler(app, { webDir });

  app.get('/api/health', { schema: { hide: true } }, async () => ({ ok: true }));
  registerPublicConfigRoutes(app, config);
  registerTikTokDebugRoutes(app, config);
  await registerAuthRoutes(app, {
    auth,
    appUrl: config.appUrl,
    rateLimitMax: config.authRateLimitMax,
  });
  const users = createUsersService({ db: db.db, storage });
  registerUsersRoutes(app, { users, requireUser, uploadMaxBytes: config.uploadMaxBytes });
  const subscriptions = createSubscriptionStore(db.db);
  const billingAdapter = createBilling(config.billing, {
    db: db.db,
    store: subscriptions,
    appUrl: config.appUrl,
    logError: (error, message) => app.log.error({ err: error }, message),
  });
  const billing = createBillingService({
    db: db.db,
    store: subscriptions,
    billing: billingAdapter,
    log: (level, message) => app.log[level](message),
  });
  const usage = createUsageService(db.db, { settle: billing.settleUser });
  const planLimits = createPlanLimits(db.db);
  registerEntitlementsRoutes(app, {
    entitlements: createEntitlementsService(db.db, { settleIfDue: billing.settleIfDue }),
    requireUser,
  });
  const fairUse = createFairUse(db.db, { allowance: config.aiDailyAllowance });
  registerProductsRoutes(app, {
    products: createProductsService({
      db: db.db,
      storage,
      briefs,
      fairUse,
      enqueueAnalysis: (payload) => jobs.send(analyzeProductJob, payload),
      log: (error, message) => app.log.error({ err: error }, message),
    }),
    requireUser,
    uploadMaxBytes: config.uploadMaxBytes,
  });
  const carouselImages = createCarouselImagesService({
    db: db.db,
    storage,
    secret: config.secret,
  });
  registerCarouselImagesRoutes(app, { images: carouselImages, requireUser });
  registerDraftsRoutes(app, { drafts: createDraftsService(db.db), requireUser });
  registerTempImagesRoutes(app, {
    tempImages: createTempImagesService({ db: db.db, storage }),
    requireUser,
    uploadMaxBytes: config.uploadMaxBytes,
  });
  registerEventsRoutes(app, { db: db.db, requireUser });
  registerAiRoutes(app, {
    actions: createAiActions({
      db: db.db,
      ai,
      briefs,
      fairUse,
      listCollections: carouselImages.listCollectionRefs,
    }),
    requireUser,
  });
  registerBillingRoutes(app, { billing, requireUser });
  if (billingAdapter.kind === 'stripe') await app.register(stripeWebhookRoutes, { billing });
  else await app.register(localCheckoutRoutes, { db: db.db, billing: billingAdapter });

  if (config.storage.driver === 'disk')
    await app.register(diskFilesRoutes, { storage, secret: config.secret });
  if (config.mail.kind === 'outbox') await app.register(devMailRoutes, { dir: config.mail.dir });

  if (webDir) await registerWebApp(app, webDir);

  app.addHook('onClose', async () => {
    await jobs.stop();
    await db.close();
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
    planLimits,
    adapterLines: [
      db.describe,
      jobs.describe,
      storage.describe,
      mailer.describe,
      billingAdapter.describe,
      ai.describe,
      pixelLine(config),
    ],
  };
};

const pixelLine = (config: Config) =>
  config.pixel
    ? `pixel: ${config.pixel.provider} pixel ${config.pixel.id} (lead event on sign-up)`
    : 'pixel: off';
