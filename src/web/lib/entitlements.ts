import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TEntitlements } from '#contract/entitlements';
import { apiRequestOrNullOn401 } from '@/lib/api-client';

export const ENTITLEMENTS_QUERY_KEY = ['/api/entitlements'] as const;

/** Spec 01 §7: cached 30 s; 401 → null. Invalidate it after posts complete. */
export const getEntitlementsQueryOptions = (enabled: boolean) =>
  queryOptions({
    queryKey: ENTITLEMENTS_QUERY_KEY,
    queryFn: () => apiRequestOrNullOn401<TEntitlements>('/api/entitlements'),
    staleTime: 30_000,
    enabled,
  });

export const useEntitlements = (enabled = true) => useQuery(getEntitlementsQueryOptions(enabled));
