import { useMutation } from '@tanstack/react-query';
import { ZTemplatePreview } from '#contract/templates';
import type { TTemplatePreview } from '#contract/templates';
import { apiRequest } from '@/lib/api-client';

export const previewTemplate = async (templateId: string): Promise<TTemplatePreview> =>
  ZTemplatePreview.parse(
    await apiRequest<unknown>(`/api/templates/${encodeURIComponent(templateId)}/preview`, {
      body: {},
    }),
  );

/**
 * POST /api/templates/{id}/preview: the template applied to the default product, unsaved. A
 * mutation, not a query: it may take a unit of the daily AI allowance, so it runs when asked.
 */
export const usePreviewTemplate = () => useMutation({ mutationFn: previewTemplate });
