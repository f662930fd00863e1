import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TTemplate } from '#contract/templates';
import { createQueryClient } from '@/lib/query-client';
import { onPaymentRequired } from '@/lib/payment-required';
import { queryKeys } from '@/lib/query-keys';
import * as slideRender from '@/lib/slide-render';
import { apiError, json, stubFetch } from '@/testing/fetch-mock';
import { stubToast } from '@/testing/module-stubs';
import { TemplatesPage } from './templates-page';

const template = (overrides: Partial<TTemplate>): TTemplate => ({
  id: 'carousel-three-reasons',
  name: '3 Reasons Listicle',
  description: 'A numbered list of why people love it.',
  category: 'Tips & How-To',
  type: 'carousel',
  thumbnailUrl: '/media/templates/carousel-three-reasons.jpg?v=2',
  isPremium: false,
  usageCount: 0,
  ...overrides,
});

const CATALOGUE = [
  template({ usageCount: 1500 }),
  template({
    id: 'carousel-gift-guide',
    name: 'Gift Guide',
    description: 'The gift they will actually use.',
    category: 'Offers & Gifting',
    isPremium: true,
    usageCount: 1000,
  }),
  template({
    id: 'video-pov-discovery',
    name: 'POV Discovery',
    description: 'A POV hook over a friendly face.',
    category: 'Storytelling',
    type: 'video',
    usageCount: 1,
  }),
];

const draft = (id: string, type: 'carousel' | 'video') => ({
  id,
  type,
  productId: 'p1',
  hook: null,
  caption: null,
  hashtags: [],
  carouselPlan: null,
  assets: {},
  status: 'draft',
  originItemId: null,
  createdAt: '2026-11-24T00:00:00.000Z',
  updatedAt: '2026-11-24T00:00:00.000Z',
});

const entitlements = (plan: string) => ({
  canAccessApp: true,
  canGenerate: plan !== 'free',
  reason: plan === 'free' ? 'no_plan' : null,
  plan,
  limit: null,
  remainingQuota: 0,
  used: 0,
  periodStart: '2026-11-01T00:00:00.000Z',
  periodEnd: '2026-12-01T00:00:00.000Z',
});

const Location = () => {
  const location = useLocation();
  return <p data-testid="location">{location.pathname + location.search}</p>;
};

let plan = 'free';
let fetchStub: ReturnType<typeof stubFetch>;
const upgradeReasons: string[] = [];
let stopListening: () => void;

beforeEach(() => {
  stubToast();
  // The slide renderer loads font files by URL, which the test DOM has no use for.
  vi.spyOn(slideRender, 'drawSlidePreview').mockImplementation(async () => undefined);
  plan = 'free';
  upgradeReasons.length = 0;
  stopListening = onPaymentRequired((reason) => upgradeReasons.push(reason));
  fetchStub = stubFetch((url, init) => {
    if (url === '/api/templates') return json({ templates: CATALOGUE });
    if (url === '/api/entitlements') return json(entitlements(plan));
    if (url === '/api/templates/carousel-three-reasons/use' && init.method === 'POST') {
      return json({
        draft: draft('d1', 'carousel'),
        template: { ...CATALOGUE[0], usageCount: 1501 },
      });
    }
    if (url === '/api/templates/carousel-gift-guide/preview') {
      return json({
        type: 'carousel',
        templateId: 'carousel-gift-guide',
        product: { id: 'p1', name: 'Glow Serum' },
        slides: [
          {
            role: 'hook',
            text: 'The gift they will actually use',
            imageUrl: '/media/carousel/a.jpg',
          },
          { role: 'product', text: 'Meet the Glow Serum', imageUrl: '/media/carousel/b.jpg' },
          { role: 'cta', text: 'Link in bio', imageUrl: null },
        ],
        caption: 'The gift they will actually use. Link in bio.',
        hashtags: ['#giftideas'],
      });
    }
    if (url === '/api/templates/carousel-gift-guide/use') {
      return apiError(402, '“Gift Guide” is a Pro template.', 'premium_template');
    }
    return undefined;
  });
});
afterEach(() => {
  stopListening();
  vi.unstubAllGlobals();
});

