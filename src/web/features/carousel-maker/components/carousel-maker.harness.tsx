import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { MockInstance } from 'vitest';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import type { TDraft } from '#contract/drafts';
import type { TProduct } from '#contract/products';
import { Toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/query-client';
import * as slideRender from '@/lib/slide-render';
import { draftFixture, productFixture } from '@/testing/fixtures';
import { apiError, json, stubFetch } from '@/testing/fetch-mock';
import { stubUseAuth } from '@/testing/module-stubs';
import { CarouselMaker } from './carousel-maker';

// The Carousel Maker's test bench, shared by its test files (one per concern): the server as the
// maker sees it, fixtures and the queries the tests ask. Each file calls setUpCarouselMaker() for
// the stand-ins and the per-test reset.

export const draft = draftFixture;

export const collections = Array.from({ length: 14 }, (_, i) => ({
  key: `c${i + 1}`,
  name: `Collection ${i + 1}`,
  coverUrl: `/covers/c${i + 1}.jpg`,
  count: i === 1 ? 0 : 3,
}));
export const imagesOf = (key: string) =>
  key === 'c2' ? [] : [`/lib/${key}/a.jpg`, `/lib/${key}/b.jpg`, `/lib/${key}/c.jpg`];

export const entitlements = (canGenerate: boolean) => ({
  canAccessApp: true,
  canGenerate,
  reason: canGenerate ? null : 'no_plan',
  plan: canGenerate ? 'plus' : 'free',
  limit: canGenerate ? 50 : null,
  remainingQuota: canGenerate ? 50 : 0,
  used: 0,
  periodStart: '2025-03-01T00:00:00.000Z',
  periodEnd: '2025-04-01T00:00:00.000Z',
});

type Api = {
  draft: TDraft;
  products: TProduct[];
  plan: unknown;
  planStatus: number;
  select: { key: string | null } | 'error';
  canGenerate: boolean;
  myImages: string[];
  /** The campaign item a draft made from one saves back to (GET and PATCH answer it). */
  campaignItem: Record<string, unknown>;
};
export let api: Api;
export let fetchStub: ReturnType<typeof stubFetch>;
export let queryClient: QueryClient;
export let openUpgradeDialog: ReturnType<typeof vi.fn<(reason: string) => void>>;
/** Stands in for the zip builder; counts the slides with an image. */
export let zipBuild: MockInstance<typeof slideRender.buildCarouselZip>;

export const renderMaker = (draftId: string | undefined = 'd1') =>
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/create?type=carousel&draftId=d1']}>
        <CarouselMaker draftId={draftId} onBack={() => {}} openUpgradeDialog={openUpgradeDialog} />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );

export const slideButtons = () =>
  // hidden: a dialog on top makes the rest of the page aria-hidden.
  within(screen.getByRole('region', { name: /^Slides/, hidden: true })).getAllByRole('button', {
    name: /^Slide \d+:/,
    hidden: true,
  });

/**
 * A new draft's first slide gets its sample image after the collections load. The first render of
 * a test file also loads the editor's modules, which on a busy machine outlasts waitFor's 1 s.
 */
export const firstSlideImageShown = () =>
  waitFor(() => expect(slideButtons()[0]!.querySelector('img')).not.toBeNull(), {
    timeout: 5000,
  });

export const toast = async (title: string, description?: string) => {
  expect(await screen.findByText(title, { selector: 'li *' })).toBeVisible();
  if (description) expect(screen.getByText(description, { selector: 'li *' })).toBeVisible();
};

export const chooseProduct = async (u: ReturnType<typeof userEvent.setup>) => {
  await screen.findByRole('option', { name: 'Glow Serum' });
  await u.selectOptions(screen.getByRole('combobox', { name: 'Product' }), 'p1');
};

/** Fresh query client, server answers and spies for each test. */
const resetCarouselMaker = () => {
  queryClient = createQueryClient();
  openUpgradeDialog = vi.fn<(reason: string) => void>();
  stubUseAuth(() => ({ isAuthenticated: true }));
  // The real previews and zip builder need a canvas.
  vi.spyOn(slideRender, 'drawSlidePreview').mockImplementation(async () => {});
  zipBuild = vi.spyOn(slideRender, 'buildCarouselZip').mockImplementation(async (slides) => ({
    blob: new Blob(['zip']),
    fileName: 'carousel_1.zip',
    count: slides.filter((s) => s.imageUrl).length,
  }));
  api = {
    draft: draft(),
    products: [productFixture()],
    plan: {
      slides: [{ text: 'Glow Serum hook' }, { text: 'Why it works' }, { text: 'Get yours' }],
      caption: 'Glow up with Glow Serum',
      hashtags: ['skincare', '#GlowSerum'],
      collection: 'c1',
    },
    planStatus: 200,
    select: { key: 'c3' },
    canGenerate: true,
    myImages: ['/mine/1.jpg'],
    campaignItem: {
      id: 'item-1',
      campaignId: 'camp-1',
      productId: 'p1',
      type: 'carousel',
      strategy: 'problem_solution',
      hook: null,
      caption: null,
      hashtags: [],
      carouselPlan: null,
      assets: {},
      dateScheduled: null,
      status: 'planned',
      createdAt: '2025-03-04T15:30:00.000Z',
      lastJob: null,
    },
  };
  fetchStub = stubFetch((url, init) => {
    const method = init.method ?? 'GET';
    if (url === '/api/drafts/d1' && method === 'GET') return json(api.draft);
    if (url === '/api/drafts/d1' && method === 'PATCH') return json(api.draft);
    if (url === '/api/products') return json(api.products);
    if (url === '/api/carousel-images/collections') return json({ collections });
    if (url.startsWith('/api/carousel-images/collections/')) {
      return json({ images: imagesOf(decodeURIComponent(url.split('/').pop()!)) });
    }
    if (url === '/api/carousel-images/list') {
      return json({ platformImages: [], userImages: api.myImages.map((u) => ({ url: u })) });
    }
    if (url === '/api/ai/generate-carousel-plan') {
      return api.planStatus === 200
        ? json(api.plan)
        : apiError(api.planStatus, 'The AI is busy', 'ai_unavailable');
    }
    if (url === '/api/ai/select-image-collection') {
      return api.select === 'error' ? apiError(500, 'nope', 'internal') : json(api.select);
    }
    if (url === '/api/campaign-items/item-1') return json(api.campaignItem);
    if (url === '/api/campaigns/camp-1/items/item-1' && method === 'PATCH') {
      return json(api.campaignItem);
    }
    if (url === '/api/entitlements') return json(entitlements(api.canGenerate));
    if (url === '/api/events') return json({ id: 'e1' });
    if (url === '/api/carousel-images/upload') {
      return json({ urls: ['/mine/2.jpg'], uploadType: 'user' });
    }
    return undefined;
  });
};

/**
 * Registers the bench's reset in the calling test file. The shared web project imports this
 * module once per worker (decision 146), so hooks registered when it is imported would reach
 * only the first file that imports it.
 */
export const setUpCarouselMaker = () => {
  beforeEach(resetCarouselMaker);
  afterEach(() => {
    vi.unstubAllGlobals();
  });
};
