import { useCallback } from 'react';
import type { TPaidPlanKey } from '#contract/plans';
import { toast } from '@/components/ui/use-toast';
import { assignLocation } from '@/lib/browser-location';
import { billingErrorMessage } from '../api/billing-error-message';
import { createCheckoutSession } from '../api/create-checkout-session';
import { useChangePlanInPlace } from './use-change-plan-in-place';

/** `updated`: changed in place; `checkout`: the browser is leaving for the checkout page. */
export type PurchaseOutcome = 'updated' | 'checkout' | 'failed';

/**
 * docs/product/billing.md rule 7: try an in-place plan change first (200 means
 * done), otherwise start a checkout and follow its URL.
 */
export const usePurchasePlan = () => {
  const changeInPlace = useChangePlanInPlace();
  return useCallback(
    async (plan: TPaidPlanKey): Promise<PurchaseOutcome> => {
      if (await changeInPlace(plan)) return 'updated';
      try {
        assignLocation(await createCheckoutSession({ plan }));
        return 'checkout';
      } catch (error) {
        toast({
          title: 'Billing error',
          description: billingErrorMessage(error, 'Failed to start checkout'),
          variant: 'destructive',
        });
        return 'failed';
      }
    },
    [changeInPlace],
  );
};
