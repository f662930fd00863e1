import type { TPatchDraftRequest } from '#contract/drafts';
import { apiRequest } from '@/lib/api-client';

/** PATCH /api/drafts/{id}, demo shape (spec 02 §7). Called by the auto-save scheduler. */
export const updateDemoDraft = (draftId: string, patch: TPatchDraftRequest) =>
  apiRequest<unknown>(`/api/drafts/${encodeURIComponent(draftId)}`, {
    method: 'PATCH',
    body: patch,
  });
