import { z } from 'zod';
import type { CharactersService } from '../modules/characters';
import { defineJob } from './define-job';
import type { JobQueue } from './queue';

/**
 * The motion step (decision 138): a generated character's still made into a short clip by the
 * configured video model. A hosted model queues and generates for minutes, so it is a job of
 * its own, not part of the generate request. `service` is late-bound as for the render jobs.
 */
export const createCharacterMotionJobs = ({ service }: { service: () => CharactersService }) => {
  let queue: JobQueue | null = null;

  const motionJob = defineJob({
    name: 'character-motion',
    schema: z.object({ userId: z.string(), generationId: z.string() }),
    // A busy or briefly unreachable model is tried again later; a refused picture is not made
    // better by retrying forever.
    retryLimit: 2,
    retryDelaySeconds: 60,
    // The adapter's own deadline (AI_VIDEO_TIMEOUT_MS, 10 min by default) plus the encode.
    expireInSeconds: 35 * 60,
    concurrency: 2,
    policy: 'singleton',
    handle: async ({ userId, generationId }, { signal }) => {
      await service().makeClip(userId, generationId, signal);
    },
  });

  return {
    jobs: [motionJob],
    enqueue: async (job: { userId: string; generationId: string }) => {
      await queue!.send(motionJob, job, { singletonKey: job.generationId });
    },
    bind: (started: JobQueue) => {
      queue = started;
    },
  };
};
