import type { TEntitlements } from '#contract/entitlements';
import type { Database } from '../../db/client';
import { notFound } from '../../errors';
import type { SubscriptionState } from '../billing';
import { createUserPlans, stateOfRow } from '../billing';
import { findEntitlementCounts } from './entitlements-repo';
import type { Period } from './entitlements-rules';
import { computeEntitlements, currentPeriod } from './entitlements-rules';

type Options = {
  /**
   * Generations the usage ledger counted in a live billing period (the calendar month's count
   * comes with the other inputs). Passed in because the ledger itself applies these rules
   * (usage imports entitlements, not the other way round).
   */
  usedInPeriod: (userId: string, period: Period) => Promise<number>;
  /**
   * Renews or ends a subscription whose period has passed (the local checkout settles lazily);
   * true when it changed the row. It decides from the row already read, so the usual read costs
   * no extra query.
   */
  settleIfDue?: (userId: string, state: SubscriptionState) => Promise<boolean>;
};

export const createEntitlementsService = (
  db: Database,
  { usedInPeriod, settleIfDue }: Options,
) => ({
  getEntitlements: async (userId: string, now = new Date()): Promise<TEntitlements> => {
    const month = currentPeriod(null, now);
    // Both reads at once: every screen asks for this, so it costs one round trip of latency.
    const read = async () => {
      const [plan, counts] = await Promise.all([
        createUserPlans(db).of(userId),
        findEntitlementCounts(db, userId, month),
      ]);
      if (!counts) throw notFound('User not found');
      return { ...plan, ...counts };
    };
    let user = await read();
    if (settleIfDue && (await settleIfDue(userId, stateOfRow(user)))) user = await read();
    const period = currentPeriod(user.currentPeriodEnd, now);
    const { productCount } = user;
    const inMonth =
      period.start.getTime() === month.start.getTime() &&
      period.end.getTime() === month.end.getTime();
    const used = inMonth ? user.usedInMonth : await usedInPeriod(userId, period);
    return {
      ...computeEntitlements({
        plan: user.plan,
        subscriptionStatus: user.subscriptionStatus,
        productCount,
        used,
        period,
      }),
      subscriptionStatus: user.subscriptionStatus,
      cancelAtPeriodEnd: user.plan !== 'free' && user.cancelAtPeriodEnd,
    };
  },
});

export type EntitlementsService = ReturnType<typeof createEntitlementsService>;
