import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import type { TProduct, TStoredAiBrief } from '#contract/products';
import { createQueryClient } from '@/lib/query-client';
import { onPaymentRequired } from '@/lib/payment-required';
import type { FetchHandler } from '@/testing/fetch-mock';
import { json, stubFetch } from '@/testing/fetch-mock';
import { queryKeys } from '@/lib/query-keys';
import { stubToast, stubUseAuth } from '@/testing/module-stubs';
import { ProductsPage } from './products-page';

// The Products page's test bench, shared by its test files (one per concern). Each file calls
// setUpProductsPage() for the per-test reset.

export const brief: TStoredAiBrief = {
  hooks: ['Stop scrolling if your skin looks dull'],
  hooksSeeds: ['dull skin'],
  voice: 'Warm, honest and a little playful.',
  hashtags: ['#skincare', '#vitaminc', '#glowup', '#busymoms'],
};

export const product = (overrides: Partial<TProduct> = {}): TProduct => ({
  id: 'p1',
  name: 'Glow Serum',
  description: '$24 vitamin C serum that fades dark spots, for busy moms',
  images: ['/files/1.jpg', '/files/2.jpg', '/files/3.jpg', '/files/4.jpg'],
  thumbnails: ['/files/1-t.webp', '/files/2-t.webp', '/files/3-t.webp', '/files/4-t.webp'],
  isDefault: true,
  brandVoice: brief.voice,
  aiBrief: brief,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  ...overrides,
});

export const entitlements = (plan: string) => ({
  canAccessApp: true,
  canGenerate: plan !== 'free',
  reason: plan === 'free' ? 'no_plan' : null,
  plan,
  limit: plan === 'free' ? null : 50,
  remainingQuota: 0,
  used: 0,
  periodStart: '2025-01-01T00:00:00.000Z',
  periodEnd: '2025-02-01T00:00:00.000Z',
});

/** The signed-in user's plan as the page sees it. */
export const auth = { plan: 'free' };
export let fetchStub: ReturnType<typeof stubFetch>;
/** The toasts the page showed in this test. */
export let toastMock: ReturnType<typeof stubToast>;
/** The server's product list; a test may replace it. */
export const server = { products: [] as TProduct[] };
export const upgradeReasons: string[] = [];

/** The server as the page sees it; `extra` answers first. */
export const serve =
  (extra: FetchHandler = () => undefined): FetchHandler =>
  (url, init) =>
    extra(url, init) ??
    (url === '/api/products' && (init.method ?? 'GET') === 'GET'
      ? json(server.products)
      : url === '/api/entitlements'
        ? json(entitlements(auth.plan))
        : undefined);

export const renderPage = (cached?: TProduct[]) => {
  const onUpgradeRequired = vi.fn();
  const queryClient = createQueryClient();
  if (cached) queryClient.setQueryData(queryKeys.products, cached);
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <ProductsPage onUpgradeRequired={onUpgradeRequired} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { onUpgradeRequired, queryClient };
};

export const card = async (name: string) => screen.findByRole('article', { name });

let stopListening: () => void;

/** Free plan, one product, fresh spies for each test. */
const resetProductsPage = () => {
  auth.plan = 'free';
  stubUseAuth(() => ({ user: { plan: auth.plan } }));
  toastMock = stubToast();
  server.products = [product()];
  upgradeReasons.length = 0;
  stopListening = onPaymentRequired((reason) => upgradeReasons.push(reason));
  fetchStub = stubFetch(serve());
  let blobs = 0;
  URL.createObjectURL = () => `blob:preview-${(blobs += 1)}`;
  URL.revokeObjectURL = () => {};
};

const stopProductsPage = () => {
  stopListening();
  vi.unstubAllGlobals();
};

/**
 * Registers the bench's reset in the calling test file. The shared web project imports this
 * module once per worker (decision 146), so hooks registered when it is imported would reach
 * only the first file that imports it.
 */
export const setUpProductsPage = () => {
  beforeEach(resetProductsPage);
  afterEach(stopProductsPage);
};
