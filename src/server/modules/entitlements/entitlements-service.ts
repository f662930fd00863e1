import { count, eq } from 'drizzle-orm';
import type { TEntitlements } from '#contract/entitlements';
import type { Database } from '../../db/client';
import { products, users } from '../../db/schema';
import { notFound } from '../../errors';
import { subscriptionColumns } from '../billing/billing-repo';
import type { SubscriptionState } from '../billing/subscription-state';
import { stateOfRow } from '../billing/subscription-state';
import { countUsageInPeriod } from '../usage/usage-repo';
import { computeEntitlements, currentPeriod } from './entitlements-rules';

const readUser = async (db: Database, userId: string) => {
  const [user] = await db.select(subscriptionColumns).from(users).where(eq(users.id, userId));
  return user;
};

type Options = {
  /**
   * Renews or ends a subscription whose period has passed (the local checkout settles lazily);
   * true when it changed the row. It decides from the row already read, so the usual read costs
   * no extra query.
   */
  settleIfDue?: (userId: string, state: SubscriptionState) => Promise<boolean>;
};

export const createEntitlementsService = (db: Database, { settleIfDue }: Options = {}) => ({
  getEntitlements: async (userId: string, now = new Date()): Promise<TEntitlements> => {
    let user = await readUser(db, userId);
    if (user && settleIfDue && (await settleIfDue(userId, stateOfRow(user)))) {
      user = await readUser(db, userId);
    }
    if (!user) throw notFound('User not found');
    const period = currentPeriod(user.currentPeriodEnd, now);
    const [[productRow], used] = await Promise.all([
      db.select({ n: count() }).from(products).where(eq(products.userId, userId)),
      countUsageInPeriod(db, userId, period),
    ]);
    return {
      ...computeEntitlements({
        plan: user.plan,
        subscriptionStatus: user.subscriptionStatus,
        productCount: productRow?.n ?? 0,
        used: used,
        period,
      }),
      subscriptionStatus: user.subscriptionStatus,
      cancelAtPeriodEnd: user.plan !== 'free' && user.cancelAtPeriodEnd,
    };
  },
});

export type EntitlementsService = ReturnType<typeof createEntitlementsService>;
