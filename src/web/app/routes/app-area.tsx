import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router';
import { LoadingScreen } from '@/features/loading/components/loading-screen';
import { LazyAppLayout as AppLayout } from './lazy-app-layout';
import { useAuth } from '@/lib/auth/auth-provider';
import type { GuardType } from '../access-guard';
import { useAccess } from '../use-access';
import { LandingRoute } from './landing-route';

/** Sends the browser to the guard's target; absolute URLs (the pricing page on {host}) leave the SPA. */
const GuardRedirect = ({ to }: { to: string }) => {
  const isAbsolute = /^https?:\/\//.test(to);
  useEffect(() => {
    if (isAbsolute) window.location.assign(to);
  }, [isAbsolute, to]);
  return isAbsolute ? <LoadingScreen /> : <Navigate to={to} replace />;
};

/** The signed-in app pages: access guard, then the sidebar layout. */
export const AppArea = ({ guard = 'default' }: { guard?: GuardType }) => {
  const { session, isLoading } = useAuth();
  const access = useAccess(guard);
  // Visitors on a private path see the landing page (docs/product/app.md rule 1).
  if (!session && !isLoading) return <LandingRoute />;
  if (access.status === 'loading') return <LoadingScreen />;
  if (access.status === 'redirect') return <GuardRedirect to={access.to} />;
  return (
    <AppLayout>
      <Outlet />
    </AppLayout>
  );
};

/** Pages that need a signed-in user but not app access (onboarding, the TikTok callback). */
export const SignedInArea = () => {
  const { isAuthenticated, isLoading } = useAuth();
  if (isLoading) return <LoadingScreen />;
  if (!isAuthenticated) return <LandingRoute />;
  return <Outlet />;
};
