import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { tiktokCallWindows } from '../../db/schema';

/**
 * Records one call of `kind` for the account unless `limit` calls fall in the last `windowMs`;
 * then answers the milliseconds until the oldest leaves the window (null when recorded).
 *
 * One statement (decision 259): the insert's conflict takes the account's row lock, and the
 * update then reads the row as the last writer left it, so two processes cannot both take the
 * last call. Every expression of the update sees the row from before it, so `taken` is the
 * same decision as the calls written beside it, and is read back as this call's answer.
 */
export const takeTikTokCall = async (
  db: Database,
  {
    openId,
    kind,
    limit,
    windowMs,
  }: {
    openId: string;
    kind: (typeof tiktokCallWindows.$inferInsert)['kind'];
    limit: number;
    windowMs: number;
  },
) => {
  const since = sql`now() - ${windowMs}::bigint * interval '1 millisecond'`;
  const recent = sql`array(select c from unnest(${tiktokCallWindows.calls}) c where c > ${since} order by c)`;
  const room = sql`cardinality(${recent}) < ${limit}`;
  const [row] = await db
    .insert(tiktokCallWindows)
    .values({ openId, kind, calls: sql`array[now()]`, taken: true })
    .onConflictDoUpdate({
      target: [tiktokCallWindows.openId, tiktokCallWindows.kind],
      set: {
        calls: sql`case when ${room} then ${recent} || now() else ${recent} end`,
        taken: room,
      },
    })
    .returning({
      taken: tiktokCallWindows.taken,
      oldestAgeMs:
        sql<number>`extract(epoch from (now() - ${tiktokCallWindows.calls}[1])) * 1000`.mapWith(
          Number,
        ),
    });
  return row!.taken ? null : windowMs - row!.oldestAgeMs;
};
