import { z } from 'zod';
import type { RenderService } from '../modules/render';
import { RENDER_TIME_LIMIT_MS } from '../modules/render';
import { defineJob } from './define-job';
import type { JobQueue } from './queue';

/** Every minute: renders whose job was lost (a crash) are resumed. */
export const RENDER_RECONCILE_CRON = '* * * * *';

/**
 * The render jobs. `service` is late-bound: the service sends these jobs and they call it, so
 * `app.ts` builds the jobs first and hands the service in once it exists (as for publishing).
 */
export const createRenderJobs = ({
  service,
  concurrency,
}: {
  service: () => RenderService;
  /** Renders at once in this process: a number set for the machine (docs/decisions/145). */
  concurrency: number;
}) => {
  let queue: JobQueue | null = null;

  const renderJob = defineJob({
    name: 'render-video',
    schema: z.object({ renderId: z.string() }),
    // A transient failure (storage, Shotstack 5xx) is tried again; the render's own attempt
    // count ends it after three runs whatever pg-boss does.
    retryLimit: 2,
    retryDelaySeconds: 10,
    // The time limit, plus a little for storing the result: a worker that died is replaced then.
    expireInSeconds: RENDER_TIME_LIMIT_MS / 1000 + 60,
    // Renders take turns by the machine's number: on two cores one at a time, since one encode
    // already keeps both busy and a second would only slow both (docs/decisions/145).
    concurrency,
    handle: async ({ renderId }, { signal }) => {
      await service().run(renderId, signal);
    },
  });

  const pollJob = defineJob({
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
    handle: async ({ renderId, chain }) => {
      await service().poll(renderId, { chain });
    },
  });

  const reconcileJob = defineJob({
    name: 'render-reconcile',
    schema: z.object({}),
    retryLimit: 0,
    retryDelaySeconds: 60,
    expireInSeconds: 5 * 60,
    concurrency: 1,
    policy: 'singleton',
    handle: async () => {
      await service().reconcile();
    },
  });

  return {
    jobs: [renderJob, pollJob, reconcileJob],
    schedule: { job: reconcileJob, cron: RENDER_RECONCILE_CRON },
    enqueue: {
      render: async (renderId: string) => {
        await queue!.send(renderJob, { renderId });
      },
      poll: async (renderId: string, afterSeconds: number, { chain = true } = {}) => {
        await queue!.send(
          pollJob,
          { renderId, chain },
          { startAfter: afterSeconds, singletonKey: chain ? renderId : `${renderId}:callback` },
        );
      },
    },
    /** Resumes renders a crash left behind, once their lease has run out. */
    resumeAfterStart: async (afterSeconds: number) => {
      await queue!.send(reconcileJob, {}, { startAfter: afterSeconds });
    },
    bind: (started: JobQueue) => {
      queue = started;
    },
  };
};
