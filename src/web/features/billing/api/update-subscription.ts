import type { TPaidPlanKey } from '#contract/plans';
import { apiRequestWithStatus } from '@/lib/api-client';

/**
 * In-place plan change for an existing subscriber. True only on 200 (docs/product/billing.md rule
 * 7: "200 only when done"); any other answer, including an error, means the caller falls back to
 * checkout.
 */
export const updateSubscription = async (plan: TPaidPlanKey): Promise<boolean> => {
  const { status } = await apiRequestWithStatus<unknown>('/api/billing/update-subscription', {
    body: { plan },
  });
  return status === 200;
};
