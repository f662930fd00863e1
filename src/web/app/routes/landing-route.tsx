import { lazy, Suspense, useEffect } from 'react';
import { LandingPage } from '@/features/marketing/components/landing-page';
import { prefetchAuthDialog, useAuthDialog } from '../auth-dialog-context';
import { useEmailConfirmedLanding } from '../use-email-confirmed-landing';

// The plan cards (and the purchase sequence behind them) sit far below the fold: they load
// after the first paint, so the landing page's first load stays small (decision 032).
const PurchasablePlanCards = lazy(() =>
  import('./public-routes').then((m) => ({ default: m.PurchasablePlanCards })),
);

export const LandingRoute = () => {
  const { openAuthDialog } = useAuthDialog();
  useEmailConfirmedLanding();
  // Every button above the fold opens the sign-in dialog: its code is fetched once the page is
  // idle, so the first click shows it at once (issue 26: within 100 ms) rather than after a fetch.
  useEffect(() => {
    if (!('requestIdleCallback' in window)) return void prefetchAuthDialog();
    const idle = window.requestIdleCallback(prefetchAuthDialog, { timeout: 2000 });
    return () => window.cancelIdleCallback(idle);
  }, []);
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
