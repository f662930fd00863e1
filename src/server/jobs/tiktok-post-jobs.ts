import { z } from 'zod';
import type { Database } from '../db/client';
import type { PublishingService } from '../modules/publishing';
import { pollPostOnce, reconcilePosts } from '../modules/publishing';
import type { PublishingEnqueue } from '../modules/publishing';
import { defineJob } from './define-job';
import type { JobQueue } from './queue';

type Log = (level: 'info' | 'warn' | 'error', message: string, extra?: object) => void;

/** Every minute: lost jobs resume quickly; the slow checks keep their own `next_check_at`. */
export const TIKTOK_RECONCILE_CRON = '* * * * *';

/**
 * The publishing jobs. `service` is late-bound: the service sends these jobs, and the jobs call
 * the service, so `app.ts` builds the jobs first and hands the service in once it exists.
 */
export const createTikTokPostJobs = ({
  db,
  service,
  log,
}: {
  db: Database;
  service: () => PublishingService;
  log: Log;
}) => {
  let queue: JobQueue | null = null;
  const enqueue: PublishingEnqueue = {
    poll: async (postId, afterSeconds) => {
      await queue!.send(pollJob, { postId }, { startAfter: afterSeconds, singletonKey: postId });
    },
    upload: async (postId) => {
      await queue!.send(uploadJob, { postId }, { singletonKey: postId });
    },
  };

  const pollJob = defineJob({
    name: 'tiktok-post-status',
    schema: z.object({ postId: z.string() }),
    // A failed check is retried by the next poll; pg-boss retries cover a dead worker.
    retryLimit: 3,
    retryDelaySeconds: 5,
    expireInSeconds: 60,
    concurrency: 4,
    policy: 'stately',
    handle: async ({ postId }) => {
      const next = await pollPostOnce({ db, service: service(), log }, postId);
      if (next !== null) await enqueue.poll(postId, next);
    },
  });

  const uploadJob = defineJob({
    name: 'tiktok-post-upload',
    schema: z.object({ postId: z.string() }),
    retryLimit: 3,
    retryDelaySeconds: 10,
    expireInSeconds: 15 * 60,
    concurrency: 1,
    // Not `singleton`: a dead process's job stays active until it expires (15 min) and would hold
    // back the one that resumes the upload. The post's upload lease keeps senders apart instead.
    policy: 'standard',
    handle: async ({ postId }) => {
      await service().uploadVideo(postId);
    },
  });

  const reconcileJob = defineJob({
    name: 'tiktok-post-reconcile',
    schema: z.object({}),
    retryLimit: 0,
    retryDelaySeconds: 60,
    expireInSeconds: 5 * 60,
    concurrency: 1,
    policy: 'singleton',
    handle: async () => {
      await reconcilePosts({ db, service: service(), enqueue, log });
    },
  });

  return {
    jobs: [pollJob, uploadJob, reconcileJob],
    schedule: { job: reconcileJob, cron: TIKTOK_RECONCILE_CRON },
    enqueue,
    /** Resumes uploads a crash cut off, once their sender's lease has run out. */
    resumeAfterStart: async (afterSeconds: number) => {
      await queue!.send(reconcileJob, {}, { startAfter: afterSeconds });
    },
    bind: (started: JobQueue) => {
      queue = started;
    },
  };
};
