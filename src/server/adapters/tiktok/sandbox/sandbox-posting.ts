import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Database } from '../../../db/client';
import { unauthorized } from '../../../errors';
import type { AnyJob } from '../../../jobs/define-job';
import type { JobQueue } from '../../../jobs/queue';
import type { FfmpegSettings } from '../../../media/ffmpeg-path';
import type { Storage } from '../../storage/storage';
import { registerInboxRoutes } from './inbox-routes';
import { avatarUrl } from './sandbox-avatar';
import { createPostingJobs } from './posting-jobs';
import { listOwnTestAccounts, maxVideoDurationOf } from './posting-repo';
import { postingRoutes } from './posting-routes';

export type SandboxPostingDeps = {
  db: Database;
  storage: Storage;
  appUrl: string;
  /** The app's verified URL properties (prefixes and domains) photos may be pulled from. */
  verifiedPrefixes: readonly string[];
  /** `{APP_URL}/tiktok-sandbox`. */
  sandboxOrigin: string;
  client: { key: string; secret: string };
  webhookUrl: string;
  ffmpeg: FfmpegSettings;
  queue: () => Pick<JobQueue, 'send'>;
  signedInUserId: (request: FastifyRequest) => Promise<string | null>;
};

/**
 * The sandbox's Content Posting half (decision 025): TikTok's posting endpoints, the chunk
 * receiver, the inbox page's API, and the jobs that pull photos, check videos and send webhooks.
 */
export const createSandboxPosting = (deps: SandboxPostingDeps) => {
  const jobs = createPostingJobs({
    db: deps.db,
    storage: deps.storage,
    verifiedPrefixes: deps.verifiedPrefixes,
    ffmpeg: deps.ffmpeg,
    maxVideoDurationSec: (openId) => maxVideoDurationOf(deps.db, openId),
    webhook: { url: deps.webhookUrl, client: deps.client },
    queue: deps.queue,
  });
  const routes: FastifyPluginAsync = async (app) => {
    await app.register(postingRoutes, {
      db: deps.db,
      storage: deps.storage,
      jobs,
      queue: deps.queue,
      sandboxOrigin: deps.sandboxOrigin,
      verifiedPrefixes: deps.verifiedPrefixes,
    });
    registerInboxRoutes(app, {
      db: deps.db,
      storage: deps.storage,
      jobs,
      queue: deps.queue,
      requireUserId: async (request) => {
        const userId = await deps.signedInUserId(request);
        if (!userId) throw unauthorized();
        return userId;
      },
      listTestAccounts: async (ownerUserId) =>
        (await listOwnTestAccounts(deps.db, ownerUserId)).map((a) => ({
          ...a,
          avatarUrl: avatarUrl(deps.appUrl, a.openId),
        })),
    });
  };
  const jobList: AnyJob[] = [jobs.pullPhotosJob, jobs.checkVideoJob, jobs.webhookJob];
  return { routes, jobs: jobList, sendWebhook: jobs.webhookJob };
};
