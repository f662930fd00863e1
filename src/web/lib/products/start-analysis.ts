import type { QueryClient } from '@tanstack/react-query';
import { analyzeProduct } from './analyze-product';
import { getProduct } from './get-product';
import { setProductInCache } from './get-products';

/**
 * Asks for the brief the server already started on creation and shows it once it is there.
 * Errors are ignored (docs/product/products.md rule 2): the product stands without a brief, and
 * "Analyze with AI" is one click away.
 */
export const startAnalysis = (queryClient: QueryClient, id: string) =>
  analyzeProduct(id)
    .then(() => getProduct(id))
    .then((product) => {
      setProductInCache(queryClient, product);
    })
    .catch(() => undefined);
