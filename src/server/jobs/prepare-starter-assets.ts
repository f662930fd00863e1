import { z } from 'zod';
import { defineJobSpec, handleJob } from './define-job';
import type { JobQueue } from './queue';

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

/**
 * The job and the start-up's question: makes the sample videos and the starter library when
 * any is missing, by the job (`job`, the default: after listening) or at once (`now`: before
 * listening, for a health check that must mean everything is there). Resolves to what was
 * missing ([] costs one query and a few stats).
 */
export const starterAssetsWork = (
  assets: {
    missing: () => Promise<string[]>;
    prepare: (options: { signal?: AbortSignal; characters?: boolean }) => Promise<void>;
  },
  queue: Pick<JobQueue, 'send' | 'isPending'>,
) => ({
  job: prepareStarterAssetsJob((signal) => assets.prepare({ signal })),
  prepare: async (when: 'job' | 'now' = 'job') => {
    const missing = await assets.missing();
    if (missing.length === 0) return missing;
    // Even before listening, the pre-made characters (minutes of work) are left to the job.
    if (when === 'now') await assets.prepare({ characters: false });
    // A copy already waiting, running or due for a retry does the work: a second start sends
    // none, even once the first copy has started (a job sent here starts at once, decision 246).
    const needed = when === 'job' || (await assets.missing()).length > 0;
    if (needed && !(await queue.isPending(STARTER_ASSETS_JOB, STARTER_ASSETS_KEY))) {
      await queue.send(STARTER_ASSETS_JOB, {}, { singletonKey: STARTER_ASSETS_KEY });
    }
    return missing;
  },
});
