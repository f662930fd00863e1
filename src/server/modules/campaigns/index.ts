// The campaigns module's public surface (issue 12): the service and routes app.ts mounts, the
// sender the campaign jobs run, and the pieces app.ts wires them with.
export {
  createCampaignSender,
  descriptionOf,
  LATE_WINDOW_MS,
  PREPARE_AHEAD_MS,
  sendKey,
  titleOf,
} from './campaign-sender';
export { createVideoSender } from './campaign-video';
export type { CampaignRender } from './campaign-video';
export type { CampaignSender, CampaignSenderDeps } from './campaign-sender';
export { createCarouselRenderer } from './campaign-render';
export { createSlideImageReader } from './campaign-media';
export { registerCampaignsRoutes } from './campaigns-routes';
export { createCampaignsService } from './campaigns-service';
export { writePlan } from './campaign-plan';
export type { CampaignScheduler, CampaignsService, CampaignVideoAssets } from './campaigns-service';
export {
  CAMPAIGN_PREPARE_JOB,
  CAMPAIGN_SEND_JOB,
  campaignJobs,
  campaignScheduler,
  sendCampaignItem,
} from './campaign-jobs';
export { createCampaignsModule } from './campaigns-module';
