import { QueryClient } from '@tanstack/react-query';

/** Spec 01 §7: no retries, no refetch on focus or interval, never stale unless a query says so. */
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
        staleTime: Infinity,
      },
      mutations: { retry: false },
    },
  });
