import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { removeDraftFromList } from './get-drafts';

export const deleteDraft = (draftId: string) =>
  apiRequest<unknown>(`/api/drafts/${encodeURIComponent(draftId)}`, { method: 'DELETE' });

export const useDeleteDraft = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDraft,
    onSuccess: (_data, draftId) => {
      removeDraftFromList(queryClient, draftId);
      queryClient.removeQueries({ queryKey: ['/api/drafts', draftId], exact: true });
    },
  });
};
