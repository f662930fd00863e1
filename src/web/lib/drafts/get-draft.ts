import { ZDraft } from '#contract/drafts';
import type { TDraft } from '#contract/drafts';
import { apiRequest } from '@/lib/api-client';
import { queryKeys, queryPath } from '@/lib/query-keys';

/** GET /api/drafts/{id}, parsed with the contract. */
export const getDraft = async (draftId: string): Promise<TDraft> =>
  ZDraft.parse(await apiRequest<unknown>(queryPath(queryKeys.drafts.detail(draftId))));
