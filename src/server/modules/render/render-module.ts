import type { RenderAdapter } from '../../adapters/render/render-adapter';
import type { ModuleCore } from '../../plugins/server-module';
import type { Uses } from '../../plugins/server-module';
import { defineModule } from '../../plugins/server-module';
import type { UsageService } from '../usage';
import { readOwnRenderOutput, renderIdOfPath } from './render-output';
import { hideRenderFromQueue, renderQueueItems } from './render-queue';
import { renderEnqueue, renderJobs, resumeRendersAfterStart } from './render-jobs';
import { registerRenderRoutes } from './render-routes';
import type { RenderDeps } from './render-service';
import { createRenderService } from './render-service';

/** Video renders: the editor's API, the jobs that run them, the queue panel's view. */
export const createRenderModule = (
  { config, db, storage, jobs, authenticate, log }: ModuleCore,
  {
    renderer,
    readMedia,
    usage,
  }: { renderer: RenderAdapter; readMedia: RenderDeps['readMedia']; usage: Uses<UsageService> },
) => {
  const renders = createRenderService({
    db,
    storage,
    renderer,
    readMedia,
    appUrl: config.appUrl,
    secret: config.secret,
    usage: usage.api,
    enqueue: renderEnqueue(jobs),
    leaseMs: config.leases.renderMs,
    log: (level, message, extra = {}) => log[level](extra, `render: ${message}`),
  });
  return defineModule({
    name: 'render',
    dependencies: ['usage'],
    routes: async (app) => {
      await registerRenderRoutes(app, {
        service: renders,
        authenticate,
        storage,
        db,
        secret: config.secret,
      });
      // A renderer that finishes elsewhere announces the end on its own route (Shotstack's webhook).
      if (renderer.callbackRoutes) await app.register(renderer.callbackRoutes(renders.onCallback));
    },
    jobs: renderJobs(renders, config.renderConcurrency),
    // A render a crash left running is free once its lease runs out; pick it up then.
    afterStart: () => resumeRendersAfterStart(jobs, Math.ceil(config.leases.renderMs / 1000) + 5),
    api: {
      ...renders,
      /** The queue panel's renders, listed and removed beside the posts. */
      queueItems: {
        list: renderQueueItems(db, { appUrl: config.appUrl, secret: config.secret }),
        hide: hideRenderFromQueue(db),
      },
      /** A finished render's video, for a post of it (decision 075). */
      idOfPath: renderIdOfPath,
      readOwn: (userId: string, id: string) => readOwnRenderOutput({ db, storage }, userId, id),
    },
  });
};

export type RenderModuleApi = ReturnType<typeof createRenderModule>['api'];
