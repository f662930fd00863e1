import { lazy, Suspense } from 'react';
import { LandingPage } from '@/features/marketing/components/landing-page';
import { useAuthDialog } from '../auth-dialog-context';
import { useEmailConfirmedLanding } from '../use-email-confirmed-landing';

// The plan cards (and the purchase sequence behind them) sit far below the fold: they load
// after the first paint, so the landing page's first load stays small (decision 032).
const PurchasablePlanCards = lazy(() =>
  import('./public-routes').then((m) => ({ default: m.PurchasablePlanCards })),
);

export const LandingRoute = () => {
  const { openAuthDialog } = useAuthDialog();
  useEmailConfirmedLanding();
  return (
    <LandingPage
      onLaunchApp={() => openAuthDialog('signin')}
      pricing={
        <Suspense fallback={null}>
          <PurchasablePlanCards />
        </Suspense>
      }
    />
  );
};
