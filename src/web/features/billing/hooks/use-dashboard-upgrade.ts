import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { PAID_PLAN_KEYS, nextPlan } from '#contract/plans';
import type { TPaidPlanKey } from '#contract/plans';
import { paths } from '@/config/paths';
import { assignLocation } from '@/lib/browser-location';
import { createCheckoutSession } from '../api/create-checkout-session';
import { createPortalSession } from '../api/create-portal-session';
import { updateSubscription } from '../api/update-subscription';
import { BILLING_SUCCESS_HREF } from './use-billing-success';

const isPaidPlan = (plan: string | null | undefined): plan is TPaidPlanKey =>
  PAID_PLAN_KEYS.some((key) => key === plan);

/**
 * The dashboard usage card's "Upgrade" (docs/product/billing.md rule 8): portal, then an in-place
 * move to the next plan, then a checkout for it without a trial. Every failure falls silently to
 * the next step (docs/product/billing.md rule 8); the last resort is the billing tab, where the
 * buttons explain themselves.
 */
export const useDashboardUpgrade = () => {
  const navigate = useNavigate();
  return useCallback(
    async (plan: string | null | undefined) => {
      const fallback = paths.settings.getHref('billing');
      if (!isPaidPlan(plan)) {
        void navigate(fallback);
        return;
      }
      try {
        assignLocation(await createPortalSession());
        return;
      } catch {
        // Next step.
      }
      const next = nextPlan(plan);
      if (await updateSubscription(next).catch(() => false)) {
        void navigate(BILLING_SUCCESS_HREF);
        return;
      }
      try {
        assignLocation(await createCheckoutSession({ plan: next, trial: false }));
        return;
      } catch {
        // Last resort below.
      }
      void navigate(fallback);
    },
    [navigate],
  );
};
