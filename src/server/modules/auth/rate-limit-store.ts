import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rateLimitHits } from '../../db/schema';

/** Expired counters are swept every this many hits, so the table stays small without a timer. */
const SWEEP_EVERY = 500;

/**
 * @fastify/rate-limit's store on our database (decision 019): every API process counts in
 * the same rows, so a limit holds however many processes serve the API. One atomic upsert
 * per hit starts a new window when the previous one has ended.
 */
export const databaseRateLimitStore = (db: Database): FastifyRateLimitStoreCtor => {
  let hitsSinceSweep = 0;

  const hit = async (key: string, windowMs: number) => {
    if (++hitsSinceSweep >= SWEEP_EVERY) {
      hitsSinceSweep = 0;
      await db.delete(rateLimitHits).where(lt(rateLimitHits.resetAt, sql`now()`));
    }
    const ended = sql`${rateLimitHits.resetAt} <= now()`;
    const [row] = await db
      .insert(rateLimitHits)
      .values({
        key,
        count: 1,
        resetAt: sql`now() + ${windowMs}::bigint * interval '1 millisecond'`,
      })
      .onConflictDoUpdate({
        target: rateLimitHits.key,
        set: {
          count: sql`case when ${ended} then 1 else ${rateLimitHits.count} + 1 end`,
          resetAt: sql`case when ${ended} then excluded.reset_at else ${rateLimitHits.resetAt} end`,
        },
      })
      .returning({
        current: rateLimitHits.count,
        ttl: sql<number>`greatest(0, ceil(extract(epoch from (${rateLimitHits.resetAt} - now())) * 1000))`.mapWith(
          Number,
        ),
      });
    if (!row) throw new Error('the rate-limit upsert returned no row');
    return row;
  };

  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    prefix = '';

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      hit(this.prefix + key, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: { url?: string; routeInfo?: { url?: string } }) {
      // Limits declared on a route count per route; `createRateLimit` ones name their own keys.
      const url = routeOptions.routeInfo?.url;
      const store = new DatabaseRateLimitStore();
      store.prefix = url ? `${this.prefix}${url}:` : this.prefix;
      return store;
    }
  }
  return DatabaseRateLimitStore;
};
