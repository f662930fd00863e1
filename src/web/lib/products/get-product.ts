import type { TProduct } from '#contract/products';
import { ZProduct } from '#contract/products';
import { apiRequest } from '@/lib/api-client';

export const productPath = (id: string) => `/api/products/${encodeURIComponent(id)}`;

/** GET /api/products/{id}: one product with freshly signed image links. */
export const getProduct = async (id: string, signal?: AbortSignal): Promise<TProduct> =>
  ZProduct.parse(await apiRequest<unknown>(productPath(id), { signal }));
