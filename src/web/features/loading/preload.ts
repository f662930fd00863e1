import type { QueryClient } from '@tanstack/react-query';
import { ZAnalyzeProductAnswer } from '#contract/products';
import { apiRequest } from '@/lib/api-client';
import { readUntilBriefed } from '@/lib/products/start-analysis';
import { queryKeys, queryPath } from '@/lib/query-keys';

/**
 * One status line of the loading screen (docs/product/app.md rule 3) with its progress step
 * (docs/product/app.md rule 3).
 */
export type PreloadStep = { text: string; progress: number };

export const PRELOAD_STEPS = {
  products: { text: 'Loading products...', progress: 10 },
  hooks: { text: 'Generating hooks...', progress: 20 },
  collections: { text: 'Loading collections...', progress: 30 },
  covers: { text: 'Warming covers...', progress: 45 },
  drafts: { text: 'Fetching drafts...', progress: 60 },
  images: { text: 'Listing images...', progress: 75 },
  finalizing: { text: 'Finalizing...', progress: 90 },
} as const satisfies Record<string, PreloadStep>;

/** docs/product/app.md rule 3 timings and limits. */
export const PRELOAD_LIMITS = {
  productsTimeoutMs: 2000,
  collectionsTimeoutMs: 1500,
  coverTimeoutMs: 1500,
  draftsTimeoutMs: 1200,
  imageListTimeoutMs: 1200,
  analysisConcurrency: 2,
  maxCovers: 12,
  coverConcurrency: 4,
  // The product rules give no bound for analysis; without one a stalled AI call would hold every
  // user on the loading screen. The server keeps working on the brief after we stop waiting.
  analysisTimeoutMs: 20_000,
  productTimeoutMs: 2000,
} as const;

type PreloadProduct = { id: string; aiBrief?: { hooks?: unknown } | null };
type Collection = { coverUrl?: unknown } | null;

/** The answer's `collections`, or null when it has none (a stale route, a proxy's page). */
const collectionsOf = (answer: unknown): Collection[] | null => {
  const list =
    typeof answer === 'object' && answer !== null
      ? (answer as { collections?: unknown }).collections
      : undefined;
  return Array.isArray(list) ? (list as Collection[]) : null;
};

export type PreloadResult = {
  products: PreloadProduct[];
  collections: unknown[];
  coversWarmed: number;
  drafts: unknown;
  imageList: unknown;
};

type RunPreloadOptions = {
  queryClient: QueryClient;
  onStep?: (step: PreloadStep) => void;
  /** Aborts the remaining requests, e.g. when the user signs out mid-way. */
  signal?: AbortSignal;
};

class PreloadTimeout extends Error {}

/**
 * Runs `work` with its own abort signal and gives up after `ms`, even if the work ignores the
 * signal: the preload must move on no matter how an endpoint misbehaves.
 */
const withTimeout = <T>(
  ms: number,
  outer: AbortSignal | undefined,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> => {
  const controller = new AbortController();
  const abort = () => controller.abort();
  if (outer?.aborted) controller.abort();
  else outer?.addEventListener('abort', abort, { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new PreloadTimeout(`Timed out after ${ms} ms`));
    }, ms);
  });
  return Promise.race([work(controller.signal), timeout]).finally(() => {
    clearTimeout(timer);
    outer?.removeEventListener('abort', abort);
  });
};

/**
 * Failures and timeouts are an empty result (docs/product/app.md rule 3): the loading screen stays
 * silent.
 */
const fetchOrNull = async (
  path: string,
  ms: number,
  signal: AbortSignal | undefined,
  method: 'GET' | 'POST' = 'GET',
): Promise<unknown> => {
  try {
    return await withTimeout(ms, signal, (s) => apiRequest<unknown>(path, { method, signal: s }));
  } catch {
    return null;
  }
};

/** Runs `task` over `items` with at most `limit` running at once. */
const forEachLimited = async <T>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<void>,
): Promise<void> => {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
};

const isProduct = (value: unknown): value is PreloadProduct =>
  typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'string';

const lacksHooks = (product: PreloadProduct) => {
  const hooks = product.aiBrief?.hooks;
  return !Array.isArray(hooks) || hooks.length === 0;
};

/** Loads an image into the browser cache; settles on load, error or timeout. */
const warmImage = (url: string, ms: number) =>
  new Promise<boolean>((resolve) => {
    const image = new Image();
    const timer = setTimeout(() => finish(false), ms);
    const finish = (loaded: boolean) => {
      clearTimeout(timer);
      image.onload = null;
      image.onerror = null;
      resolve(loaded);
    };
    image.onload = () => finish(true);
    image.onerror = () => finish(false);
    image.src = url;
  });

