import type { QueryClient } from '@tanstack/react-query';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZEntitlements } from '#contract/entitlements';
import { apiRequestOrNullOn401 } from '@/lib/api-client';
import { queryKeys, queryPath } from '@/lib/query-keys';

/** docs/product/app.md rule 6: cached 30 s; 401 → null. Invalidate it after posts complete. */
export const getEntitlementsQueryOptions = (enabled: boolean) =>
  queryOptions({
    queryKey: queryKeys.entitlements,
    queryFn: async () => {
      const body = await apiRequestOrNullOn401<unknown>(queryPath(queryKeys.entitlements));
      return body === null ? null : ZEntitlements.parse(body);
    },
    staleTime: 30_000,
    enabled,
  });

export const useEntitlements = (enabled = true) => useQuery(getEntitlementsQueryOptions(enabled));

/**
 * Refetches the entitlements now rather than when the 30 s cache runs out: call it after
 * anything that changes the quota or the plan (a post completing, a render finishing, a plan
 * change) so gates and the usage card do not lag behind.
 */
export const invalidateEntitlements = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: queryKeys.entitlements });
