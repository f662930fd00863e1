import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigate } from 'react-router';
import { isTikTokSandboxPath } from '@/features/tiktok-sandbox/routes';
import { useAuth } from '@/lib/auth/auth-provider';
import { useEntitlements } from '@/lib/entitlements';
import { AuthDialogProvider } from '../auth-dialog-context';
import { UpgradeDialogProvider } from '../upgrade-dialog-context';

/**
 * Pages a signed-in user without app access may still open: reading the legal pages, buying
 * a plan, finishing a password reset (docs/decisions/003-onboarding-redirect-exemptions.md).
 */
const STAYS_WITHOUT_ACCESS = [
  '/',
  '/onboarding',
  '/terms',
  '/privacy',
  '/pricing',
  '/tiktok-debug',
];

const useOnboardingRedirect = () => {
  const { isAuthenticated } = useAuth();
  const entitlements = useEntitlements(isAuthenticated);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const denied = isAuthenticated && entitlements.data?.canAccessApp === false;
  const exempt =
    STAYS_WITHOUT_ACCESS.includes(pathname) ||
    pathname.startsWith('/reset-password') ||
    isTikTokSandboxPath(pathname);
  useEffect(() => {
    if (denied && !exempt) void navigate('/onboarding', { replace: true });
  }, [denied, exempt, navigate]);
};

export const RootLayout = () => {
  useOnboardingRedirect();
  return (
    <AuthDialogProvider>
      <UpgradeDialogProvider>
        <Outlet />
        <ScrollRestoration />
      </UpgradeDialogProvider>
    </AuthDialogProvider>
  );
};
