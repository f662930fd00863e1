import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { getEntitlementsQueryOptions } from '@/lib/entitlements';
import { DEFAULT_BLOCK_REASON } from '@/lib/payment-required';
import { recordEvent } from './record-event';

/**
 * docs/product/create.md rule 5: the "generation" guard of the editors. When entitlements say the
 * user cannot generate, the upgrade dialog opens with their reason and `generation_blocked` is
 * recorded with the tool; the caller stops. The app supplies the dialog opener (features do not
 * import app). Resolves true when the action may go ahead.
 */
export const useGenerationGuard = (
  openUpgradeDialog: (reason: string) => void,
  tool: 'carousel' | 'video' = 'carousel',
) => {
  const queryClient = useQueryClient();

  return useCallback(async (): Promise<boolean> => {
    let entitlements;
    try {
      // Cached for 30 s (docs/product/create.md rule 5); fetched now if the cache is empty or old.
      entitlements = await queryClient.fetchQuery(getEntitlementsQueryOptions(true));
    } catch {
      // Unknown entitlements: let the server, which checks again, have the final word.
      return true;
    }
    if (!entitlements || entitlements.canGenerate) return true;
    openUpgradeDialog(entitlements.reason ?? DEFAULT_BLOCK_REASON);
    void recordEvent({
      name: 'generation_blocked',
      properties: { tool, reason: 'entitlements' },
    });
    return false;
  }, [openUpgradeDialog, queryClient, tool]);
};
