import type { QueryClient } from '@tanstack/react-query';
import type { TProduct } from '#contract/products';
import { ZAnalyzeProductAnswer } from '#contract/products';
import { apiRequest } from '@/lib/api-client';
import { getProduct, productPath } from './get-product';
import { setProductInCache } from './get-products';

/**
 * How the web waits for a brief the server's creation job is still writing: the server answers
 * analyze at once (202, no brief) and the web reads the product until the brief is there
 * (decision 170). Tests shorten the pause.
 */
export const briefPolling = {
  everyMs: 1_000,
  forMs: 30_000,
  pause: (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
};

/** POST /api/products/{id}/analyze without force: the brief, or null while the job writes it. */
export const askForBrief = async (id: string, signal?: AbortSignal) =>
  ZAnalyzeProductAnswer.parse(
    await apiRequest<unknown>(`${productPath(id)}/analyze`, { method: 'POST', signal }),
  ).aiBrief;

/** Reads the product until it carries a brief or `forMs` has passed; the last read is returned. */
export const readUntilBriefed = async (
  id: string,
  { forMs = briefPolling.forMs, signal }: { forMs?: number; signal?: AbortSignal } = {},
): Promise<TProduct> => {
  const until = Date.now() + forMs;
  for (;;) {
    const product = await getProduct(id, signal);
    if (product.aiBrief || Date.now() + briefPolling.everyMs > until || signal?.aborted) {
      return product;
    }
    await briefPolling.pause(briefPolling.everyMs);
  }
};

/**
 * Asks for the brief the server already started on creation and shows it once it is there.
 * Errors are ignored (docs/product/products.md rule 2): the product stands without a brief, and
 * "Analyze with AI" is one click away.
 */
export const startAnalysis = (queryClient: QueryClient, id: string) =>
  askForBrief(id)
    .then((brief) => (brief ? getProduct(id) : readUntilBriefed(id)))
    .then((product) => {
      setProductInCache(queryClient, product);
    })
    .catch(() => undefined);
