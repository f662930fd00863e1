import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCreateProductRequest } from '#contract/products';
import { apiRequest } from '@/lib/api-client';
import { ENTITLEMENTS_QUERY_KEY } from '@/lib/entitlements';

export const createProduct = (input: TCreateProductRequest) =>
  apiRequest<{ id: string }>('/api/products', { body: input });

/** A first product opens the app, so entitlements and the product list are refetched. */
export const useCreateProduct = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ENTITLEMENTS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ['/api/products'] }),
      ]);
    },
  });
};
