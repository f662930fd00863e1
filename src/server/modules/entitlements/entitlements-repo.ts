import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { products, usageEvents, users } from '../../db/schema';
import { subscriptionColumns } from '../billing';
import type { Period } from './entitlements-rules';

/**
 * Everything the entitlements need in one round trip: the plan columns, the product count and
 * the generations counted in `month` (the calendar period, which is the quota's period unless the
 * user has a live billing period). Three queries before; every screen asks for this.
 */
export const findEntitlementInputs = async (db: Database, userId: string, month: Period) => {
  const [row] = await db
    .select({
      ...subscriptionColumns,
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
