import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { PLANS } from '#contract/plans';
import type { TPaidPlanKey } from '#contract/plans';
import { toast } from '@/components/ui/use-toast';
import { assignLocation } from '@/lib/browser-location';
import { billingErrorMessage } from '../api/billing-error-message';
import { createCheckoutSession } from '../api/create-checkout-session';
import { updateSubscription } from '../api/update-subscription';
import { BILLING_SUCCESS_HREF, PLAN_TOAST_SHOWN } from './use-billing-success';

/** `updated`: changed in place; `checkout`: the browser is leaving for the checkout page. */
export type PurchaseOutcome = 'updated' | 'checkout' | 'failed';

/**
 * Spec 01 §4 "Plan purchase": try an in-place plan change first (200 means done), otherwise
 * start a checkout and follow its URL.
 */
export const usePurchasePlan = () => {
  const navigate = useNavigate();
  return useCallback(
    async (plan: TPaidPlanKey): Promise<PurchaseOutcome> => {
      // Someone without a subscription gets a 4xx here; that is the normal way to checkout.
      const updated = await updateSubscription(plan).catch(() => false);
      if (updated) {
        toast({
          title: 'Plan updated',
          description: `You're now on the ${PLANS[plan].title} plan.`,
        });
        // The settings page refreshes the user and entitlements; it skips its own toast.
        void navigate(BILLING_SUCCESS_HREF, { state: { [PLAN_TOAST_SHOWN]: true } });
        return 'updated';
      }
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
    [navigate],
  );
};
