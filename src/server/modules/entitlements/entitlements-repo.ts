import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { products, usageEvents, users } from '../../db/schema';
import type { Period } from './entitlements-rules';

/**
 * The counts the entitlements need in one round trip: the product count and the generations
 * counted in `month` (the calendar period, which is the quota's period unless the user has a live
 * billing period). The plan itself is billing's to read.
 */
const entitlementCounts = preparedQuery('entitlement_counts', (db, name) => {
  const userId = sql.placeholder('userId');
  return db
    .select({
      productCount:
        sql<number>`(select count(*) from ${products} where ${eq(products.userId, userId)})`.mapWith(
          Number,
        ),
      usedInMonth: sql<number>`(select count(*) from ${usageEvents} where ${and(
        eq(usageEvents.userId, userId),
        gte(usageEvents.createdAt, sql.placeholder('start')),
        lt(usageEvents.createdAt, sql.placeholder('end')),
      )})`.mapWith(Number),
    })
    .from(users)
    .where(eq(users.id, userId))
    .prepare(name);
});

export const findEntitlementCounts = async (db: Database, userId: string, month: Period) => {
  const [row] = await entitlementCounts(db).execute({
    userId,
    start: month.start,
    end: month.end,
  });
  return row;
};
