import type { TUploadProductImagesResponse } from '#contract/products';
import { ZUploadProductImagesResponse } from '#contract/products';
import { apiRequest } from '@/lib/api-client';
import { productPath } from './get-product';

/** POST /api/products/{id}/upload-images: multipart, the field `images` once per file. */
export const uploadProductImages = async (
  id: string,
  files: readonly File[],
): Promise<TUploadProductImagesResponse> => {
  const form = new FormData();
  for (const file of files) form.append('images', file, file.name);
  return ZUploadProductImagesResponse.parse(
    await apiRequest<unknown>(`${productPath(id)}/upload-images`, { method: 'POST', body: form }),
  );
};
