import { CampaignsScheduleCard } from '@/features/campaigns/components/campaigns-schedule-card';
import { useDashboardUpgrade } from '@/features/billing/hooks/use-dashboard-upgrade';
import { DashboardPage } from '@/features/dashboard/components/dashboard-page';
import { NextBestActionCard } from '@/features/dashboard/components/next-best-action-card';
import { UsageCard } from '@/features/dashboard/components/usage-card';
import { TikTokConnectionControl } from '@/features/tiktok/components/tiktok-connection-control';
import { useAuth } from '@/lib/auth/auth-provider';
import { useEntitlements } from '@/lib/entitlements';

const DashboardUsage = () => {
  const { user } = useAuth();
  const { data: entitlements } = useEntitlements();
  const upgrade = useDashboardUpgrade();
  if (!entitlements) return null;
  return (
    <UsageCard
      limit={entitlements.limit}
      remainingQuota={entitlements.remainingQuota}
      onUpgrade={() => upgrade(entitlements.plan ?? user?.plan)}
    />
  );
};

/** /app with the TikTok control and the usage and Next Best Action cards in the dashboard's slots. */
export const DashboardRoute = () => (
  <DashboardPage
    usage={<DashboardUsage />}
    nextBestAction={<NextBestActionCard />}
    tiktokControl={<TikTokConnectionControl />}
    campaignsSchedule={<CampaignsScheduleCard />}
  />
);
