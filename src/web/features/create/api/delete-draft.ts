import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateDraftLists, queryKeys, queryPath } from '@/lib/query-keys';
import { removeDraftFromList } from './get-drafts';

export const deleteDraft = (draftId: string) =>
  apiRequest<unknown>(queryPath(queryKeys.drafts.detail(draftId)), { method: 'DELETE' });

export const useDeleteDraft = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDraft,
    onSuccess: (_data, draftId) => {
      removeDraftFromList(queryClient, draftId);
      queryClient.removeQueries({ queryKey: queryKeys.drafts.detail(draftId), exact: true });
      // The grid shows the newest 8: with more drafts than that, the next one moves up.
      void invalidateDraftLists(queryClient);
    },
  });
};
