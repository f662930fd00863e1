import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZDraft } from '#contract/drafts';
import type { TCreateDraftRequest, TDraft } from '#contract/drafts';
import { apiRequest } from '@/lib/api-client';
import { invalidateDraftLists, queryKeys } from '@/lib/query-keys';

export const createDraft = async (input: TCreateDraftRequest): Promise<TDraft> =>
  ZDraft.parse(await apiRequest<unknown>('/api/drafts', { body: input }));

/** POST /api/drafts {type}: the hub opens the new draft in its tool. */
export const useCreateDraft = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDraft,
    onSuccess: (draft) => {
      queryClient.setQueryData(queryKeys.drafts.detail(draft.id), draft);
      void invalidateDraftLists(queryClient);
    },
  });
};
