import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { PLANS } from '#contract/plans';
import type { TPaidPlanKey } from '#contract/plans';
import { toast } from '@/components/ui/use-toast';
import { updateSubscription } from '../api/update-subscription';
import { BILLING_SUCCESS_HREF, PLAN_TOAST_SHOWN } from './use-billing-success';

/**
 * The first step of every purchase (docs/product/billing.md rule 7): change an existing
 * subscription in place. Resolves true when that is done (and the user is on
 * /settings?billing=success); false when there is no subscription to change or the change failed,
 * and the caller goes to checkout.
 */
export const useChangePlanInPlace = () => {
  const navigate = useNavigate();
  return useCallback(
    async (plan: TPaidPlanKey): Promise<boolean> => {
      // Someone without a subscription gets a 4xx here; that is the normal way to checkout.
      const updated = await updateSubscription(plan).catch(() => false);
      if (!updated) return false;
      toast({ title: 'Plan updated', description: `You're now on the ${PLANS[plan].title} plan.` });
      // The settings page refreshes the user and entitlements; it skips its own toast.
      void navigate(BILLING_SUCCESS_HREF, { state: { [PLAN_TOAST_SHOWN]: true } });
      return true;
    },
    [navigate],
  );
};
