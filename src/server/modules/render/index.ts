// The render module's public surface: the service other modules render through, its
// routes, and the queue panel's view of renders.
export { registerRenderRoutes } from './render-routes';
export type { RenderDeps, RenderService, RenderView } from './render-service';
export {
  createRenderService,
  RENDER_TIME_LIMIT_MS,
  SHOTSTACK_POLL_SECONDS,
} from './render-service';
export { renderQueueItems, hideRenderFromQueue } from './render-queue';
export { readOwnRenderOutput, renderIdOfPath } from './render-output';
export { renderOutputKey, renderOutputUrl } from './render-urls';
export { renderEnqueue, renderJobs, resumeRendersAfterStart } from './render-jobs';
export { createRenderModule } from './render-module';
export type { RenderModuleApi } from './render-module';