/**
 * The data preload behind the loading screen (docs/product/app.md rule 3). Answers that arrive are
 * written to the query cache; a step that fails leaves the cache alone, so the feature's own
 * query still fetches later instead of trusting an empty placeholder forever.
 */
export const runPreload = async ({
  queryClient,
  onStep,
  signal,
}: RunPreloadOptions): Promise<PreloadResult> => {
  const report = (step: PreloadStep) => {
    if (!signal?.aborted) onStep?.(step);
  };
  // Each answer goes under the key a feature's own query uses, which is made of the same URL.
  const fetchAndCache = async (
    key: readonly string[],
    ms: number,
    keep: (data: unknown) => boolean,
  ) => {
    const data = await fetchOrNull(queryPath(key), ms, signal);
    if (data !== null && keep(data) && !signal?.aborted) queryClient.setQueryData(key, data);
    return data;
  };

  report(PRELOAD_STEPS.products);
  const productsAnswer = await fetchAndCache(
    queryKeys.products,
    PRELOAD_LIMITS.productsTimeoutMs,
    Array.isArray,
  );
  const products = Array.isArray(productsAnswer) ? productsAnswer.filter(isProduct) : [];

  report(PRELOAD_STEPS.hooks);
  await forEachLimited(
    products.filter(lacksHooks),
    PRELOAD_LIMITS.analysisConcurrency,
    async ({ id }) => {
      const path = `/api/products/${encodeURIComponent(id)}`;
      const started = Date.now();
      const answer = await fetchOrNull(
        `${path}/analyze`,
        PRELOAD_LIMITS.analysisTimeoutMs,
        signal,
        'POST',
      );
      // No brief yet (202): the creation job is writing it, so the product is read until it
      // shows, within what is left of the analysis bound (decision 170).
      const left = PRELOAD_LIMITS.analysisTimeoutMs - (Date.now() - started);
      const fresh =
        ZAnalyzeProductAnswer.safeParse(answer).data?.aiBrief === null && left > 0
          ? await withTimeout(left, signal, (s) =>
              readUntilBriefed(id, { forMs: left, signal: s }),
            ).catch(() => null)
          : await fetchOrNull(path, PRELOAD_LIMITS.productTimeoutMs, signal);
      // A proxy or a stale route could answer with another product; never cache that one.
      if (!isProduct(fresh) || fresh.id !== id) return;
      const index = products.findIndex((p) => p.id === id);
      if (index >= 0) products[index] = fresh;
      if (signal?.aborted) return;
      queryClient.setQueryData<unknown[]>(queryKeys.products, (old) => {
        const list = Array.isArray(old) ? old : [];
        const at = list.findIndex((p) => isProduct(p) && p.id === id);
        return at >= 0 ? list.map((p, i) => (i === at ? fresh : p)) : [fresh, ...list];
      });
    },
  );

  report(PRELOAD_STEPS.collections);
  const collectionsAnswer = await fetchAndCache(
    queryKeys.collections,
    PRELOAD_LIMITS.collectionsTimeoutMs,
    (answer) => collectionsOf(answer) !== null,
  );
  const collections = collectionsOf(collectionsAnswer) ?? [];

  report(PRELOAD_STEPS.covers);
  const coverUrls = collections
    .map((c) => (typeof c === 'object' && c !== null ? c.coverUrl : undefined))
    .filter((url): url is string => typeof url === 'string' && url.length > 0)
    .slice(0, PRELOAD_LIMITS.maxCovers);
  let coversWarmed = 0;
  await forEachLimited(coverUrls, PRELOAD_LIMITS.coverConcurrency, async (url) => {
    if (signal?.aborted) return;
    if (await warmImage(url, PRELOAD_LIMITS.coverTimeoutMs)) coversWarmed += 1;
  });

  report(PRELOAD_STEPS.drafts);
  const drafts = await fetchAndCache(
    queryKeys.drafts.recent,
    PRELOAD_LIMITS.draftsTimeoutMs,
    () => true,
  );

  report(PRELOAD_STEPS.images);
  const imageList = await fetchAndCache(
    queryKeys.imageList,
    PRELOAD_LIMITS.imageListTimeoutMs,
    () => true,
  );

  report(PRELOAD_STEPS.finalizing);
  return { products, collections, coversWarmed, drafts: drafts ?? [], imageList: imageList ?? {} };
};
