import { useEffect } from 'react';
import { PLANS } from '#contract/plans';
import type { TPlanKey } from '#contract/plans';
import { toast } from '@/components/ui/use-toast';
import { useBillingSummary } from '@/features/billing/api/get-billing-summary';
import { useBillingActions } from '@/features/billing/hooks/use-billing-actions';
import { useBillingSuccess } from '@/features/billing/hooks/use-billing-success';
import { BillingTab } from '@/features/settings/components/billing-tab';
import { SettingsPage } from '@/features/settings/components/settings-page';
import { TikTokSettingsTab } from '@/features/tiktok/components/tiktok-settings-tab';
import { useTikTokQueryToasts } from '@/features/tiktok/hooks/use-tiktok-query-toasts';
import { useAuth } from '@/lib/auth/auth-provider';
import { PurchasablePlanCards } from './public-routes';

const SettingsBillingTab = () => {
  const { user } = useAuth();
  const plan: TPlanKey = user?.plan && user.plan in PLANS ? user.plan : 'free';
  const summary = useBillingSummary();
  const actions = useBillingActions(plan);

  useEffect(() => {
    if (summary.isError) toast({ title: 'Failed to load billing summary', variant: 'destructive' });
  }, [summary.isError]);

  return (
    <BillingTab
      plan={plan}
      subscriptionStatus={user?.subscriptionStatus ?? user?.subscription_status ?? null}
      currentPeriodEnd={user?.currentPeriodEnd ?? user?.current_period_end ?? null}
      summary={summary.data}
      isSummaryLoading={summary.isPending && !summary.isError}
      onManageBilling={actions.manageBilling}
      onGetBasic={() => actions.checkout('basic')}
      onUpgrade={actions.upgrade}
      planCards={<PurchasablePlanCards />}
    />
  );
};

/** /settings with the TikTok and billing tabs and their query-string hand-offs. */
export const SettingsRoute = () => {
  useBillingSuccess();
  useTikTokQueryToasts();
  return <SettingsPage tiktokTab={<TikTokSettingsTab />} billingTab={<SettingsBillingTab />} />;
};
