import type { QueryClient } from '@tanstack/react-query';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TProduct } from '#contract/products';
import { ZProduct } from '#contract/products';
import { apiRequestOrNullOn401 } from '@/lib/api-client';
import { queryKeys, queryPath } from '@/lib/query-keys';

/** Keeps the entries that read as products; one odd entry must not hide the whole list. */
export const parseProducts = (data: unknown): TProduct[] =>
  Array.isArray(data)
    ? data.flatMap((item) => {
        const parsed = ZProduct.safeParse(item);
        return parsed.success ? [parsed.data] : [];
      })
    : [];

/** docs/product/products.md rule 6: a 401 is an empty list, not an error. */
const getProductsAnswer = async (): Promise<unknown[]> => {
  const answer = await apiRequestOrNullOn401<unknown>(queryPath(queryKeys.products));
  return Array.isArray(answer) ? answer : [];
};

export const productsQueryOptions = (enabled = true) =>
  queryOptions({
    // The loading screen's preload fills the same key, so the list it fetched and the briefs it
    // wrote are what the pages show without a second request.
    queryKey: queryKeys.products,
    queryFn: getProductsAnswer,
    // The preload writes the server's answer as it came; parsing on read gives every reader the
    // same typed shape whichever of the two filled the cache.
    select: parseProducts,
    enabled,
  });

export const useProducts = (enabled = true) => useQuery(productsQueryOptions(enabled));

/** Puts a fresh copy of a product in the cached list, in place, or first when it is new. */
export const replaceProductInList = (list: unknown, product: TProduct): unknown[] => {
  const items = Array.isArray(list) ? (list as unknown[]) : [];
  const at = items.findIndex(
    (p) => typeof p === 'object' && p !== null && (p as { id?: unknown }).id === product.id,
  );
  return at >= 0 ? items.map((p, i) => (i === at ? product : p)) : [product, ...items];
};

export const setProductInCache = (queryClient: QueryClient, product: TProduct) =>
  queryClient.setQueryData<unknown[]>(queryKeys.products, (old) =>
    replaceProductInList(old, product),
  );

/** Merges a partial update (new images, a new brief) into the cached copy of one product. */
export const patchProductInCache = (
  queryClient: QueryClient,
  id: string,
  patch: Partial<TProduct>,
) =>
  queryClient.setQueryData<unknown[]>(queryKeys.products, (old) =>
    Array.isArray(old)
      ? old.map((p) =>
          typeof p === 'object' && p !== null && (p as { id?: unknown }).id === id
            ? { ...(p as object), ...patch }
            : p,
        )
      : old,
  );
