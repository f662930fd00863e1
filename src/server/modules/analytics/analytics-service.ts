import type { TAnalyticsRange } from '#contract/analytics';
import { listAccountsForAnalytics } from '../tiktok';
import type { MakeMoreDeps } from './analytics-make-more';
import { makeMoreLikeThis } from './analytics-make-more';
import type { OverviewDeps } from './analytics-overview';
import { buildOverview } from './analytics-overview';

export type AnalyticsServiceDeps = OverviewDeps &
  MakeMoreDeps & {
    /** Sends the sync job of one account (singleton per account). */
    enqueueSync: (userId: string, openId: string) => Promise<void>;
  };

export const createAnalyticsService = (deps: AnalyticsServiceDeps) => ({
  overview: (userId: string, range: TAnalyticsRange) => buildOverview(deps, userId, range),
  refresh: async (userId: string) => {
    const accounts = await listAccountsForAnalytics(deps.db, userId);
    for (const account of accounts) await deps.enqueueSync(userId, account.openId);
    return { queued: accounts.length };
  },
  makeMore: (userId: string, videoRowId: string) => makeMoreLikeThis(deps, userId, videoRowId),
});

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
