import { createBrowserRouter } from 'react-router';
import { ResetPasswordPage } from '@/features/auth/components/reset-password-page';
import { DashboardPage } from '@/features/dashboard/components/dashboard-page';
import { TikTokCallbackPage } from '@/features/tiktok/components/tiktok-callback-page';
import { SettingsPage } from '@/features/settings/components/settings-page';
import { AppArea, SignedInArea } from './routes/app-area';
import { HomeRoute } from './routes/home-route';
import { NotFoundRoute } from './routes/not-found-route';
import { OnboardingPage } from '@/features/onboarding/components/onboarding-page';
import { PendingRoute } from './routes/pending-routes';
import { PricingRoute, PrivacyRoute, TermsRoute } from './routes/public-routes';
import { RootLayout } from './routes/root-layout';

/** Spec 01 §2 route table. `/*` marks the two prefix matches. */
export const createRouter = () =>
  createBrowserRouter([
    {
      element: <RootLayout />,
      children: [
        { path: '/', element: <HomeRoute /> },
        { path: '/terms', element: <TermsRoute /> },
        { path: '/privacy', element: <PrivacyRoute /> },
        { path: '/pricing', element: <PricingRoute /> },
        { path: '/reset-password/*', element: <ResetPasswordPage /> },
        {
          element: <SignedInArea />,
          children: [
            { path: '/onboarding', element: <OnboardingPage /> },
            { path: '/app/tiktok-callback/*', element: <TikTokCallbackPage /> },
          ],
        },
        {
          element: <AppArea />,
          children: [
            { path: '/app', element: <DashboardPage /> },
            { path: '/create', element: <PendingRoute area="create" /> },
            { path: '/campaigns', element: <PendingRoute area="campaigns" /> },
            { path: '/templates', element: <PendingRoute area="templates" /> },
            { path: '/characters', element: <PendingRoute area="characters" /> },
            { path: '/analytics', element: <PendingRoute area="analytics" /> },
            { path: '/products', element: <PendingRoute area="products" /> },
            { path: '/settings', element: <SettingsPage /> },
          ],
        },
        { path: '*', element: <NotFoundRoute /> },
      ],
    },
  ]);
