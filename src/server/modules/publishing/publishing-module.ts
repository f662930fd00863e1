import type { TikTokApi } from '../../adapters/tiktok/tiktok-api';
import type { LocalHostAllowance } from '../../net/safe-fetch';
import { ownBucketUrlPrefix } from '../../config-adapters';
import type { ModuleCore } from '../../plugins/server-module';
import type { Uses } from '../../plugins/server-module';
import { defineModule } from '../../plugins/server-module';
import type { EntitlementsService } from '../entitlements';
import type { TempImagesService } from '../temp-images';
import type { UsageService } from '../usage';
import { createMediaReader } from './media-proxy';
import type { MediaProxyLimits } from './media-proxy-budget';
import { MEDIA_PROXY_LIMITS } from './media-proxy-budget';
import { isMediaProxyPath, registerMediaProxyRoutes } from './media-proxy-routes';
import { publishingEnqueue, publishingJobs, resumeUploadsAfterStart } from './publishing-jobs';
import { registerPublishingRoutes } from './publishing-routes';
import type { PostingRulesDeps } from './posting-rules';
import type { PublishingAccounts, PublishingDeps } from './publishing-service';
import { createPublishingService } from './publishing-service';
import { registerPulledMediaRoutes } from './pulled-media';
import { createWebhookEvents } from './webhook-events';
import { tiktokWebhookRoutes, WEBHOOK_MAX_AGE_SECONDS } from './webhook-routes';

export type PublishingModuleDeps = {
  /** The TikTok client and accounts (tests hand in scripted ones), and the webhook secret. */
  tiktok: TikTokApi;
  accounts: PublishingAccounts;
  webhookSecret: string;
  usage: Uses<UsageService>;
  tempImages: Uses<TempImagesService>;
  entitlements: Uses<Pick<EntitlementsService, 'getEntitlements'>>;
  render: Uses<
    PostingRulesDeps['renders'] & {
      /** The queue panel's renders, listed and removed beside the posts. */
      queueItems: NonNullable<Parameters<typeof registerPublishingRoutes>[1]['moreQueueItems']>;
    }
  >;
  /** Where "View Post" leads (the sandbox's inbox page when the sandbox stands in for TikTok). */
  postLinks: PublishingDeps['links'];
  /** Tests only: local fakes of outside hosts the media proxies treat as public (decision 065). */
  outboundAllowLocal?: LocalHostAllowance;
  /** The media proxies' deadline, size cap and budgets (tests shorten them; decision 066). */
  mediaProxy?: Partial<MediaProxyLimits>;
};

/** Posts to TikTok (decisions 024–027), the queue panel, the media proxies and TikTok's webhook. */
export const createPublishingModule = (
  { config, db, storage, jobs, authenticate, log: appLog }: ModuleCore,
  deps: PublishingModuleDeps,
) => {
  const log = (level: 'info' | 'warn' | 'error', message: string, extra: object = {}) =>
    appLog[level](extra, `publishing: ${message}`);
  const enqueue = publishingEnqueue(jobs);
  const publishing = createPublishingService({
    db,
    storage,
    tiktok: deps.tiktok,
    accounts: deps.accounts,
    usage: deps.usage.api,
    tempImages: deps.tempImages.api,
    enqueue,
    rules: {
      entitlements: (userId) => deps.entitlements.api.getEntitlements(userId),
      renders: deps.render.api,
      appUrl: config.appUrl,
    },
    pulledMedia: { origin: config.mediaPublicOrigin, secret: config.secret },
    ffmpeg: config.ffmpeg,
    uploadLeaseMs: config.leases.uploadMs,
    log,
    links: deps.postLinks,
  });
  const proxyLimits = { ...MEDIA_PROXY_LIMITS, ...deps.mediaProxy };
  return defineModule({
    name: 'publishing',
    // The media proxies wait on outside hosts, not the database: they have their own budget.
    admissionExempt: isMediaProxyPath,
    dependencies: ['tiktok', 'usage', 'temp-images', 'entitlements', 'render'],
    routes: async (app) => {
      registerPulledMediaRoutes(app, { storage, secret: config.secret });
      await registerPublishingRoutes(app, {
        service: publishing,
        authenticate,
        db,
        moreQueueItems: deps.render.api.queueItems,
      });
      registerMediaProxyRoutes(app, {
        read: createMediaReader(
          app.ownMedia,
          config.appUrl,
          deps.outboundAllowLocal,
          proxyLimits,
          ownBucketUrlPrefix(config.storage),
        ),
        limits: proxyLimits,
      });
      await app.register(tiktokWebhookRoutes, {
        secret: () => deps.webhookSecret,
        service: publishing,
        accounts: deps.accounts,
        log: (level, message, extra) => appLog[level](extra ?? {}, `tiktok webhook: ${message}`),
        events: createWebhookEvents(db, WEBHOOK_MAX_AGE_SECONDS * 1000),
      });
    },
    jobs: publishingJobs({ db, service: publishing, enqueue, log }),
    // A video upload cut off mid-way is resumed once its sender's lease is over.
    afterStart: () => resumeUploadsAfterStart(jobs, Math.ceil(config.leases.uploadMs / 1000) + 5),
    api: publishing,
  });
};
