import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZUseTemplateResponse } from '#contract/templates';
import type { TTemplate, TUseTemplateResponse } from '#contract/templates';
import { apiRequest } from '@/lib/api-client';
import { invalidateDraftLists, queryKeys } from '@/lib/query-keys';

export type UseTemplateInput = { templateId: string; idempotencyKey: string };

export const useTemplateRequest = async ({
  templateId,
  idempotencyKey,
}: UseTemplateInput): Promise<TUseTemplateResponse> =>
  ZUseTemplateResponse.parse(
    await apiRequest<unknown>(`/api/templates/${encodeURIComponent(templateId)}/use`, {
      body: { idempotencyKey },
    }),
  );

/** POST /api/templates/{id}/use: a draft of the template, counted once per idempotency key. */
export const useUseTemplate = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: useTemplateRequest,
    onSuccess: ({ draft, template }) => {
      queryClient.setQueryData(queryKeys.drafts.detail(draft.id), draft);
      queryClient.setQueryData<TTemplate[]>(queryKeys.templates, (list) =>
        list?.map((t) => (t.id === template.id ? template : t)),
      );
      void invalidateDraftLists(queryClient);
    },
  });
};
