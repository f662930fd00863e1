import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Adapters } from '../adapters/create-adapters';
import { adapterJobs, adapterOwnHostPaths, adapterRoutes } from '../adapters/create-adapters';
import type { Config } from '../config';
import type { DbHandle } from '../db/client';
import type { JobQueue } from '../jobs/queue';
import type { WorkerKind } from '../jobs/define-job';
import { sweepDeadWorkDirs } from '../media/work-dirs';
import { registerCorePlugins } from './core-plugins';
import { registerSampleVideoRoutes } from './sample-video-routes';
import type { ServerModule } from './server-module';
import { registerWebApp } from './web-app';

/**
 * Mounts what `buildApp` listed and starts it (decision 150): the server-wide plugins (told by
 * the modules and adapters which paths are development aids and which the API queue skips),
 * every module's and adapter's routes, every job, what a crash left, the web app, then the
 * workers, last, once every handler is registered.
 */
export const startModules = async (
  app: FastifyInstance,
  {
    config,
    db,
    jobs,
    adapters,
    modules,
    rateLimitStore,
    workers,
    ownsDatabase,
  }: {
    config: Config;
    db: DbHandle;
    jobs: JobQueue;
    adapters: Adapters;
    modules: ServerModule<unknown>[];
    rateLimitStore: Parameters<typeof registerCorePlugins>[2]['rateLimitStore'];
    workers: WorkerKind;
    ownsDatabase: boolean;
  },
) => {
  const webDir =
    config.webDir && fs.existsSync(path.join(config.webDir, 'index.html')) ? config.webDir : null;
  const exempt = modules.flatMap((module) =>
    module.admissionExempt ? [module.admissionExempt] : [],
  );
  await registerCorePlugins(app, config, {
    ownHostPaths: [
      ...adapterOwnHostPaths(adapters),
      ...modules.flatMap((module) => module.ownHostOnly ?? []),
    ],
    rateLimitStore,
    admissionExempt: (request) => exempt.some((applies) => applies(request.url)),
    webDir,
  });
  for (const module of modules) await app.register(module.routes);
  for (const routes of adapterRoutes(adapters)) await app.register(routes);
  await jobs.register([...modules.flatMap((module) => module.jobs), ...adapterJobs(adapters)]);

  // A process killed outright (SIGKILL, the OOM killer) left its work folders, with copies of
  // sellers' videos, on this machine's disk (decision 071).
  const swept = await sweepDeadWorkDirs();
  if (swept.length)
    app.log.info({ folders: swept.length }, 'removed work folders of dead processes');
  if (workers !== 'none') for (const module of modules) await module.afterStart?.();
  if (webDir) {
    await registerWebApp(app, webDir);
    registerSampleVideoRoutes(app, config.sampleVideos.dir);
  }
  await jobs.startWorkers();
  app.addHook('onClose', async () => {
    await jobs.stop();
    if (ownsDatabase) await db.close();
  });
};
