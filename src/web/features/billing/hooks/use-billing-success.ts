import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { toast } from '@/components/ui/use-toast';
import { invalidateEntitlements } from '@/lib/entitlements';
import { queryKeys } from '@/lib/query-keys';

/**
 * Where a finished plan change lands (docs/product/billing.md rule 7), from checkout or an in-place
 * change.
 */
export const BILLING_SUCCESS_HREF = '/settings?billing=success';

/** Navigation state set by the purchase sequence, which has already said "Plan updated". */
export const PLAN_TOAST_SHOWN = 'planToastShown';

/**
 * Handles ?billing=success on /settings once: one toast, fresh user (the sidebar's plan badge)
 * and entitlements (quota), then the flag leaves the URL so a reload does not repeat it.
 */
export const useBillingSuccess = () => {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const queryClient = useQueryClient();
  // Strict mode runs effects twice; the location key tells a repeat from a new arrival.
  const handledKey = useRef<string | null>(null);
  const success = searchParams.get('billing') === 'success';
  const toastShown =
    (location.state as Record<string, unknown> | null)?.[PLAN_TOAST_SHOWN] === true;

  useEffect(() => {
    if (!success || handledKey.current === location.key) return;
    handledKey.current = location.key;
    if (!toastShown) {
      toast({ title: 'Plan updated', description: 'Thank you! Your subscription is active.' });
    }
    void queryClient.invalidateQueries({ queryKey: queryKeys.user });
    void invalidateEntitlements(queryClient);
    void queryClient.invalidateQueries({ queryKey: queryKeys.billingSummary });
    const next = new URLSearchParams(searchParams);
    next.delete('billing');
    // The buyer came to see their new plan: show it rather than the General tab.
    if (!next.has('tab')) next.set('tab', 'billing');
    setSearchParams(next, { replace: true });
  }, [success, toastShown, location.key, searchParams, setSearchParams, queryClient]);
};
