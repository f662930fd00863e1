import type { ReactNode } from 'react';
import { lazy, Suspense } from 'react';
import { LoadingScreen } from '@/features/loading/components/loading-screen';

const AppLayout = lazy(() =>
  import('@/app/shell/app-layout').then((m) => ({ default: m.AppLayout })),
);

/** The sidebar layout, loaded with the first app page rather than with the landing page. */
export const LazyAppLayout = ({ children }: { children: ReactNode }) => (
  <Suspense fallback={<LoadingScreen />}>
    <AppLayout>{children}</AppLayout>
  </Suspense>
);
