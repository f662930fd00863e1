import { and, count, eq, gte, lt } from 'drizzle-orm';
import { usageEvents } from '../../db/schema';
import type { Db } from '../../db/types';
import type { Period } from '../entitlements';

/** Generations counted for a user within a billing period (the quota's "used"). */
export const countUsageInPeriod = async (db: Db, userId: string, period: Period) => {
  const [row] = await db
    .select({ n: count() })
    .from(usageEvents)
    .where(
      and(
        eq(usageEvents.userId, userId),
        gte(usageEvents.createdAt, period.start),
        lt(usageEvents.createdAt, period.end),
      ),
    );
  return row?.n ?? 0;
};

/**
 * Takes a reserved unit back (its work failed before completing): the ledger row under `key`
 * goes, so the quota is as if the work had never been asked for. Call it in the transaction that
 * records the failure, so a unit is never both given back and delivered.
 */
export const releaseUsage = async (db: Db, userId: string, key: string) => {
  await db
    .delete(usageEvents)
    .where(and(eq(usageEvents.userId, userId), eq(usageEvents.idempotencyKey, key)));
};
