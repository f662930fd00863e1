import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TProduct, TStoredAiBrief } from '#contract/products';
import { createQueryClient } from '@/lib/query-client';
import { onPaymentRequired } from '@/lib/payment-required';
import type { FetchHandler } from '@/testing/fetch-mock';
import { apiError, json, stubFetch } from '@/testing/fetch-mock';
import { queryKeys } from '@/lib/query-keys';
import { ProductsPage } from './products-page';

const toastMock = vi.hoisted(() => vi.fn());
vi.mock('@/components/ui/use-toast', () => ({ toast: toastMock }));

const auth = vi.hoisted(() => ({ plan: 'free' }));
vi.mock('@/lib/auth/auth-provider', () => ({ useAuth: () => ({ user: { plan: auth.plan } }) }));

const brief: TStoredAiBrief = {
  hooks: ['Stop scrolling if your skin looks dull'],
  hooksSeeds: ['dull skin'],
  voice: 'Warm, honest and a little playful.',
  hashtags: ['#skincare', '#vitaminc', '#glowup', '#busymoms'],
};

const product = (overrides: Partial<TProduct> = {}): TProduct => ({
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

const entitlements = (plan: string) => ({
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

let fetchStub: ReturnType<typeof stubFetch>;
let products: TProduct[];
const upgradeReasons: string[] = [];

/** The server as the page sees it; `extra` answers first. */
const serve =
  (extra: FetchHandler = () => undefined): FetchHandler =>
  (url, init) =>
    extra(url, init) ??
    (url === '/api/products' && (init.method ?? 'GET') === 'GET'
      ? json(products)
      : url === '/api/entitlements'
        ? json(entitlements(auth.plan))
        : undefined);

const renderPage = (cached?: TProduct[]) => {
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

const card = async (name: string) => screen.findByRole('article', { name });

let stopListening: () => void;

beforeEach(() => {
  auth.plan = 'free';
  products = [product()];
  upgradeReasons.length = 0;
  stopListening = onPaymentRequired((reason) => upgradeReasons.push(reason));
  fetchStub = stubFetch(serve());
  toastMock.mockClear();
  let blobs = 0;
  URL.createObjectURL = () => `blob:preview-${(blobs += 1)}`;
  URL.revokeObjectURL = () => {};
});

afterEach(() => {
  stopListening();
  vi.unstubAllGlobals();
});

describe('ProductsPage', () => {
  it('shows the list the loading screen’s preload cached without asking again', async () => {
    renderPage([product({ name: 'Preloaded Serum' })]);
    expect(await card('Preloaded Serum')).toBeInTheDocument();
    expect(fetchStub.calls('/api/products')).toHaveLength(0);
  });

  it('shows the title, subtitle and a loading state, then the cards', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Products' })).toBeInTheDocument();
    expect(
      screen.getByText('Centralize your product info to power AI suggestions'),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading products…');
    expect(screen.getByRole('button', { name: 'New Product' })).toBeDisabled();

    const glow = await card('Glow Serum');
    expect(within(glow).getByText('Default')).toBeInTheDocument();
    expect(within(glow).getByText(/fades dark spots/)).toBeInTheDocument();
    // 4 images, 3 shown, thumbnails first.
    const images = within(
      within(glow).getByRole('list', { name: 'Images of Glow Serum' }),
    ).getAllByRole('img');
    expect(images.map((i) => i.getAttribute('src'))).toEqual([
      '/files/1-t.webp',
      '/files/2-t.webp',
      '/files/3-t.webp',
    ]);
    expect(within(glow).getByText('+1')).toBeInTheDocument();
    const aiBrief = within(glow).getByRole('region', { name: 'AI Brief' });
    expect(within(aiBrief).getByText('Voice')).toBeInTheDocument();
    expect(within(aiBrief).getByText(brief.voice)).toBeInTheDocument();
    expect(
      within(within(aiBrief).getByRole('list', { name: 'Hashtags' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['#skincare', '#vitaminc', '#glowup']);
    expect(within(glow).getByRole('button', { name: 'Upload Images' })).toBeEnabled();
    expect(within(glow).getByRole('button', { name: 'Analyze with AI' })).toBeEnabled();
  });

  it('says "No AI analysis yet" without a brief, and hides the badge on other products', async () => {
    products = [
      product({
        id: 'p2',
        name: 'Travel Mug',
        isDefault: false,
        aiBrief: null,
        images: [],
        thumbnails: [],
      }),
    ];
    renderPage();
    const mug = await card('Travel Mug');
    expect(within(mug).getByText('No AI analysis yet')).toBeInTheDocument();
    expect(within(mug).queryByText('Default')).not.toBeInTheDocument();
    expect(within(mug).getByText('No images yet')).toBeInTheDocument();
  });

  it('treats a 401 as an empty list', async () => {
    fetchStub.setHandler(
      serve((url) =>
        url === '/api/products' ? apiError(401, 'Sign in', 'unauthorized') : undefined,
      ),
    );
    renderPage();
    expect(await screen.findByRole('heading', { name: 'No products yet' })).toBeInTheDocument();
  });

  it('offers a retry when the list fails to load', async () => {
    fetchStub.setHandler(
      serve((url) => (url === '/api/products' ? apiError(500, 'Boom', 'internal') : undefined)),
    );
    renderPage();
    expect(await screen.findByText("Couldn't load your products.")).toBeInTheDocument();
    fetchStub.setHandler(serve());
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await card('Glow Serum')).toBeInTheDocument();
  });

  it('opens the upgrade dialog with product_limit for a free user who has a product', async () => {
    const { onUpgradeRequired } = renderPage();
    await card('Glow Serum');
    await userEvent.click(screen.getByRole('button', { name: 'New Product' }));
    expect(onUpgradeRequired).toHaveBeenCalledWith('product_limit');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('creates a product with images, then starts its analysis', async () => {
    auth.plan = 'plus';
    const uploads: FormData[] = [];
    const created = product({ id: 'p9', name: 'Travel Mug', isDefault: false, aiBrief: null });
    fetchStub.setHandler(
      serve((url, init) => {
        if (url === '/api/products' && init.method === 'POST') {
          products = [created, ...products];
          return json({ id: 'p9' });
        }
        if (url === '/api/products/p9/upload-images') {
          uploads.push(init.body as FormData);
          return json({ images: ['/files/m.jpg'], thumbnails: ['/files/m-t.webp'], dropped: 0 });
        }
        if (url === '/api/products/p9/analyze') return json({ aiBrief: brief });
        if (url === '/api/products/p9') return json({ ...created, aiBrief: brief });
        return undefined;
      }),
    );
    renderPage();
    await card('Glow Serum');
    await userEvent.click(screen.getByRole('button', { name: 'New Product' }));

    const dialog = screen.getByRole('dialog', { name: 'Create Product' });
    const create = within(dialog).getByRole('button', { name: 'Create' });
    expect(create).toBeDisabled();
    expect(within(dialog).getByText("price, what it does, who it's for")).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Name'), '   ');
    expect(create).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Travel Mug');
    await userEvent.type(within(dialog).getByLabelText('Description'), '$18 mug, keeps coffee hot');
    const files = ['1', '2', '3', '4', '5', '6'].map(
      (n) => new File(['x'], `${n}.png`, { type: 'image/png' }),
    );
    await userEvent.upload(within(dialog).getByLabelText('Images'), files);
    expect(within(dialog).getAllByRole('button', { name: /^Remove image/ })).toHaveLength(5);
    await userEvent.click(create);

    await waitFor(() =>
      expect(toastMock).toHaveBeenCalledWith({
        title: 'Product created',
        description: 'AI analysis started automatically.',
      }),
    );
    expect(fetchStub.calls('/api/products').find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Travel Mug',
      description: '$18 mug, keeps coffee hot',
    });
    expect(uploads[0]?.getAll('images').map((f) => (f as File).name)).toEqual([
      '1.png',
      '2.png',
      '3.png',
      '4.png',
      '5.png',
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const mug = await card('Travel Mug');
    // The analysis answer lands on the card without a reload.
    await waitFor(() => expect(within(mug).getByText(brief.voice)).toBeInTheDocument());
    expect(fetchStub.calls('/api/products/p9/analyze')).toEqual([
      { method: 'POST', body: undefined },
    ]);
  });

  it('ignores a failed analysis after creating', async () => {
    auth.plan = 'pro';
    fetchStub.setHandler(
      serve((url, init) => {
        if (url === '/api/products' && init.method === 'POST') return json({ id: 'p9' });
        if (url === '/api/products/p9/analyze')
          return apiError(402, 'Upgrade', 'ai_allowance_upgrade');
        return undefined;
      }),
    );
    renderPage();
    await card('Glow Serum');
    await userEvent.click(screen.getByRole('button', { name: 'New Product' }));
    await userEvent.type(screen.getByLabelText('Name'), 'Travel Mug');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(fetchStub.calls('/api/products/p9/analyze')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(toastMock).toHaveBeenCalledTimes(1);
    expect(toastMock).toHaveBeenCalledWith(expect.objectContaining({ title: 'Product created' }));
    expect(upgradeReasons).toEqual([]);
  });

  it('says "Create failed" when the server refuses, and keeps the form', async () => {
    auth.plan = 'plus';
    fetchStub.setHandler(
      serve((url, init) =>
        url === '/api/products' && init.method === 'POST'
          ? apiError(400, 'Enter the product name', 'validation_error')
          : undefined,
      ),
    );
    renderPage();
    await card('Glow Serum');
    await userEvent.click(screen.getByRole('button', { name: 'New Product' }));
    await userEvent.type(screen.getByLabelText('Name'), 'Travel Mug');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(toastMock).toHaveBeenCalledWith({
        title: 'Create failed',
        description: 'Enter the product name',
        variant: 'destructive',
      }),
    );
    expect(screen.getByRole('dialog', { name: 'Create Product' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Travel Mug');
  });

  it('hands a 402 product_limit from the server to the upgrade dialog', async () => {
    auth.plan = 'plus';
    fetchStub.setHandler(
      serve((url, init) =>
        url === '/api/products' && init.method === 'POST'
          ? apiError(402, 'Your plan allows 5 products', 'product_limit')
          : undefined,
      ),
    );
    renderPage();
    await card('Glow Serum');
    await userEvent.click(screen.getByRole('button', { name: 'New Product' }));
    await userEvent.type(screen.getByLabelText('Name'), 'Travel Mug');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(upgradeReasons).toEqual(['product_limit']));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(toastMock).not.toHaveBeenCalled();
  });

  it('refreshes the list after a 402, so the next "New Product" offers the upgrade', async () => {
    auth.plan = 'plus';
    products = ['p1', 'p2', 'p3', 'p4'].map((id, i) =>
      product({ id, name: `Product ${i + 1}`, isDefault: i === 0 }),
    );
    // A fifth product made in another tab: the server knows, this page does not yet.
    const elsewhere = product({ id: 'p5', name: 'Made Elsewhere', isDefault: false });
    fetchStub.setHandler(
      serve((url, init) => {
        if (url !== '/api/products') return undefined;
        if (init.method === 'POST') {
          products = [elsewhere, ...products];
          return apiError(402, 'Your Plus plan includes 5 products.', 'product_limit');
        }
        return undefined;
      }),
    );
    const { onUpgradeRequired } = renderPage();
    await card('Product 4');
    await userEvent.click(screen.getByRole('button', { name: 'New Product' }));
    await userEvent.type(screen.getByLabelText('Name'), 'Sixth');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(upgradeReasons).toEqual(['product_limit']));
    await card('Made Elsewhere');

    await userEvent.click(screen.getByRole('button', { name: 'New Product' }));
    expect(onUpgradeRequired).toHaveBeenCalledWith('product_limit');
    expect(screen.queryByRole('dialog', { name: 'Create Product' })).not.toBeInTheDocument();
  });

  it('uploads images from a card and says how many were left out', async () => {
    products = [product({ images: ['/files/1.jpg'], thumbnails: ['/files/1-t.webp'] })];
    const uploads: FormData[] = [];
    fetchStub.setHandler(
      serve((url, init) => {
        if (url !== '/api/products/p1/upload-images') return undefined;
        uploads.push(init.body as FormData);
        // The product had 1 image: 4 of the 5 sent are kept, 1 is dropped.
        return json({
          images: ['/files/1.jpg', '/files/a.jpg', '/files/b.jpg', '/files/c.jpg', '/files/d.jpg'],
          thumbnails: [
            '/files/1-t.webp',
            '/files/a-t.webp',
            '/files/b-t.webp',
            '/files/c-t.webp',
            '/files/d-t.webp',
          ],
          dropped: 1,
        });
      }),
    );
    renderPage();
    const glow = await card('Glow Serum');
    const chosen = ['a', 'b', 'c', 'd', 'e', 'f'].map(
      (n) => new File(['x'], `${n}.png`, { type: 'image/png' }),
    );
    await userEvent.upload(within(glow).getByLabelText('Images for Glow Serum'), chosen);
    await waitFor(() =>
      expect(toastMock).toHaveBeenCalledWith({
        title: 'Images uploaded',
        description: '2 images were left out: a product keeps up to 5 images.',
      }),
    );
    expect(uploads[0]?.getAll('images')).toHaveLength(5);
    await waitFor(() =>
      expect(
        within(glow)
          .getAllByRole('img')
          .map((i) => i.getAttribute('src')),
      ).toEqual(['/files/1-t.webp', '/files/a-t.webp', '/files/b-t.webp']),
    );
    expect(within(glow).getByText('+2')).toBeInTheDocument();
  });

  it('says the upload failed when the product already has 5 images', async () => {
    fetchStub.setHandler(
      serve((url) =>
        url === '/api/products/p1/upload-images'
          ? json({ images: product().images, thumbnails: product().thumbnails, dropped: 1 })
          : undefined,
      ),
    );
    renderPage();
    const glow = await card('Glow Serum');
    await userEvent.upload(within(glow).getByLabelText('Images for Glow Serum'), [
      new File(['x'], 'a.png', { type: 'image/png' }),
    ]);
    await waitFor(() =>
      expect(toastMock).toHaveBeenCalledWith({
        title: 'Upload failed',
        description: 'This product already has 5 images, the most a product keeps.',
        variant: 'destructive',
      }),
    );
  });

  it('shows the server’s text when an upload fails', async () => {
    fetchStub.setHandler(
      serve((url) =>
        url === '/api/products/p1/upload-images'
          ? apiError(
              415,
              'fake.png is not a JPEG, PNG, GIF or WebP image',
              'unsupported_media_type',
            )
          : undefined,
      ),
    );
    renderPage();
    const glow = await card('Glow Serum');
    await userEvent.upload(within(glow).getByLabelText('Images for Glow Serum'), [
      new File(['x'], 'fake.png', { type: 'image/png' }),
    ]);
    await waitFor(() =>
      expect(toastMock).toHaveBeenCalledWith({
        title: 'Upload failed',
        description: 'fake.png is not a JPEG, PNG, GIF or WebP image',
        variant: 'destructive',
      }),
    );
  });

  it('re-analyses with force, busy meanwhile, and shows the new brief', async () => {
    let answer!: (r: Response) => void;
    fetchStub.setHandler(
      serve((url) =>
        url === '/api/products/p1/analyze'
          ? (new Promise<Response>((r) => (answer = r)) as unknown as Response)
          : undefined,
      ),
    );
    renderPage();
    const glow = await card('Glow Serum');
    await userEvent.click(within(glow).getByRole('button', { name: 'Analyze with AI' }));
    const busy = within(glow).getByRole('button', { name: 'Analyzing…' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(fetchStub.calls('/api/products/p1/analyze')).toEqual([
      { method: 'POST', body: { force: true } },
    ]);
    answer(json({ aiBrief: { ...brief, voice: 'Bold and direct.', hashtags: ['#a', '#b'] } }));
    await waitFor(() => expect(toastMock).toHaveBeenCalledWith({ title: 'AI analysis complete' }));
    expect(within(glow).getByText('Bold and direct.')).toBeInTheDocument();
    expect(within(glow).getByRole('button', { name: 'Analyze with AI' })).toBeEnabled();
  });

  it('says "Analysis failed" when the analysis fails', async () => {
    fetchStub.setHandler(
      serve((url) =>
        url === '/api/products/p1/analyze'
          ? apiError(504, 'The AI took too long; try again', 'ai_timeout')
          : undefined,
      ),
    );
    renderPage();
    const glow = await card('Glow Serum');
    await userEvent.click(within(glow).getByRole('button', { name: 'Analyze with AI' }));
    await waitFor(() =>
      expect(toastMock).toHaveBeenCalledWith({
        title: 'Analysis failed',
        description: 'The AI took too long; try again',
        variant: 'destructive',
      }),
    );
  });
});
