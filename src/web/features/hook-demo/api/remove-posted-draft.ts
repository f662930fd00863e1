import { apiRequest } from '@/lib/api-client';
import { invalidateDraftLists, queryKeys, queryPath } from '@/lib/query-keys';
import type { QueryClient } from '@tanstack/react-query';

/** The hub's remove-draft event (features/create), raised by name as that module invites. */
const REMOVE_DRAFT_EVENT = 'hookreel:remove-draft';

/**
 * docs/product/create.md rule 4: after a successful video post from a draft, the draft is deleted
 * and the remove-draft event (reason published_to_tiktok) takes it off the hub and closes it.
 */
export const removePostedDraft = async (queryClient: QueryClient, draftId: string) => {
  try {
    await apiRequest<unknown>(queryPath(queryKeys.drafts.detail(draftId)), { method: 'DELETE' });
  } catch {
    // The post went out; a draft left behind is only clutter the user can delete.
  }
  void invalidateDraftLists(queryClient);
  window.dispatchEvent(
    new CustomEvent(REMOVE_DRAFT_EVENT, { detail: { draftId, reason: 'published_to_tiktok' } }),
  );
};
