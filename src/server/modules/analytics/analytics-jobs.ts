import { z } from 'zod';
import type { Database } from '../../db/client';
import { defineJobSpec, handleJob, scheduledCheckSpec } from '../../jobs/define-job';
import type { JobQueue } from '../../jobs/queue';
import { createConnectedAccounts } from '../tiktok';
import type { AnalyticsSyncDeps } from './analytics-sync';
import { syncAnalyticsAccount } from './analytics-sync';

// The analytics jobs (decision 044): a schedule that sends one sync per connected account, and
// the sync itself, one at a time per account (`singletonKey`), retried with backoff when TikTok
// is busy or failing.

export const ANALYTICS_SYNC_JOB = defineJobSpec({
  name: 'analytics-sync-account',
  schema: z.object({ userId: z.string(), openId: z.string() }),
  retryLimit: 3,
  retryDelaySeconds: 60,
  expireInSeconds: 5 * 60,
  concurrency: 2,
  policy: 'stately',
});

/** Every hour at :17: TikTok's counts move slowly, and an off-the-hour minute spreads the load. */
export const ANALYTICS_SCHEDULE_JOB = scheduledCheckSpec('analytics-sync-schedule', '17 * * * *');

export const analyticsJobs = ({
  db,
  sync,
  queue,
}: {
  db: Database;
  sync: AnalyticsSyncDeps;
  queue: Pick<JobQueue, 'send'>;
}) => [
  handleJob(ANALYTICS_SYNC_JOB, async ({ userId, openId }) => {
    await syncAnalyticsAccount(sync, userId, openId);
  }),
  handleJob(ANALYTICS_SCHEDULE_JOB, async () => {
    for (const account of await createConnectedAccounts(db).all()) {
      if (account.reconnectNeeded) continue;
      const { userId, openId } = account;
      await queue.send(
        ANALYTICS_SYNC_JOB,
        { userId, openId },
        { singletonKey: `${userId}:${openId}` },
      );
    }
  }),
];
