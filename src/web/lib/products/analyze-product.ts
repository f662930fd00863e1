import type { TAnalyzeProductResponse } from '#contract/products';
import { ZAnalyzeProductResponse } from '#contract/products';
import { apiRequest } from '@/lib/api-client';
import { productPath } from './get-product';

/**
 * POST /api/products/{id}/analyze. Without `force` the server returns the stored brief when it
 * is still good; with it, a new brief is written.
 */
export const analyzeProduct = async (
  id: string,
  { force = false }: { force?: boolean } = {},
): Promise<TAnalyzeProductResponse> =>
  ZAnalyzeProductResponse.parse(
    await apiRequest<unknown>(`${productPath(id)}/analyze`, {
      method: 'POST',
      body: force ? { force: true } : undefined,
    }),
  );
