import { useMutation } from '@tanstack/react-query';
import type { TGenerateCarouselPlanRequest } from '#contract/ai';
import { apiRequest } from '@/lib/api-client';

/**
 * POST /api/ai/generate-carousel-plan. The answer is read leniently (docs/product/carousels.md rule
 * 2 allows several slide shapes), so it stays `unknown` here. A 402 opens the upgrade dialog (query
 * client).
 */
export const generateCarouselPlan = (input: TGenerateCarouselPlanRequest) =>
  apiRequest<unknown>('/api/ai/generate-carousel-plan', { body: input });

export const useGenerateCarouselPlan = () => useMutation({ mutationFn: generateCarouselPlan });
