import { useCallback, useMemo } from 'react';
import type { TPaidPlanKey, TPlanKey } from '#contract/plans';
import { toast } from '@/components/ui/use-toast';
import { assignLocation } from '@/lib/browser-location';
import { billingErrorMessage } from '../api/billing-error-message';
import { createCheckoutSession } from '../api/create-checkout-session';
import { createPortalSession } from '../api/create-portal-session';
import { useChangePlanInPlace } from './use-change-plan-in-place';

const failed = (title: string, error: unknown, fallback: string) =>
  toast({ title, description: billingErrorMessage(error, fallback), variant: 'destructive' });

export type BillingActions = {
  manageBilling: () => Promise<void>;
  checkout: (plan: TPaidPlanKey) => Promise<void>;
  upgrade: (plan: TPaidPlanKey) => Promise<void>;
};

/** The buttons of Settings → Billing (docs/product/billing.md rule 9), with their toasts. */
export const useBillingActions = (currentPlan: TPlanKey): BillingActions => {
  const changeInPlace = useChangePlanInPlace();

  const checkout = useCallback(async (plan: TPaidPlanKey) => {
    try {
      assignLocation(await createCheckoutSession({ plan }));
    } catch (error) {
      failed('Checkout failed', error, 'Failed to start checkout');
    }
  }, []);

  const manageBilling = useCallback(async () => {
    try {
      assignLocation(await createPortalSession());
    } catch (error) {
      failed('Portal error', error, 'Failed to open portal');
    }
  }, []);

  const upgrade = useCallback(
    async (plan: TPaidPlanKey) => {
      // Without a subscription there is nothing to change in place: an upgrade is a purchase.
      if (currentPlan === 'free') return checkout(plan);
      if (await changeInPlace(plan)) return;
      try {
        // A subscriber has had their trial; a second subscription should not start another.
        assignLocation(await createCheckoutSession({ plan, trial: false }));
      } catch (error) {
        failed('Upgrade failed', error, 'Failed to start upgrade');
      }
    },
    [currentPlan, checkout, changeInPlace],
  );

  return useMemo(() => ({ manageBilling, checkout, upgrade }), [manageBilling, checkout, upgrade]);
};
