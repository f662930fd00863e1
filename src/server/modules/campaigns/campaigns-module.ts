import type { ModuleCore } from '../../plugins/server-module';
import type { Uses } from '../../plugins/server-module';
import { defineModule } from '../../plugins/server-module';
import type { AiModuleApi } from '../ai';
import type { PlanLimits } from '../billing';
import type { CarouselImagesService } from '../carousel-images';
import type { CharactersService } from '../characters';
import { listPremadeCharacters, premadeFaceBox } from '../characters';
import type { EntitlementsService } from '../entitlements';
import type { PublishingAccounts, PublishingService } from '../publishing';
import { createSentPosts } from '../publishing';
import type { RenderService } from '../render';
import type { TempImagesService } from '../temp-images';
import { listProductVideos, signProductVideo, signProductVideoOriginal } from '../videos';
import type { VoiceService } from '../voice';
import {
  campaignJobs,
  campaignScheduler,
  resumeSendsAfterStart,
  sendCampaignItem,
} from './campaign-jobs';
import { createSlideImageReader } from './campaign-media';
import { createCarouselRenderer } from './campaign-render';
import { createCampaignSender, descriptionOf, titleOf } from './campaign-sender';
import { createVideoSender } from './campaign-video';
import { registerCampaignsRoutes } from './campaigns-routes';
import type { CampaignProducts } from './campaigns-service';
import { createCampaignsService } from './campaigns-service';

/** Campaigns (issue 12): a plan of posts over dates, each item sent at its time by a job. */
export const createCampaignsModule = <P extends { id: string; name: string; description: string }>(
  { config, db, storage, jobs, authenticate, log }: ModuleCore,
  deps: {
    ai: Uses<AiModuleApi>;
    /** Where a saved character's face is (decision 139), for a scheduled Hook + Demo. */
    characters: Uses<Pick<CharactersService, 'faceBoxOf'>>;
    /** The hook read aloud (decision 140); null when no voice is configured. */
    voice: Uses<Pick<VoiceService, 'readHook'>> | null;
    billing: Uses<{ planLimits: PlanLimits }>;
    products: Uses<{ briefs: CampaignProducts<P> }>;
    images: Uses<CarouselImagesService>;
    entitlements: Uses<EntitlementsService>;
    accounts: Pick<PublishingAccounts, 'withAccessToken'>;
    publishing: Uses<Pick<PublishingService, 'initPhoto' | 'initVideo'>>;
    render: Uses<RenderService>;
    tempImages: Uses<TempImagesService>;
    /** Own media from storage, anything else through the SSRF guard. */
    readMedia: Parameters<typeof createSlideImageReader>[0]['readMedia'];
  },
) => {
  const images = deps.images.api;
  const publishing = deps.publishing.api;
  const voice = deps.voice?.api;
  const campaigns = createCampaignsService({
    db,
    planLimits: deps.billing.api.planLimits,
    products: deps.products.api.briefs,
    ai: deps.ai.api.ai,
    fairUse: deps.ai.api.fairUse,
    listCollections: images.listCollectionRefs,
    collectionImages: async (key) => (await images.collectionImages(key)).images,
    videoAssets: {
      premadeCharacters: listPremadeCharacters,
      latestProductVideo: async (userId) => (await listProductVideos(db, userId))[0]?.path ?? null,
    },
    scheduler: campaignScheduler(jobs),
    postOutcomes: createSentPosts(db).outcomes,
  });
  const sender = createCampaignSender({
    db,
    entitlements: (userId) => deps.entitlements.api.getEntitlements(userId),
    checkAccount: (userId) => deps.accounts.withAccessToken(userId, undefined),
    renderCarousel: createCarouselRenderer({
      readImage: createSlideImageReader({
        storage,
        readLibraryImage: images.readImageByUrl,
        readMedia: deps.readMedia,
        appUrl: config.appUrl,
      }),
      tempImages: deps.tempImages.api,
    }),
    initPhoto: (userId, input) => publishing.initPhoto(userId, input),
    sendVideo: createVideoSender({
      db,
      render: deps.render.api,
      signProductVideo: (userId, path) => signProductVideo(storage, userId, path),
      faceBoxOf: async (userId, characterId) =>
        characterId
          ? (premadeFaceBox(characterId) ??
            (await deps.characters.api.faceBoxOf(userId, characterId)))
          : null,
      readHookVoice: voice ? (userId, input) => voice.readHook(userId, input) : null,
      signProductVideoOriginal: (userId, path) =>
        signProductVideoOriginal(db, storage, userId, path),
      appUrl: config.appUrl,
      initVideo: (userId, input) => publishing.initVideo(userId, input),
      title: titleOf,
      description: descriptionOf,
    }),
    requeue: async (itemId, version, seconds) => {
      await sendCampaignItem(jobs, itemId, version, seconds);
    },
    log: (level, message, extra = {}) => log[level](extra, `campaigns: ${message}`),
    sendLeaseMs: config.leases.sendMs,
  });
  return defineModule({
    name: 'campaigns',
    dependencies: [
      'ai',
      'characters',
      'billing',
      'products',
      'carousel-images',
      'entitlements',
      'publishing',
      ...(deps.voice ? ['voice'] : []),
    ],
    routes: (app) => registerCampaignsRoutes(app, { campaigns, authenticate }),
    jobs: campaignJobs(sender, jobs, config.leases.sendMs),
    // A send a crash left claimed is free once its claim counts as stranded; pick it up then.
    afterStart: () => resumeSendsAfterStart(jobs, config.leases.sendMs),
    api: campaigns,
  });
};
