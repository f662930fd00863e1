import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { TPaidPlanKey } from '#contract/plans';
import { toast } from '@/components/ui/use-toast';
import { ApiError, apiRequest } from '@/lib/api-client';

/**
 * Spec 01 §4 "Plan purchase": try an in-place plan change first (200 means done), otherwise
 * start a checkout and follow its URL.
 */
export const usePurchasePlan = () => {
  const navigate = useNavigate();
  return useCallback(
    async (plan: TPaidPlanKey) => {
      try {
        await apiRequest<unknown>('/api/billing/update-subscription', { body: { plan } });
        toast({ title: 'Plan updated', description: `You are now on the ${plan} plan.` });
        void navigate('/settings?billing=success');
        return;
      } catch {
        // Not a subscriber yet (or the change failed): fall back to checkout.
      }
      try {
        const { url } = await apiRequest<{ url?: string; error?: string }>(
          '/api/billing/create-checkout-session',
          {
            body: { plan },
          },
        );
        if (!url) throw new Error('No checkout URL');
        window.location.assign(url);
      } catch (error) {
        const message =
          error instanceof ApiError && error.status !== 404 && error.serverMessage
            ? error.serverMessage
            : 'Failed to start checkout';
        toast({ title: 'Billing error', description: message, variant: 'destructive' });
      }
    },
    [navigate],
  );
};
