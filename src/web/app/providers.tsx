import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { AuthProvider } from '@/lib/auth/auth-provider';
import { createQueryClient } from '@/lib/query-client';
import { LazyToaster } from './lazy-toaster';

// The tooltip provider lives in the app layout, the only place with tooltips (decision 032).
export const AppProviders = ({ children }: { children: ReactNode }) => {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        {children}
        <LazyToaster />
      </AuthProvider>
    </QueryClientProvider>
  );
};
