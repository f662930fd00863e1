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
