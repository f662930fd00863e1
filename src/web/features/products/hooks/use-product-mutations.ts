import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PRODUCT_MAX_IMAGES } from '#contract/products';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { invalidateEntitlements } from '@/lib/entitlements';
import { isPaymentRequired } from '@/lib/payment-required';
import { analyzeProduct } from '@/lib/products/analyze-product';
import { createProduct } from '@/lib/products/create-product';
import { patchProductInCache } from '@/lib/products/get-products';
import { queryKeys } from '@/lib/query-keys';
import { startAnalysis } from '@/lib/products/start-analysis';
import { uploadProductImages } from '@/lib/products/upload-product-images';

/**
 * docs/product/products.md rule 6: a non-OK response's text is what the user reads; our envelope's
 * `error` first.
 */
export const errorText = (error: unknown) => {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  return error instanceof Error ? error.message : 'Please try again.';
};

export type NewProduct = { name: string; description: string; files: File[] };

/**
 * "Create Product" (docs/product/products.md rule 1): creates the product, uploads its images, then
 * starts the analysis without waiting for it. A 402 (plan limit) is the upgrade dialog's, not a
 * toast.
 */
export const useCreateProduct = ({ onCreated }: { onCreated?: (id: string) => void } = {}) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ name, description, files }: NewProduct) => {
      const { id } = await createProduct({ name: name.trim(), description });
      let uploadError: unknown = null;
      if (files.length > 0) {
        try {
          await uploadProductImages(id, files.slice(0, PRODUCT_MAX_IMAGES));
        } catch (error) {
          uploadError = error;
        }
      }
      return { id, uploadError };
    },
    onSuccess: async ({ id, uploadError }) => {
      onCreated?.(id);
      if (uploadError) {
        toast({
          title: 'Upload failed',
          description: errorText(uploadError),
          variant: 'destructive',
        });
      } else {
        toast({ title: 'Product created', description: 'AI analysis started automatically.' });
      }
      void startAnalysis(queryClient, id);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.products }),
        invalidateEntitlements(queryClient),
      ]);
    },
    onError: (error) => {
      if (isPaymentRequired(error)) {
        // The server counted products this page has not seen (another tab, another device):
        // with the list refreshed, the next "New Product" offers the upgrade straight away.
        void queryClient.invalidateQueries({ queryKey: queryKeys.products });
        return;
      }
      toast({ title: 'Create failed', description: errorText(error), variant: 'destructive' });
    },
  });
};

/** "Upload Images" on a card: the first 5 chosen files; the server keeps 5 per product. */
export const useUploadProductImages = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, files }: { id: string; files: File[] }) =>
      uploadProductImages(id, files.slice(0, PRODUCT_MAX_IMAGES)),
    onSuccess: ({ images, thumbnails, dropped }, { id, files }) => {
      patchProductInCache(queryClient, id, { images, thumbnails });
      const kept = Math.min(files.length, PRODUCT_MAX_IMAGES) - dropped;
      const leftOut = files.length - kept;
      if (kept <= 0) {
        toast({
          title: 'Upload failed',
          description: `This product already has ${PRODUCT_MAX_IMAGES} images, the most a product keeps.`,
          variant: 'destructive',
        });
        return;
      }
      toast({
        title: 'Images uploaded',
        description:
          leftOut > 0
            ? `${leftOut === 1 ? '1 image was' : `${leftOut} images were`} left out: a product keeps up to ${PRODUCT_MAX_IMAGES} images.`
            : undefined,
      });
    },
    onError: (error) => {
      if (isPaymentRequired(error)) return;
      toast({ title: 'Upload failed', description: errorText(error), variant: 'destructive' });
    },
  });
};

/** "Analyze with AI": always writes a new brief. */
export const useAnalyzeProduct = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => analyzeProduct(id, { force: true }),
    onSuccess: ({ aiBrief }, id) => {
      patchProductInCache(queryClient, id, { aiBrief });
      toast({ title: 'AI analysis complete' });
    },
    onError: (error) => {
      if (isPaymentRequired(error)) return;
      toast({ title: 'Analysis failed', description: errorText(error), variant: 'destructive' });
    },
  });
};
