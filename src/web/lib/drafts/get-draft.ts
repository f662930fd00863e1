import { ZDraft } from '#contract/drafts';
import type { TDraft } from '#contract/drafts';
import { apiRequest } from '@/lib/api-client';

export const draftQueryKey = (draftId: string) => ['/api/drafts', draftId] as const;

/** GET /api/drafts/{id}, parsed with the contract. */
export const getDraft = async (draftId: string): Promise<TDraft> =>
  ZDraft.parse(await apiRequest<unknown>(`/api/drafts/${encodeURIComponent(draftId)}`));
