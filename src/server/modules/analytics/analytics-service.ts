import type { TAnalyticsRange, TAnalyticsRefreshAccount } from '#contract/analytics';
import { AppError } from '../../errors';
import { createConnectedAccounts } from '../tiktok';
import type { MakeMoreDeps } from './analytics-make-more';
import { makeMoreLikeThis } from './analytics-make-more';
import type { OverviewDeps } from './analytics-overview';
import { buildOverview } from './analytics-overview';
import type { AnalyticsSyncDeps } from './analytics-sync';
import { RECONNECT_FOR_ANALYTICS, RECONNECT_EXPIRED, syncAnalyticsAccount } from './analytics-sync';

export type AnalyticsServiceDeps = OverviewDeps &
  MakeMoreDeps & {
    /** What a refresh reads TikTok with: the same sync the hourly job runs. */
    sync: AnalyticsSyncDeps;
    /** How long a refresh waits for its reads before answering "still reading". */
    refreshWaitMs?: number;
  };

/** A refresh answers within this; a read still going on finishes in the background. */
const REFRESH_WAIT_MS = 20_000;

type Outcome = Omit<TAnalyticsRefreshAccount, 'openId' | 'displayName'>;

const outcome = (status: Outcome['status'], message: string, more: Partial<Outcome> = {}) => ({
  status,
  message,
  videos: null,
  retryAfterSeconds: null,
  ...more,
});

const plural = (n: number) => `${n} ${n === 1 ? 'video' : 'videos'}`;

export const createAnalyticsService = (deps: AnalyticsServiceDeps) => {
  // One read per account at a time in this process: a second press joins the running one.
  const running = new Map<string, Promise<Outcome>>();

  const readNow = (userId: string, openId: string): Promise<Outcome> => {
    const key = `${userId}:${openId}`;
    const already = running.get(key);
    if (already) return already;
    const read = syncAnalyticsAccount(deps.sync, userId, openId)
      .then((result): Outcome => {
        if (result.status === 'ok') {
          return outcome('ok', `Read ${plural(result.videos)} from TikTok just now.`, {
            videos: result.videos,
          });
        }
        if (result.status === 'missing_scope') {
          return outcome('missing_scope', RECONNECT_FOR_ANALYTICS);
        }
        if (result.status === 'reconnect_needed') {
          return outcome('reconnect_needed', RECONNECT_EXPIRED);
        }
        return outcome('failed', 'This account is no longer connected.');
      })
      .catch((error: unknown): Outcome => {
        if (error instanceof AppError && error.code === 'tiktok_rate_limited') {
          const wait = error.retryAfterSeconds ?? 60;
          return outcome(
            'rate_limited',
            `TikTok limits how often Hookreel may read this account, so it was not read now. Press Refresh again in ${wait} s.`,
            { retryAfterSeconds: wait },
          );
        }
        // TikTok's own words stay in the log (the sync logs them); the seller reads ours.
        deps.sync.log('warn', `analytics: refresh of ${openId} failed`, { err: error });
        return outcome(
          'failed',
          'TikTok did not give Hookreel your videos this time, so nothing new was read. Press Refresh again in a few minutes.',
        );
      })
      .finally(() => running.delete(key));
    running.set(key, read);
    return read;
  };

  return {
    overview: (userId: string, range: TAnalyticsRange) => buildOverview(deps, userId, range),
    /**
     * Reads every connected account from TikTok now and says, per account, what happened
     * (decision 113): no job queue between the button and TikTok, so a retry waiting in the
     * queue can never swallow the press.
     */
    refresh: async (userId: string) => {
      const accounts = await createConnectedAccounts(deps.db).ofUser(userId);
      const waitMs = deps.refreshWaitMs ?? REFRESH_WAIT_MS;
      return {
        accounts: await Promise.all(
          accounts.map(async (account) => {
            let timer: NodeJS.Timeout | undefined;
            const stillReading = new Promise<Outcome>((resolve) => {
              timer = setTimeout(
                () =>
                  resolve(
                    outcome(
                      'reading',
                      'Still reading from TikTok: the figures show here within a minute.',
                    ),
                  ),
                waitMs,
              );
            });
            const result = await Promise.race([readNow(userId, account.openId), stillReading]);
            clearTimeout(timer);
            return { openId: account.openId, displayName: account.displayName, ...result };
          }),
        ),
      };
    },
    makeMore: (userId: string, videoRowId: string) => makeMoreLikeThis(deps, userId, videoRowId),
  };
};

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
