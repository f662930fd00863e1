// The publishing module's public surface: the module app.ts mounts (service, routes, jobs), the
// media reader other modules fetch with, and the read services analytics and campaigns use.
export { createMediaReader } from './media-proxy';
export type { MediaReader } from './media-proxy';
export { isMediaProxyPath, registerMediaProxyRoutes } from './media-proxy-routes';
export { MEDIA_PROXY_LIMITS } from './media-proxy-budget';
export type { MediaProxyLimits } from './media-proxy-budget';
export { registerPublishingRoutes } from './publishing-routes';
export { pulledMediaUrl, registerPulledMediaRoutes } from './pulled-media';
export { createPublishingService } from './publishing-service';
export type {
  PublishingAccounts,
  PublishingEnqueue,
  PublishingService,
} from './publishing-service';
export {
  tiktokWebhookRoutes,
  verifyTikTokSignature,
  WEBHOOK_MAX_AGE_SECONDS,
} from './webhook-routes';
export { createWebhookEvents } from './webhook-events';
export { createSentPosts } from './sent-posts';
export type { SentPost, SentPosts } from './sent-posts';
export { publishingEnqueue, publishingJobs, resumeUploadsAfterStart } from './publishing-jobs';
export { createPublishingModule } from './publishing-module';
