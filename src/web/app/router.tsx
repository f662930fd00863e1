import { createBrowserRouter } from 'react-router';
import { tiktokSandboxRoutes } from '@/features/tiktok-sandbox/routes';
import { AppArea, SignedInArea } from './routes/app-area';
import { HomeRoute } from './routes/home-route';
import { NotFoundRoute } from './routes/not-found-route';
import { RootLayout } from './routes/root-layout';

/**
 * What a lazy page shows while its code loads on the first page load. The layouts above it
 * (and their loading screens) render meanwhile, so this needs nothing of its own; without it
 * the router renders a blank page and warns in the console on every deep link.
 */
const PageCodeLoading = () => null;

// Every page but the landing is loaded on first visit, so a visitor downloads only what "/" needs.
const page = <T,>(load: () => Promise<T>, pick: (m: T) => React.ComponentType) => ({
  HydrateFallback: PageCodeLoading,
  lazy: async () => ({ Component: pick(await load()) }),
});
/** docs/product/app.md rule 1 route table. `/*` marks the two prefix matches. */
export const createRouter = () =>
  createBrowserRouter([
    {
      element: <RootLayout />,
      children: [
        { path: '/', element: <HomeRoute /> },
        {
          path: '/terms',
          ...page(
            () => import('./routes/public-routes'),
            (m) => m.TermsRoute,
          ),
        },
        {
          path: '/privacy',
          ...page(
            () => import('./routes/public-routes'),
            (m) => m.PrivacyRoute,
          ),
        },
        {
          path: '/pricing',
          ...page(
            () => import('./routes/public-routes'),
            (m) => m.PricingRoute,
          ),
        },
        {
          path: '/reset-password/*',
          ...page(
            () => import('@/features/auth/components/reset-password-page'),
            (m) => m.ResetPasswordPage,
          ),
        },
        {
          path: '/tiktok-debug',
          ...page(
            () => import('@/features/tiktok/components/tiktok-debug-page'),
            (m) => m.TikTokDebugPage,
          ),
        },
        {
          element: <SignedInArea />,
          children: [
            {
              path: '/onboarding',
              ...page(
                () => import('@/features/onboarding/components/onboarding-page'),
                (m) => m.OnboardingPage,
              ),
            },
            ...tiktokSandboxRoutes,
            {
              path: '/app/tiktok-callback/*',
              ...page(
                () => import('@/features/tiktok/components/tiktok-callback-page'),
                (m) => m.TikTokCallbackPage,
              ),
            },
          ],
        },
        {
          element: <AppArea />,
          children: [
            {
              path: '/app',
              ...page(
                () => import('./routes/dashboard-route'),
                (m) => m.DashboardRoute,
              ),
            },
            {
              path: '/create',
              ...page(
                () => import('./routes/create-route'),
                (m) => m.CreateRoute,
              ),
            },
            {
              path: '/campaigns',
              ...page(
                () => import('./routes/campaigns-route'),
                (m) => m.CampaignsRoute,
              ),
            },
            {
              path: '/templates',
              ...page(
                () => import('./routes/templates-route'),
                (m) => m.TemplatesRoute,
              ),
            },
            {
              path: '/characters',
              ...page(
                () => import('./routes/characters-route'),
                (m) => m.CharactersRoute,
              ),
            },
            {
              path: '/analytics',
              ...page(
                () => import('@/features/analytics/components/analytics-page'),
                (m) => m.AnalyticsPage,
              ),
            },
            {
              path: '/products',
              ...page(
                () => import('./routes/products-route'),
                (m) => m.ProductsRoute,
              ),
            },
            {
              path: '/settings',
              ...page(
                () => import('./routes/settings-route'),
                (m) => m.SettingsRoute,
              ),
            },
          ],
        },
        { path: '*', element: <NotFoundRoute /> },
      ],
    },
  ]);
