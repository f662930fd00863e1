import type { TPatchDraftRequest } from '#contract/drafts';
import { apiRequest } from '@/lib/api-client';

/**
 * PATCH /api/drafts/{id}, demo shape (docs/product/hook-demo.md rule 1). Called by the auto-save
 * scheduler.
 */
export const updateDemoDraft = (draftId: string, patch: TPatchDraftRequest) =>
  apiRequest<unknown>(`/api/drafts/${encodeURIComponent(draftId)}`, {
    method: 'PATCH',
    body: patch,
  });
