import { z } from 'zod';
import { defineJobSpec, scheduledCheckSpec, handleJob } from '../../jobs/define-job';
import type { JobQueue } from '../../jobs/queue';
import type { CampaignSender } from './campaign-sender';
import { PREPARE_AHEAD_MS } from './campaign-sender';
import type { CampaignScheduler } from './campaigns-service';

// The campaign jobs (decision 049): one delayed send per item and schedule version, and the
// reconciliation.

const singletonKey = (itemId: string, version: number) => `${itemId}:${version}`;

export const CAMPAIGN_SEND_JOB = defineJobSpec({
  name: 'campaign-item-send',
  schema: z.object({ itemId: z.string(), version: z.number().int() }),
  // TikTok or the network failing: tried again with backoff; after that the reconciliation.
  retryLimit: 4,
  retryDelaySeconds: 20,
  // The send lease's default; `campaignJobs` sets it to the configured lease (decision 210).
  expireInSeconds: 60,
  concurrency: 8,
  // One copy per item and version runs at a time, and at most one more waits.
  policy: 'stately',
});

export const CAMPAIGN_PREPARE_JOB = defineJobSpec({
  name: 'campaign-item-prepare',
  schema: z.object({ itemId: z.string(), version: z.number().int() }),
  retryLimit: 1,
  retryDelaySeconds: 30,
  expireInSeconds: 5 * 60,
  concurrency: 2,
  policy: 'stately',
});

/** Every minute: a lost or dead send is picked up again within about two minutes. */
export const CAMPAIGN_RECONCILE_JOB = scheduledCheckSpec('campaign-reconcile');

/** Sends an item's delayed send (once per item and schedule version). */
export const sendCampaignItem = (
  queue: Pick<JobQueue, 'send'>,
  itemId: string,
  version: number,
  startAfter?: Date | number,
) =>
  queue.send(
    CAMPAIGN_SEND_JOB,
    { itemId, version },
    { startAfter, singletonKey: singletonKey(itemId, version) },
  );

/** How the campaigns service puts items on the queue and takes them off. */
export const campaignScheduler = (queue: Pick<JobQueue, 'send' | 'cancel'>): CampaignScheduler => ({
  schedule: async (itemId, version, at) => {
    const ahead = at.getTime() - PREPARE_AHEAD_MS - Date.now();
    if (ahead > 0) {
      await queue.send(
        CAMPAIGN_PREPARE_JOB,
        { itemId, version },
        { startAfter: new Date(Date.now() + ahead), singletonKey: singletonKey(itemId, version) },
      );
    }
    return sendCampaignItem(queue, itemId, version, at);
  },
  cancel: async (jobId) => {
    await queue.cancel(CAMPAIGN_SEND_JOB, jobId);
  },
});

/** The campaign jobs with their handlers; a send's job expires with its claim's lease. */
export const campaignJobs = (
  sender: CampaignSender,
  queue: Pick<JobQueue, 'send'>,
  sendLeaseMs: number,
) => [
  handleJob(
    CAMPAIGN_SEND_JOB,
    async ({ itemId, version }, job) => {
      await sender.send(itemId, version, {
        retry: job.attempt > 1,
        lastAttempt: job.attempt > CAMPAIGN_SEND_JOB.retryLimit,
      });
    },
    { expireInSeconds: Math.ceil(sendLeaseMs / 1000) },
  ),
  handleJob(CAMPAIGN_PREPARE_JOB, async ({ itemId, version }) => {
    await sender.prepare(itemId, version);
  }),
  handleJob(CAMPAIGN_RECONCILE_JOB, async () => {
    await sender.reconcile(async (itemId, version) => {
      await sendCampaignItem(queue, itemId, version);
    });
  }),
];

/**
 * Resumes sends a crash cut off once their claim counts as stranded (twice the lease, as the
 * reconciliation reads it), rather than at the next minute's reconciliation or the dead job's
 * expiry and retry, whichever pg-boss's maintenance reaches first.
 */
export const resumeSendsAfterStart = async (queue: Pick<JobQueue, 'send'>, sendLeaseMs: number) => {
  await queue.send(
    CAMPAIGN_RECONCILE_JOB,
    {},
    { startAfter: Math.ceil((2 * sendLeaseMs) / 1000) + 5 },
  );
};
