import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { DRAFTS_LIST_QUERY_KEY, removeDraftFromList } from './get-drafts';

export const deleteDraft = (draftId: string) =>
  apiRequest<unknown>(`/api/drafts/${encodeURIComponent(draftId)}`, { method: 'DELETE' });

export const useDeleteDraft = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDraft,
    onSuccess: (_data, draftId) => {
      removeDraftFromList(queryClient, draftId);
      queryClient.removeQueries({ queryKey: ['/api/drafts', draftId], exact: true });
      // The grid shows the newest 8: with more drafts than that, the next one moves up.
      void queryClient.invalidateQueries({ queryKey: DRAFTS_LIST_QUERY_KEY, exact: true });
    },
  });
};
