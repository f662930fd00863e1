import type { TPatchDraftRequest } from '#contract/drafts';
import { apiRequest } from '@/lib/api-client';

/**
 * PATCH /api/drafts/{id}, carousel shape (docs/product/carousels.md rule 4). Called by the
 * auto-save scheduler.
 */
export const updateDraft = (draftId: string, patch: TPatchDraftRequest) =>
  apiRequest<unknown>(`/api/drafts/${encodeURIComponent(draftId)}`, {
    method: 'PATCH',
    body: patch,
  });
