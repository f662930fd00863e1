import { z } from 'zod';
import { defineJobSpec, handleJob } from '../../jobs/define-job';
import type { JobQueue } from '../../jobs/queue';
import type { CharactersService } from './characters-service';

/**
 * Where a generated or uploaded character's face is (decision 139): found in a job after the
 * still, the creator's clip or the motion step's clip is stored, never in the request that
 * stored it (loading the detector and decoding frames takes seconds).
 */
export const CHARACTER_FACE_JOB = defineJobSpec({
  name: 'character-face',
  schema: z.object({ userId: z.string(), generationId: z.string() }),
  retryLimit: 2,
  retryDelaySeconds: 30,
  expireInSeconds: 5 * 60,
  // One at a time: the detector keeps one model in memory and the cores go to renders.
  concurrency: 1,
  // Not a singleton per generation: the still's check and the clip's (made later by the motion
  // step) are both wanted, and each reads whatever the generation holds when it runs.
  policy: 'standard',
});

/**
 * Generations made before the face job existed keep a null face box (decision 139): once after
 * every start, this sends the face job for each generation whose face is not known. One copy at
 * a time and at most one waiting, so processes starting together send it once.
 */
export const CHARACTER_FACE_BACKFILL_JOB = defineJobSpec({
  name: 'character-face-backfill',
  schema: z.object({}),
  retryLimit: 2,
  retryDelaySeconds: 60,
  expireInSeconds: 10 * 60,
  concurrency: 1,
  policy: 'stately',
});

/** Sent by the module's afterStart. */
export const sendFaceBackfill = async (queue: Pick<JobQueue, 'send'>) => {
  await queue.send(CHARACTER_FACE_BACKFILL_JOB, {}, { singletonKey: 'backfill' });
};

export const enqueueCharacterFace =
  (queue: Pick<JobQueue, 'send'>) => async (job: { userId: string; generationId: string }) => {
    await queue.send(CHARACTER_FACE_JOB, job);
  };

export const characterFaceJobs = (service: CharactersService) => [
  handleJob(CHARACTER_FACE_JOB, async ({ userId, generationId }, { signal }) => {
    await service.findFace(userId, generationId, signal);
  }),
  handleJob(CHARACTER_FACE_BACKFILL_JOB, async (_payload, { signal }) => {
    await service.backfillFaces(signal);
  }),
];
