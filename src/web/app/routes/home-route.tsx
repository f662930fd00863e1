import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { LoadingScreen } from '@/features/loading/components/loading-screen';
import { usePreload } from '@/features/loading/use-preload';
import { useAuth } from '@/lib/auth/auth-provider';
import { useEntitlements } from '@/lib/entitlements';
import { LandingRoute } from './landing-route';

/**
 * "/" (docs/product/app.md rule 2): the landing page for visitors; for a signed-in user the loading
 * screen runs the preload, then sends them to /onboarding or /app.
 */
export const HomeRoute = () => {
  const auth = useAuth();
  const navigate = useNavigate();
  const entitlements = useEntitlements(auth.isAuthenticated);
  const preload = usePreload(auth.isAuthenticated);

  useEffect(() => {
    if (!auth.isAuthenticated || auth.isLoading || !entitlements.isFetched || !preload.done) return;
    void navigate(entitlements.data?.canAccessApp ? '/app' : '/onboarding', { replace: true });
  }, [
    auth.isAuthenticated,
    auth.isLoading,
    entitlements.isFetched,
    entitlements.data,
    preload.done,
    navigate,
  ]);

  if (auth.isLoading) return <LoadingScreen />;
  if (!auth.isAuthenticated) return <LandingRoute />;
  return <LoadingScreen statusText={preload.text} progress={preload.progress} />;
};
