import { lazy, Suspense } from 'react';
import { useToast } from '@/components/ui/use-toast';

const Toaster = lazy(() => import('@/components/ui/toaster').then((m) => ({ default: m.Toaster })));

/**
 * The Radix toast code is fetched with the first toast; the toasts live in use-toast's store,
 * so one raised before the code arrives is shown once it does (decision 032).
 */
export const LazyToaster = () => {
  const { toasts } = useToast();
  if (toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
};
