import { useQueryClient } from '@tanstack/react-query';
import { PlanCards } from '@/features/billing/components/plan-cards';
import { usePurchasePlan } from '@/features/billing/hooks/use-purchase-plan';
import { PrivacyPage } from '@/features/marketing/components/privacy-page';
import { TermsPage } from '@/features/marketing/components/terms-page';
import { PricingPage } from '@/features/pricing/components/pricing-page';
import { useAuth } from '@/lib/auth/auth-provider';
import { getUserQueryOptions } from '@/lib/auth/get-user';
import { usePublicConfig } from '@/lib/public-config';
import { useAuthDialog } from '../auth-dialog-context';

/**
 * Plan cards wired to the purchase sequence; signed-out buyers are asked to sign up first. A
 * click while a stored session is still being checked waits for that answer (the card reads
 * "Processing…"), so a signed-in seller's first click opens the checkout, never the sign-up
 * dialog (decision 110).
 */
export const PurchasablePlanCards = () => {
  const { isAuthenticated, isLoading, user } = useAuth();
  const { openAuthDialog } = useAuthDialog();
  const queryClient = useQueryClient();
  const purchase = usePurchasePlan();
  const signedIn = async () => {
    if (isAuthenticated) return true;
    if (!isLoading) return false;
    // The user call already in flight is joined, not sent twice; a 401 answers null.
    const known = await queryClient.fetchQuery(getUserQueryOptions(true)).catch(() => null);
    return known !== null;
  };
  return (
    <PlanCards
      currentPlan={user?.plan}
      onBuy={async (plan) => {
        if (!(await signedIn())) {
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
