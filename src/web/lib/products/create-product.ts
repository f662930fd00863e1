import type { TCreateProductRequest } from '#contract/products';
import { ZCreateProductResponse } from '#contract/products';
import { apiRequest } from '@/lib/api-client';

/** POST /api/products → { id }. The server starts the AI analysis on its own. */
export const createProduct = async (input: TCreateProductRequest) =>
  ZCreateProductResponse.parse(await apiRequest<unknown>('/api/products', { body: input }));
