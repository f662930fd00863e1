import { z } from 'zod';
import { defineJobSpec, handleJob } from './define-job';

/** One key for every copy: however many starts send it, one job waits and one runs. */
export const STARTER_ASSETS_KEY = 'starter-assets';

/**
 * Makes what a fresh install lacks (sample videos, starter image library) after the server is
 * listening. A job rather than a promise left running: a start stopped half-way resumes it, and
 * with several processes on PostgreSQL only one does the work.
 */
export const STARTER_ASSETS_JOB = defineJobSpec({
  name: 'prepare-starter-assets',
  schema: z.object({}),
  retryLimit: 3,
  retryDelaySeconds: 30,
  // About a minute of ffmpeg and drawing on a busy 2-core machine; generous, since a copy
  // taken over too early would draw the same images twice.
  expireInSeconds: 15 * 60,
  concurrency: 1,
  policy: 'stately',
});

export const prepareStarterAssetsJob = (prepare: (signal: AbortSignal) => Promise<void>) =>
  handleJob(STARTER_ASSETS_JOB, (_payload, { signal }) => prepare(signal));
