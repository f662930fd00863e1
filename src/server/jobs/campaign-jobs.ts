import { z } from 'zod';
import type { CampaignScheduler, CampaignSender } from '../modules/campaigns';
import { PREPARE_AHEAD_MS, SEND_LEASE_MS } from '../modules/campaigns';
import { defineJob } from './define-job';
import type { JobQueue } from './queue';

/** Every minute: a lost or dead send is picked up again within about two minutes. */
export const CAMPAIGN_RECONCILE_CRON = '* * * * *';

const singletonKey = (itemId: string, version: number) => `${itemId}:${version}`;

/**
 * The campaign jobs (decision 049): one delayed send per item and schedule version, and the
 * reconciliation. `sender` is late-bound like the publishing jobs': the service it needs is
 * built after the queue starts.
 */
export const createCampaignJobs = ({ sender }: { sender: () => CampaignSender }) => {
  let queue: JobQueue | null = null;

  const sendJob = defineJob({
    name: 'campaign-item-send',
    schema: z.object({ itemId: z.string(), version: z.number().int() }),
    // TikTok or the network failing: tried again with backoff; after that the reconciliation.
    retryLimit: 4,
    retryDelaySeconds: 20,
    expireInSeconds: SEND_LEASE_MS / 1000,
    concurrency: 8,
    // One copy per item and version runs at a time, and at most one more waits.
    policy: 'stately',
    handle: async ({ itemId, version }, job) => {
      await sender().send(itemId, version, { retry: job.attempt > 1 });
    },
  });

  const send = (itemId: string, version: number, startAfter?: Date | number) =>
    queue!.send(
      sendJob,
      { itemId, version },
      { startAfter, singletonKey: singletonKey(itemId, version) },
    );

  const prepareJob = defineJob({
    name: 'campaign-item-prepare',
    schema: z.object({ itemId: z.string(), version: z.number().int() }),
    retryLimit: 1,
    retryDelaySeconds: 30,
    expireInSeconds: 5 * 60,
    concurrency: 2,
    policy: 'stately',
    handle: async ({ itemId, version }) => {
      await sender().prepare(itemId, version);
    },
  });

  const reconcileJob = defineJob({
    name: 'campaign-reconcile',
    schema: z.object({}),
    retryLimit: 0,
    retryDelaySeconds: 60,
    expireInSeconds: 5 * 60,
    concurrency: 1,
    policy: 'singleton',
    handle: async () => {
      await sender().reconcile(async (itemId, version) => {
        await send(itemId, version);
      });
    },
  });

  const scheduler: CampaignScheduler = {
    schedule: async (itemId, version, at) => {
      const ahead = at.getTime() - PREPARE_AHEAD_MS - Date.now();
      if (ahead > 0) {
        await queue!.send(
          prepareJob,
          { itemId, version },
          { startAfter: new Date(Date.now() + ahead), singletonKey: singletonKey(itemId, version) },
        );
      }
      return send(itemId, version, at);
    },
    cancel: async (jobId) => {
      await queue!.cancel(sendJob, jobId);
    },
  };

  return {
    jobs: [sendJob, prepareJob, reconcileJob],
    /** The jobs themselves, for handing the queue a send directly (tests, the bench). */
    sendJob,
    prepareJob,
    schedule: { job: reconcileJob, cron: CAMPAIGN_RECONCILE_CRON },
    scheduler,
    requeue: async (itemId: string, version: number, seconds: number) => {
      await send(itemId, version, seconds);
    },
    bind: (started: JobQueue) => {
      queue = started;
    },
  };
};