const renderPage = () => {
  const onUpgradeRequired = vi.fn();
  const queryClient = createQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/templates']}>
        <Routes>
          <Route
            path="/templates"
            element={<TemplatesPage onUpgradeRequired={onUpgradeRequired} />}
          />
          <Route path="/create" element={<Location />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { onUpgradeRequired, queryClient };
};

const cardOf = async (name: string) =>
  (await screen.findByRole('heading', { name })).closest('li') as HTMLElement;

describe('TemplatesPage', () => {
  it('shows each card’s Pro/Free badge, Popular only above 1000 uses, type and uses', async () => {
    renderPage();
    const listicle = within(await cardOf('3 Reasons Listicle'));
    expect(listicle.getByText('Free')).toBeInTheDocument();
    expect(listicle.getByText('Popular')).toBeInTheDocument();
    expect(listicle.getByText('1,500 uses')).toBeInTheDocument();
    expect(listicle.getByText('Photo (Carousel)')).toBeInTheDocument();
    const gift = within(await cardOf('Gift Guide'));
    expect(gift.getByText('Pro')).toBeInTheDocument();
    expect(gift.queryByText('Popular')).not.toBeInTheDocument();
    expect(within(await cardOf('POV Discovery')).getByText('1 use')).toBeInTheDocument();
  });

  it('Use makes the draft with a fresh idempotency key and opens it in its editor', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Use 3 Reasons Listicle' }));
    expect(await screen.findByTestId('location')).toHaveTextContent(
      '/create?draftId=d1&type=carousel',
    );
    const [call] = fetchStub.calls('/api/templates/carousel-three-reasons/use');
    expect(call?.method).toBe('POST');
    expect((call?.body as { idempotencyKey: string }).idempotencyKey).toMatch(
      /^[A-Za-z0-9_-]{8,100}$/,
    );
  });

  it('a Pro template on the free plan opens the upgrade dialog without asking the server', async () => {
    const { onUpgradeRequired, queryClient } = renderPage();
    await screen.findByRole('heading', { name: 'Gift Guide' });
    // The page knows the plan once the entitlements have arrived.
    await vi.waitFor(() =>
      expect(queryClient.getQueryData(queryKeys.entitlements)).toMatchObject({ plan: 'free' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Use Gift Guide' }));
    expect(onUpgradeRequired).toHaveBeenCalledWith('premium_template');
    expect(fetchStub.calls('/api/templates/carousel-gift-guide/use')).toHaveLength(0);
  });

  it('Preview shows the template on the default product; Use of a Pro one on free swaps it for the plans', async () => {
    const { onUpgradeRequired, queryClient } = renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Preview Gift Guide' }));
    const dialog = await screen.findByRole('dialog', { name: 'Gift Guide' });
    expect(await within(dialog).findByText(/Applied to Glow Serum/)).toBeInTheDocument();
    expect(
      within(dialog)
        .getAllByRole('img')
        .map((i) => i.getAttribute('aria-label')),
    ).toEqual([
      'Slide 1: The gift they will actually use',
      'Slide 2: Meet the Glow Serum',
      'Slide 3: Link in bio',
    ]);
    expect(within(dialog).getByText('Slide 3 · Call to action')).toBeInTheDocument();
    expect(fetchStub.calls('/api/templates/carousel-gift-guide/preview')).toHaveLength(1);
    await vi.waitFor(() =>
      expect(queryClient.getQueryData(queryKeys.entitlements)).toMatchObject({ plan: 'free' }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Use this template' }));
    expect(onUpgradeRequired).toHaveBeenCalledWith('premium_template');
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('the server’s 402 premium_template reaches the upgrade dialog with its reason', async () => {
    plan = 'basic';
    renderPage();
    await screen.findByRole('heading', { name: 'Gift Guide' });
    await vi.waitFor(() => expect(fetchStub.calls('/api/entitlements')).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'Use Gift Guide' }));
    await vi.waitFor(() => expect(upgradeReasons).toEqual(['premium_template']));
  });

  it('searches name and description, filters by category, and says when nothing matches', async () => {
    renderPage();
    await screen.findByRole('heading', { name: 'Gift Guide' });
    const options = within(screen.getByLabelText('Category')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'All Categories',
      'Tips & How-To',
      'Offers & Gifting',
      'Storytelling',
    ]);
    await userEvent.type(screen.getByLabelText('Search templates'), 'friendly face');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'POV Discovery',
    ]);
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'Offers & Gifting');
    expect(screen.getByText('No templates found')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Search templates'));
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Gift Guide',
    ]);
  });
});
