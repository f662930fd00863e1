import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { TProduct } from '#contract/products';
import { getProduct } from '@/lib/products/get-product';
import { patchProductInCache } from '@/lib/products/get-products';

/** A product this new may still have its first analysis running on the server. */
export const FRESH_PRODUCT_MS = 5 * 60_000;
export const BRIEF_POLL_MS = 3000;
/** How long one page visit keeps checking before leaving it to "Analyze with AI". */
export const BRIEF_WATCH_MS = 60_000;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/** New products without a brief; their analysis job started when they were created. */
export const awaitingBrief = (products: readonly TProduct[], now: number) =>
  products.filter((p) => !p.aiBrief && now - new Date(p.createdAt).getTime() < FRESH_PRODUCT_MS);

/**
 * The brief of a new product is written by a server job (docs/product/products.md rule 2: "analysis
 * is then started automatically"), so a page opened meanwhile would show "No AI analysis yet" for
 * good. This checks those products for a while and puts the brief on their card when it lands. Only
 * the brief is merged: fresh image links would make every picture load again.
 */
export const useAwaitFreshBriefs = (products: readonly TProduct[] | undefined) => {
  const queryClient = useQueryClient();
  useEffect(() => {
    const ids = awaitingBrief(products ?? [], Date.now()).map((p) => p.id);
    if (ids.length === 0) return;
    const controller = new AbortController();
    const { signal } = controller;
    const deadline = Date.now() + BRIEF_WATCH_MS;
    const watch = async (id: string) => {
      while (Date.now() < deadline) {
        await sleep(BRIEF_POLL_MS, signal);
        if (signal.aborted) return;
        try {
          const fresh = await getProduct(id, signal);
          if (fresh.aiBrief) {
            patchProductInCache(queryClient, id, {
              aiBrief: fresh.aiBrief,
              brandVoice: fresh.brandVoice,
            });
            return;
          }
        } catch {
          // Gone, offline or aborted: the card keeps "No AI analysis yet" and its button.
          if (signal.aborted) return;
        }
      }
    };
    for (const id of ids) void watch(id);
    return () => controller.abort();
  }, [products, queryClient]);
};
