import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { products, usageEvents, users } from '../../db/schema';
import type { Period } from './entitlements-rules';

/**
 * The counts the entitlements need in one round trip: the product count and the generations
 * counted in `month` (the calendar period, which is the quota's period unless the user has a live
 * billing period). The plan itself is billing's to read.
 */
export const findEntitlementCounts = async (db: Database, userId: string, month: Period) => {
  const [row] = await db
    .select({
      productCount:
        sql<number>`(select count(*) from ${products} where ${eq(products.userId, userId)})`.mapWith(
          Number,
        ),
      usedInMonth: sql<number>`(select count(*) from ${usageEvents} where ${and(
        eq(usageEvents.userId, userId),
        gte(usageEvents.createdAt, month.start),
        lt(usageEvents.createdAt, month.end),
      )})`.mapWith(Number),
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
};
