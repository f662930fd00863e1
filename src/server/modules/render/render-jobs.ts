import { z } from 'zod';
import { defineJobSpec, scheduledCheckSpec, handleJob } from '../../jobs/define-job';
import type { JobQueue } from '../../jobs/queue';
import type { RenderService } from './render-service';
import { RENDER_TIME_LIMIT_MS } from './render-service';

export const RENDER_JOB = defineJobSpec({
  name: 'render-video',
  schema: z.object({ renderId: z.string() }),
  // A transient failure (storage, Shotstack 5xx) is tried again; the render's own attempt
  // count ends it after three runs whatever pg-boss does.
  retryLimit: 2,
  retryDelaySeconds: 10,
  // The time limit, plus a little for storing the result: a worker that died is replaced then.
  expireInSeconds: RENDER_TIME_LIMIT_MS / 1000 + 60,
  // Renders take turns by the machine's number (docs/decisions/145): see `renderJobs`.
  concurrency: 1,
  // A local encode keeps the cores busy for minutes: render workers only (decision 200).
  lane: 'render',
});

export const RENDER_POLL_JOB = defineJobSpec({
  name: 'render-shotstack-status',
  // `chain` is the scheduled check that schedules the next one; a webhook's check is a
  // one-off beside it (its own singleton key), so a callback acts at once and never forks
  // the schedule.
  schema: z.object({ renderId: z.string(), chain: z.boolean().default(true) }),
  retryLimit: 3,
  retryDelaySeconds: 5,
  expireInSeconds: 5 * 60,
  concurrency: 2,
  policy: 'stately',
});

/** Every minute: renders whose job was lost (a crash) are resumed. */
export const RENDER_RECONCILE_JOB = scheduledCheckSpec('render-reconcile');

/** How the render service sends its jobs. */
export const renderEnqueue = (queue: Pick<JobQueue, 'send'>) => ({
  render: async (renderId: string) => {
    await queue.send(RENDER_JOB, { renderId });
  },
  poll: async (renderId: string, afterSeconds: number, { chain = true } = {}) => {
    await queue.send(
      RENDER_POLL_JOB,
      { renderId, chain },
      { startAfter: afterSeconds, singletonKey: chain ? renderId : `${renderId}:callback` },
    );
  },
});

/**
 * The render jobs with their handlers. `concurrency` is renders at once in this process: on two
 * cores one at a time, since one encode already keeps both busy (docs/decisions/145).
 */
export const renderJobs = (service: RenderService, concurrency: number) => [
  handleJob(RENDER_JOB, ({ renderId }, { signal }) => service.run(renderId, signal), {
    concurrency,
  }),
  handleJob(RENDER_POLL_JOB, async ({ renderId, chain }) => {
    await service.poll(renderId, { chain });
  }),
  handleJob(RENDER_RECONCILE_JOB, async () => {
    await service.reconcile();
  }),
];

/** Resumes renders a crash left behind, once their lease has run out. */
export const resumeRendersAfterStart = async (
  queue: Pick<JobQueue, 'send'>,
  afterSeconds: number,
) => {
  await queue.send(RENDER_RECONCILE_JOB, {}, { startAfter: afterSeconds });
};
