import type { FastifyInstance } from 'fastify';
import type { BuildOptions } from './app-wiring';
import { openShared } from './app-wiring';
import type { Config } from './config';
import { createStarterAssetsModule } from './library/starter-assets-module';
import { createAiActionsModule, createAiModule } from './modules/ai';
import { createAnalyticsModule } from './modules/analytics';
import { createAuthModule } from './modules/auth';
import { createBillingModule } from './modules/billing';
import { createCampaignsModule } from './modules/campaigns';
import { createCarouselImagesModule } from './modules/carousel-images';
import { createCharactersModule } from './modules/characters';
import { createDraftsModule } from './modules/drafts';
import { createEntitlementsModule } from './modules/entitlements';
import { createEventsModule } from './modules/events';
import { createProductsModule } from './modules/products';
import { createPublicConfigModule } from './modules/public-config';
import { createPublishingModule } from './modules/publishing';
import { createRenderModule } from './modules/render';
import { createTemplatesModule } from './modules/templates';
import { createTempImagesModule } from './modules/temp-images';
import { createTikTokModule } from './modules/tiktok';
import { createUsageModule } from './modules/usage';
import { createVoiceModule } from './modules/voice';
import { createUsersModule } from './modules/users';
import { createVideosModule } from './modules/videos';
import { createServer } from './plugins/core-plugins';
import type { ServerModule } from './plugins/server-module';
import { startModules } from './plugins/start-modules';

export type { BuildOptions } from './app-wiring';
export type AppContext = Awaited<ReturnType<typeof buildApp>>;

/**
 * Builds the whole server from a parsed config: the shared pieces (`app-wiring.ts`), then the
 * modules, each after those it is handed (decision 150), then `startModules` mounts them and
 * starts their jobs. `main` and every route test go through here. A feature is one line below.
 */
export const buildApp = async (config: Config, options: BuildOptions = {}) => {
  const app = createServer(config, options.logger);
  const shared = await openShared(app, config, options);
  const { core, adapters, answers, readMedia } = shared;
  const modules: ServerModule<unknown>[] = [];
  const use = <M extends ServerModule<unknown>>(module: M) => (modules.push(module), module);

  use(createPublicConfigModule(core, { answers: answers.publicConfig }));
  use(createAuthModule(core, answers.auth));
  const tiktok = use(createTikTokModule(core, answers.tiktok));
  use(createUsersModule(core, { tiktok }));
  const billing = use(createBillingModule(core, answers.billing));
  const usage = use(createUsageModule(core, { billing }));
  const entitlements = use(createEntitlementsModule(core, { usage, billing }));
  const ai = use(createAiModule(core, { writer: adapters.ai.instance }));
  const characters = use(createCharactersModule(core, { ai, ...answers.characters }));
  const speech = adapters.voice.instance;
  const voice = speech ? use(createVoiceModule(core, { ai, speech })) : null;
  const products = use(createProductsModule(core, { ai }));
  const images = use(createCarouselImagesModule(core));
  const drafts = use(createDraftsModule(core));
  const tempImages = use(createTempImagesModule(core));
  const aiActions = use(createAiActionsModule(core, { ai, products, images }));
  use(createTemplatesModule(core, { products, ai, drafts, images, ...answers.templates }));
  const render = use(createRenderModule(core, { ...answers.render, usage }));
  const seams = shared.tiktokSeams(tiktok.api);
  const sending = { usage, tempImages, entitlements, render, postLinks: answers.postLinks };
  const publishing = use(createPublishingModule(core, { ...seams, ...options, ...sending }));
  const { accounts } = seams;
  const sources = { ai, characters, voice, billing, products, images, tempImages, readMedia };
  use(createCampaignsModule(core, { ...sources, entitlements, accounts, publishing, render }));
  use(createVideosModule(core));
  use(createEventsModule(core));
  const forAnalytics = { tiktok, products, render, drafts, aiActions };
  use(createAnalyticsModule(core, { ...forAnalytics, tiktokApi: seams.tiktok }));
  const starterAssets = use(createStarterAssetsModule(core));

  await startModules(app, { ...shared, modules });
  return {
    app: app as FastifyInstance,
    ...shared.exposed,
    usage: usage.api,
    planLimits: billing.api.planLimits,
    /** Sends the sample videos and starter library job when any is missing; says what is. */
    prepareStarterAssets: starterAssets.api,
    /** Connected TikTok accounts and their tokens (publishing uses `withAccessToken`). */
    tiktokAccounts: tiktok.api,
  };
};
