import { LoadingScreen } from '@/features/loading/components/loading-screen';
import { NotFoundPage } from '@/features/not-found/components/not-found-page';
import { LazyAppLayout as AppLayout } from './lazy-app-layout';
import { useAuth } from '@/lib/auth/auth-provider';
import { LandingRoute } from './landing-route';

/** Unknown paths: the 404 page in the app layout for signed-in users, the landing page for visitors. */
export const NotFoundRoute = () => {
  const { isAuthenticated, isLoading } = useAuth();
  if (isLoading) return <LoadingScreen />;
  if (!isAuthenticated) return <LandingRoute />;
  return (
    <AppLayout>
      <NotFoundPage />
    </AppLayout>
  );
};
