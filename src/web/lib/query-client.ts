import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { reportPaymentRequired } from './payment-required';

/**
 * Queries and mutations that handle a 402 themselves (campaigns send the user to /pricing
 * instead, docs/product/billing.md rule 6) set `meta: { upgradeDialog: false }`.
 */
const wantsUpgradeDialog = (meta: Record<string, unknown> | undefined) =>
  meta?.upgradeDialog !== false;

/**
 * docs/product/app.md rule 6: no retries, no refetch on focus or interval, never stale unless a
 * query says so.
 */
export const createQueryClient = () =>
  new QueryClient({
    // docs/product/billing.md rule 6: a 402 anywhere means an upgrade is required; the upgrade
    // dialog listens.
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (wantsUpgradeDialog(query.meta)) reportPaymentRequired(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (wantsUpgradeDialog(mutation.meta)) reportPaymentRequired(error);
      },
    }),
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
