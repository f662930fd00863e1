import { useQuery } from '@tanstack/react-query';
import { ZDraft } from '#contract/drafts';
import type { TDraft } from '#contract/drafts';
import { apiRequest } from '@/lib/api-client';
import { queryKeys, queryPath } from '@/lib/query-keys';

/** GET /api/drafts/{id}, parsed with the contract. */
export const getDraft = async (draftId: string): Promise<TDraft> =>
  ZDraft.parse(await apiRequest<unknown>(queryPath(queryKeys.drafts.detail(draftId))));

/**
 * The draft an editor opens with. Always fetched fresh: the editor's own saves change it, and a
 * cached copy from an earlier visit would bring back an older version.
 */
export const useEditorDraft = (draftId: string | undefined) =>
  useQuery({
    queryKey: queryKeys.drafts.detail(draftId ?? ''),
    queryFn: () => getDraft(draftId ?? ''),
    enabled: Boolean(draftId),
    staleTime: 0,
    gcTime: 0,
  });
