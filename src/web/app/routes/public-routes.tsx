import { PlanCards } from '@/features/billing/components/plan-cards';
import { usePurchasePlan } from '@/features/billing/hooks/use-purchase-plan';
import { PrivacyPage } from '@/features/marketing/components/privacy-page';
import { TermsPage } from '@/features/marketing/components/terms-page';
import { PricingPage } from '@/features/pricing/components/pricing-page';
import { useAuth } from '@/lib/auth/auth-provider';
import { usePublicConfig } from '@/lib/public-config';
import { useAuthDialog } from '../auth-dialog-context';

/** Plan cards wired to the purchase sequence; signed-out buyers are asked to sign up first. */
export const PurchasablePlanCards = () => {
  const { isAuthenticated, user } = useAuth();
  const { openAuthDialog } = useAuthDialog();
  const purchase = usePurchasePlan();
  return (
    <PlanCards
      currentPlan={user?.plan}
      onBuy={async (plan) => {
        if (!isAuthenticated) {
          openAuthDialog('signup');
          return;
        }
        await purchase(plan);
      }}
    />
  );
};

const useSupportEmail = () => usePublicConfig().data?.supportEmail ?? 'support@hookreel.app';

export const TermsRoute = () => <TermsPage supportEmail={useSupportEmail()} />;
export const PrivacyRoute = () => <PrivacyPage supportEmail={useSupportEmail()} />;
export const PricingRoute = () => <PricingPage planCards={<PurchasablePlanCards />} />;
