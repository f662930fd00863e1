import { CampaignsPage } from '@/features/campaigns/components/campaigns-page';
import { useUpgradeDialog } from '../upgrade-dialog-context';

/** /campaigns, with the app's upgrade dialog for the free plan's campaign_limit. */
export const CampaignsRoute = () => {
  const { openUpgradeDialog } = useUpgradeDialog();
  return <CampaignsPage openUpgradeDialog={openUpgradeDialog} />;
};
