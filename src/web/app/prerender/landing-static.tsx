import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { PlanCards } from '@/features/billing/components/plan-cards';
import { LandingPage } from '@/features/marketing/components/landing-page';

/**
 * The landing page as static HTML, rendered at build (scripts/prerender-landing.ts). Its buttons
 * do nothing by themselves: the boot script loads the app on the first click and hands the click
 * on (decision 052). The plan cards are the landing route's own, without their purchase wiring.
 */
export const renderLandingHtml = (): string =>
  renderToString(
    <MemoryRouter>
      <LandingPage onLaunchApp={() => {}} pricing={<PlanCards onBuy={async () => {}} />} />
    </MemoryRouter>,
  );
