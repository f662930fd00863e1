import { eq } from 'drizzle-orm';
import { PLANS } from '#contract/plans';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { countProducts } from '../products/products-repo';

const planOf = async (db: Database, userId: string) => {
  const [user] = await db.select({ plan: users.plan }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound('User not found');
  return PLANS[user.plan];
};

/**
 * The plan's limits on things a user keeps (DESIGN §4), enforced on the server with 402 and the
 * code the web maps to the upgrade dialog. The plan table in the contract is the only source.
 */
export const createPlanLimits = (db: Database) => ({
  /** free and basic 1 product, plus 5, pro unlimited: 402 product_limit past it. */
  assertCanCreateProduct: async (userId: string) => {
    const plan = await planOf(db, userId);
    const limit = plan.productLimit;
    if (limit !== null && (await countProducts(db, userId)) >= limit) {
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
