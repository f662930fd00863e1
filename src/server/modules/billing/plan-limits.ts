import { PLANS } from '#contract/plans';
import type { Db } from '../../db/types';
import { AppError } from '../../errors';
import { createUserPlans } from './user-plan';

const planOf = async (db: Db, userId: string) => PLANS[(await createUserPlans(db).of(userId)).plan];

/**
 * The plan's limits on things a user keeps (docs/product/billing.md rule 4), enforced on the server
 * with 402 and the code the web maps to the upgrade dialog. The plan table in the contract is the
 * only source.
 */
export const createPlanLimits = (db: Db) => ({
  /**
   * free and basic 1 product, plus 5, pro unlimited: 402 product_limit past it. The caller counts
   * the user's products (billing knows plans, not products).
   */
  assertCanCreateProduct: async (userId: string, productCount: number) => {
    const plan = await planOf(db, userId);
    const limit = plan.productLimit;
    if (limit !== null && productCount >= limit) {
      throw new AppError(
        'product_limit',
        `Your ${plan.title} plan includes ${limit} product${limit === 1 ? '' : 's'}. Upgrade to add more.`,
      );
    }
  },

  /** Campaigns come with every paid plan: 402 campaign_limit on free. */
  assertCanCreateCampaign: async (userId: string) => {
    const plan = await planOf(db, userId);
    if (!plan.campaigns) {
      throw new AppError(
        'campaign_limit',
        'Campaigns come with the paid plans. Upgrade to automate your posting.',
      );
    }
  },
});

export type PlanLimits = ReturnType<typeof createPlanLimits>;
