import { and, count, eq, gte, lt } from 'drizzle-orm';
import type { TEntitlements } from '#contract/entitlements';
import type { Database } from '../../db/client';
import { products, usageEvents, users } from '../../db/schema';
import { notFound } from '../../errors';
import { computeEntitlements, currentPeriod } from './entitlements-rules';

export const createEntitlementsService = (db: Database) => ({
  getEntitlements: async (userId: string, now = new Date()): Promise<TEntitlements> => {
    const [user] = await db
      .select({
        plan: users.plan,
        subscriptionStatus: users.subscriptionStatus,
        currentPeriodEnd: users.currentPeriodEnd,
      })
      .from(users)
      .where(eq(users.id, userId));
    if (!user) throw notFound('User not found');
    const period = currentPeriod(user.currentPeriodEnd, now);
    const [[productRow], [usageRow]] = await Promise.all([
      db.select({ n: count() }).from(products).where(eq(products.userId, userId)),
      db
        .select({ n: count() })
        .from(usageEvents)
        .where(
          and(
            eq(usageEvents.userId, userId),
            gte(usageEvents.createdAt, period.start),
            lt(usageEvents.createdAt, period.end),
          ),
        ),
    ]);
    return computeEntitlements({
      plan: user.plan,
      subscriptionStatus: user.subscriptionStatus,
      productCount: productRow?.n ?? 0,
      used: usageRow?.n ?? 0,
      period,
    });
  },
});

export type EntitlementsService = ReturnType<typeof createEntitlementsService>;
