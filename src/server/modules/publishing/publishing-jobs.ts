import { z } from 'zod';
import type { Database } from '../../db/client';
import { defineJobSpec, scheduledCheckSpec, handleJob } from '../../jobs/define-job';
import type { JobQueue } from '../../jobs/queue';
import { pollPostOnce } from './publishing-poll';
import { reconcilePosts } from './publishing-reconcile';
import type { PublishingEnqueue, PublishingService } from './publishing-service';

type Log = (level: 'info' | 'warn' | 'error', message: string, extra?: object) => void;

export const POST_STATUS_JOB = defineJobSpec({
  name: 'tiktok-post-status',
  schema: z.object({ postId: z.string() }),
  // A failed check is retried by the next poll; pg-boss retries cover a dead worker.
  retryLimit: 3,
  retryDelaySeconds: 5,
  expireInSeconds: 60,
  concurrency: 4,
  policy: 'stately',
});

export const POST_UPLOAD_JOB = defineJobSpec({
  name: 'tiktok-post-upload',
  schema: z.object({ postId: z.string() }),
  retryLimit: 3,
  retryDelaySeconds: 10,
  expireInSeconds: 15 * 60,
  concurrency: 1,
  // Not `singleton`: a dead process's job stays active until it expires (15 min) and would hold
  // back the one that resumes the upload. The post's upload lease keeps senders apart instead.
  policy: 'standard',
});

/** Every minute: lost jobs resume quickly; the slow checks keep their own `next_check_at`. */
export const POST_RECONCILE_JOB = scheduledCheckSpec('tiktok-post-reconcile');

/** How the publishing service sends its jobs. */
export const publishingEnqueue = (queue: Pick<JobQueue, 'send'>): PublishingEnqueue => ({
  poll: async (postId, afterSeconds) => {
    await queue.send(
      POST_STATUS_JOB,
      { postId },
      { startAfter: afterSeconds, singletonKey: postId },
    );
  },
  upload: async (postId) => {
    await queue.send(POST_UPLOAD_JOB, { postId }, { singletonKey: postId });
  },
});

/** The publishing jobs with their handlers: status checks, uploads and the reconciliation. */
export const publishingJobs = ({
  db,
  service,
  enqueue,
  log,
}: {
  db: Database;
  service: PublishingService;
  enqueue: PublishingEnqueue;
  log: Log;
}) => [
  handleJob(POST_STATUS_JOB, async ({ postId }) => {
    const next = await pollPostOnce({ db, service, log }, postId);
    if (next !== null) await enqueue.poll(postId, next);
  }),
  handleJob(POST_UPLOAD_JOB, async ({ postId }) => {
    await service.uploadVideo(postId);
  }),
  handleJob(POST_RECONCILE_JOB, async () => {
    await reconcilePosts({ db, service, enqueue, log });
  }),
];

/** Resumes uploads a crash cut off, once their sender's lease has run out. */
export const resumeUploadsAfterStart = async (
  queue: Pick<JobQueue, 'send'>,
  afterSeconds: number,
) => {
  await queue.send(POST_RECONCILE_JOB, {}, { startAfter: afterSeconds });
};
