import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { PRODUCT_MAX_IMAGES } from '#contract/products';
import { createProduct } from '@/lib/products/create-product';
import { queryKeys } from '@/lib/query-keys';
import { uploadProductImages } from '@/lib/products/upload-product-images';
import { startAnalysis } from '@/lib/products/start-analysis';
import { invalidateEntitlements } from '@/lib/entitlements';

export type OnboardingProduct = { name: string; description: string; files: File[] };

/**
 * "Create and preview" (docs/product/dashboard.md rule 4): creates the product, uploads its images,
 * starts the AI analysis and refreshes the entitlements the first product unlocks. The analysis is
 * not awaited: the server already started it, and /create works without it.
 *
 * A retry after a failed upload re-sends only the images: the product exists by then, and a
 * second one would run into the free plan's limit.
 */
export const useOnboardProduct = () => {
  const queryClient = useQueryClient();
  const createdId = useRef<string | null>(null);
  return useMutation({
    mutationFn: async ({ name, description, files }: OnboardingProduct) => {
      if (!createdId.current) {
        createdId.current = (await createProduct({ name: name.trim(), description })).id;
      }
      const id = createdId.current;
      if (files.length > 0) await uploadProductImages(id, files.slice(0, PRODUCT_MAX_IMAGES));
      void startAnalysis(queryClient, id);
      await Promise.all([
        invalidateEntitlements(queryClient),
        queryClient.invalidateQueries({ queryKey: queryKeys.products }),
      ]);
      return { id };
    },
  });
};
