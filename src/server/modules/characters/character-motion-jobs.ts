import { z } from 'zod';
import { defineJobSpec, handleJob } from '../../jobs/define-job';
import type { JobQueue } from '../../jobs/queue';
import type { CharactersService } from './characters-service';

/**
 * The motion step (decision 138): a generated character's still made into a short clip by the
 * configured video model. A hosted model queues and generates for minutes, so it is a job of
 * its own, not part of the generate request.
 */
export const CHARACTER_MOTION_JOB = defineJobSpec({
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
});

export const enqueueCharacterMotion =
  (queue: Pick<JobQueue, 'send'>) => async (job: { userId: string; generationId: string }) => {
    await queue.send(CHARACTER_MOTION_JOB, job, { singletonKey: job.generationId });
  };

export const characterMotionJobs = (service: CharactersService) => [
  handleJob(CHARACTER_MOTION_JOB, async ({ userId, generationId }, { signal }) => {
    await service.makeClip(userId, generationId, signal);
  }),
];
