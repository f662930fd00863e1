import { z } from 'zod';
import type { Database } from '../db/client';
import type { AnalyticsSyncDeps } from '../modules/analytics';
import { syncAnalyticsAccount } from '../modules/analytics';
import { createConnectedAccounts } from '../modules/tiktok';
import { defineJob } from './define-job';
import type { JobQueue } from './queue';

/** Every hour at :17: TikTok's counts move slowly, and an off-the-hour minute spreads the load. */
export const ANALYTICS_SYNC_CRON = '17 * * * *';

/**
 * The analytics jobs (decision 044): a schedule that sends one sync per connected account, and
 * the sync itself, one at a time per account (`singletonKey`), retried with backoff when TikTok
 * is busy or failing.
 */
export const createAnalyticsJobs = ({
  db,
  sync,
}: {
  db: Database;
  sync: () => AnalyticsSyncDeps;
}) => {
  let queue: JobQueue | null = null;

  const syncJob = defineJob({
    name: 'analytics-sync-account',
    schema: z.object({ userId: z.string(), openId: z.string() }),
    retryLimit: 3,
    retryDelaySeconds: 60,
    expireInSeconds: 5 * 60,
    concurrency: 2,
    policy: 'stately',
    handle: async ({ userId, openId }) => {
      await syncAnalyticsAccount(sync(), userId, openId);
    },
  });

  const enqueueSync = async (userId: string, openId: string) => {
    await queue!.send(syncJob, { userId, openId }, { singletonKey: `${userId}:${openId}` });
  };

  const scheduleJob = defineJob({
    name: 'analytics-sync-schedule',
    schema: z.object({}),
    retryLimit: 0,
    retryDelaySeconds: 60,
    expireInSeconds: 5 * 60,
    concurrency: 1,
    policy: 'singleton',
    handle: async () => {
      for (const account of await createConnectedAccounts(db).all()) {
        if (!account.reconnectNeeded) await enqueueSync(account.userId, account.openId);
      }
    },
  });

  return {
    jobs: [syncJob, scheduleJob],
    schedule: { job: scheduleJob, cron: ANALYTICS_SYNC_CRON },
    enqueueSync,
    bind: (started: JobQueue) => {
      queue = started;
    },
  };
};
