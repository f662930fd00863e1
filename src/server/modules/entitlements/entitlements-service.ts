import type { TEntitlements } from '#contract/entitlements';
import type { Database } from '../../db/client';
import type { SubscriptionState } from '../billing';
import { readUserPlan, stateOfRow } from '../billing';
import { countProducts } from '../products';
import type { Period } from './entitlements-rules';
import { computeEntitlements, currentPeriod } from './entitlements-rules';

type Options = {
  /**
   * Generations the usage ledger counted in the period. Passed in because the ledger itself
   * applies these rules (usage imports entitlements, not the other way round).
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
    let user = await readUserPlan(db, userId);
    if (settleIfDue && (await settleIfDue(userId, stateOfRow(user)))) {
      user = await readUserPlan(db, userId);
    }
    const period = currentPeriod(user.currentPeriodEnd, now);
    const [productCount, used] = await Promise.all([
      countProducts(db, userId),
      usedInPeriod(userId, period),
    ]);
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
