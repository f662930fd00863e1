import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TDraft } from '#contract/drafts';
import type { TProduct } from '#contract/products';
import { Toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/query-client';
import { draftFixture, productFixture } from '@/testing/fixtures';
import { apiError, json, stubFetch } from '@/testing/fetch-mock';
import { CarouselMaker } from './carousel-maker';

vi.mock('@/lib/auth/auth-provider', () => ({ useAuth: () => ({ isAuthenticated: true }) }));
const zip = vi.hoisted(() => ({
  build: vi.fn(async (slides: { imageUrl?: string }[]) => ({
    blob: new Blob(['zip']),
    fileName: 'carousel_1.zip',
    count: slides.filter((s) => s.imageUrl).length,
  })),
}));
vi.mock('@/lib/slide-render', () => ({
  drawSlidePreview: vi.fn(async () => {}),
  buildCarouselZip: zip.build,
}));

const draft = draftFixture;

const collections = Array.from({ length: 14 }, (_, i) => ({
  key: `c${i + 1}`,
  name: `Collection ${i + 1}`,
  coverUrl: `/covers/c${i + 1}.jpg`,
  count: i === 1 ? 0 : 3,
}));
const imagesOf = (key: string) =>
  key === 'c2' ? [] : [`/lib/${key}/a.jpg`, `/lib/${key}/b.jpg`, `/lib/${key}/c.jpg`];

const entitlements = (canGenerate: boolean) => ({
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
};
let api: Api;
let fetchStub: ReturnType<typeof stubFetch>;
let queryClient: QueryClient;
let openUpgradeDialog: ReturnType<typeof vi.fn<(reason: string) => void>>;

const renderMaker = (draftId: string | undefined = 'd1') =>
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/create?type=carousel&draftId=d1']}>
        <CarouselMaker draftId={draftId} onBack={() => {}} openUpgradeDialog={openUpgradeDialog} />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );

const slideButtons = () =>
  // hidden: a dialog on top makes the rest of the page aria-hidden.
  within(screen.getByRole('region', { name: /^Slides/, hidden: true })).getAllByRole('button', {
    name: /^Slide \d+:/,
    hidden: true,
  });

const toast = async (title: string, description?: string) => {
  expect(await screen.findByText(title, { selector: 'li *' })).toBeVisible();
  if (description) expect(screen.getByText(description, { selector: 'li *' })).toBeVisible();
};

const chooseProduct = async (u: ReturnType<typeof userEvent.setup>) => {
  await screen.findByRole('option', { name: 'Glow Serum' });
  await u.selectOptions(screen.getByRole('combobox', { name: 'Product' }), 'p1');
};

beforeEach(() => {
  queryClient = createQueryClient();
  openUpgradeDialog = vi.fn<(reason: string) => void>();
  zip.build.mockClear();
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
    if (url === '/api/entitlements') return json(entitlements(api.canGenerate));
    if (url === '/api/events') return json({ id: 'e1' });
    if (url === '/api/carousel-images/upload') {
      return json({ urls: ['/mine/2.jpg'], uploadType: 'user' });
    }
    return undefined;
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Carousel Maker', () => {
  it('opens a new draft on "Slide 1" with the first image of the first collection', async () => {
    const u = userEvent.setup();
    renderMaker();
    expect(await screen.findByRole('heading', { level: 1, name: 'Carousel Maker' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Tools' })).toHaveAttribute('href', '/create');
    await waitFor(() =>
      expect(
        within(slideButtons()[0]!).getByRole('presentation', { hidden: true }),
      ).toHaveAttribute('src', '/lib/c1/a.jpg'),
    );
    expect(slideButtons()[0]).toHaveAccessibleName('Slide 1: Slide 1');
    expect(screen.getByLabelText('Slide Text')).toHaveValue('Slide 1');
    expect(screen.getByText('Slide 1 of 1')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Delete Slide 1' })).toBeNull();

    await u.click(screen.getByRole('button', { name: 'Add' }));
    expect(slideButtons()).toHaveLength(2);
    expect(screen.getByText('Slide 2 of 2')).toBeVisible();
    await u.click(screen.getByRole('button', { name: 'Delete Slide 2' }));
    expect(slideButtons()).toHaveLength(1);
    // Focus does not vanish with the deleted slide: it goes to the one now in its place.
    expect(slideButtons()[0]).toHaveFocus();

    // The first 4 collections as "name · count", then Browse More.
    const grid = screen.getByRole('list', { name: 'Collections' });
    expect(within(grid).getAllByRole('button')).toHaveLength(5);
    expect(within(grid).getByRole('button', { name: 'Collection 1 · 3' })).toBeVisible();
    expect(within(grid).getByRole('button', { name: 'Browse More' })).toBeVisible();
    expect(screen.getByText('1 uploaded')).toBeVisible();
    expect(screen.getByText('PNG, JPG, GIF up to 10MB')).toBeVisible();
    expect(screen.getByText('Up to 8 slides. Keeps it punchy and cost-efficient.')).toBeVisible();
    expect(screen.getByText('applies to the entire carousel post')).toBeVisible();
  });

  it('keeps AI Suggest off until a product is chosen, and links to onboarding without one', async () => {
    api.products = [];
    renderMaker();
    expect(await screen.findByText(/No products yet\./)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Create product' })).toHaveAttribute(
      'href',
      '/onboarding',
    );
    expect(screen.getByRole('button', { name: 'AI Suggest' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Product' })).toHaveDisplayValue('Select product');
  });

  it('AI Suggest asks for the clamped count and applies texts, caption and one collection', async () => {
    const u = userEvent.setup();
    renderMaker();
    await chooseProduct(u);
    await u.type(screen.getByLabelText('Prompt (optional)'), 'Morning routine');
    await u.click(screen.getByRole('button', { name: 'AI Suggest' }));

    await toast('AI plan applied', 'Applied 3 slides and images from c1.');
    expect(fetchStub.calls('/api/ai/generate-carousel-plan')).toEqual([
      { method: 'POST', body: { productId: 'p1', slides: 3, prompt: 'Morning routine' } },
    ]);
    expect(fetchStub.calls('/api/ai/select-image-collection')).toHaveLength(0);
    expect(slideButtons().map((b) => b.getAttribute('aria-label'))).toEqual([
      'Slide 1: Glow Serum hook',
      'Slide 2: Why it works',
      'Slide 3: Get yours',
    ]);
    const used = slideButtons().map((b) => b.querySelector('img')?.getAttribute('src'));
    expect(new Set(used)).toEqual(new Set(imagesOf('c1')));
    expect(screen.getByLabelText('Carousel Description')).toHaveValue(
      'Glow up with Glow Serum\n\n#skincare #GlowSerum',
    );
  });

  it('AI Suggest falls back to select-image-collection and reports an empty collection', async () => {
    const u = userEvent.setup();
    api.plan = { data: { slides: ['One', 'Two', 'Three', 'Four'] }, caption: '', hashtags: [] };
    api.select = { key: 'c2' };
    renderMaker();
    await chooseProduct(u);
    await u.click(screen.getByRole('button', { name: 'AI Suggest' }));
    await toast('AI plan applied', 'Applied 4 slides. No images found in c2.');
    expect(fetchStub.calls('/api/ai/select-image-collection')).toEqual([
      { method: 'POST', body: { slides: ['One', 'Two', 'Three', 'Four'], productId: 'p1' } },
    ]);
  });

  it.each([
    [{ key: null }, 'Applied 3 slides. No collection selected.'],
    ['error' as const, 'Applied 3 slides. Image selection skipped.'],
  ])('AI Suggest with selection %j says "%s"', async (select, message) => {
    const u = userEvent.setup();
    api.plan = { slides: ['A', 'B', 'C'], caption: 'Cap', hashtags: [], collection: null };
    api.select = select;
    renderMaker();
    await chooseProduct(u);
    await u.click(screen.getByRole('button', { name: 'AI Suggest' }));
    await toast('AI plan applied', message);
  });

  it('AI Suggest without texts, or failing, says so', async () => {
    const u = userEvent.setup();
    api.plan = { slides: [], caption: '', hashtags: [], collection: null };
    renderMaker();
    await chooseProduct(u);
    await u.click(screen.getByRole('button', { name: 'AI Suggest' }));
    await toast('No plan received', 'AI returned no slide texts. Please try again.');

    api.planStatus = 503;
    await u.click(screen.getByRole('button', { name: 'AI Suggest' }));
    await toast('AI Suggest failed', 'The AI is busy');
  });

  it('shows the full-screen overlay while AI Suggest runs', async () => {
    const u = userEvent.setup();
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const base = fetchStub.fetchMock.getMockImplementation()!;
    fetchStub.fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      if (url === '/api/ai/generate-carousel-plan') await gate;
      return base(url, init);
    });
    renderMaker();
    await chooseProduct(u);
    await u.click(screen.getByRole('button', { name: 'AI Suggest' }));
    expect(screen.getByText('Preparing AI suggestions…')).toBeVisible();
    // Unavailable but still focused, so the keyboard user is where they were afterwards.
    const busy = screen.getByRole('button', { name: 'Suggesting…' });
    expect(busy).toHaveAttribute('aria-disabled', 'true');
    expect(busy).toBeEnabled();
    expect(busy).toHaveFocus();
    fireEvent.click(busy);
    release();
    await waitFor(() => expect(screen.queryByText('Preparing AI suggestions…')).toBeNull());
    expect(fetchStub.calls('/api/ai/generate-carousel-plan')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'AI Suggest' })).toHaveFocus();
  });

  it('keeps AI Pick, Apply to Slides and Generate focusable while they work', async () => {
    const u = userEvent.setup();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    URL.createObjectURL = vi.fn(() => 'blob:zip');
    URL.revokeObjectURL = vi.fn();
    let release: () => void = () => {};
    const hold = () =>
      new Promise<void>((r) => {
        release = r;
      });
    const base = fetchStub.fetchMock.getMockImplementation()!;
    let gate: Promise<void> | null = null;
    fetchStub.fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      if (gate && url.startsWith('/api/carousel-images/collections/')) await gate;
      if (gate && url === '/api/ai/select-image-collection') await gate;
      if (gate && url === '/api/entitlements') await gate;
      return base(url, init);
    });
    renderMaker();
    await waitFor(() => expect(slideButtons()[0]!.querySelector('img')).not.toBeNull());
    await u.click(screen.getByRole('button', { name: 'Collection 4 · 3' }));

    for (const [name, busyName] of [
      ['Apply to Slides', 'Apply to Slides'],
      ['AI Pick', 'Picking…'],
      ['Generate', 'Generating...'],
    ] as const) {
      gate = hold();
      const button = screen.getByRole('button', { name });
      await u.click(button);
      // While it works: unavailable to assistive tech, but not disabled, so focus stays.
      await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
      expect(button).toHaveAccessibleName(busyName);
      expect(button).toHaveAttribute('aria-disabled', 'true');
      expect(button).toBeEnabled();
      expect(button).toHaveFocus();
      gate = null;
      release();
      await waitFor(() => expect(button).not.toHaveAttribute('aria-busy'));
      expect(button).toHaveFocus();
    }
    click.mockRestore();
  });

  it('AI Pick fills the slides or explains why not', async () => {
    const u = userEvent.setup();
    renderMaker();
    await u.click(await screen.findByRole('button', { name: 'Add' }));
    await u.click(screen.getByRole('button', { name: 'AI Pick' }));
    await toast('AI Pick', 'Applied 2 slides from c3');
    expect(fetchStub.calls('/api/ai/select-image-collection')[0]?.body).toEqual({
      slides: [{ text: 'Slide 1' }, { text: 'Slide 2' }],
      productId: null,
    });
    expect(slideButtons()[1]!.querySelector('img')?.getAttribute('src')).toMatch(/^\/lib\/c3\//);

    api.select = { key: null };
    await u.click(screen.getByRole('button', { name: 'AI Pick' }));
    await toast('AI Pick failed', 'No collection selected');
    api.select = 'error';
    await u.click(screen.getByRole('button', { name: 'AI Pick' }));
    await toast('AI Pick failed', 'Error choosing collection');
    api.select = { key: 'c2' };
    await u.click(screen.getByRole('button', { name: 'AI Pick' }));
    await toast('No images', 'Collection has no images');
  });

  it('"Select a Collection": pages of 12, Enter drills in, an image goes on the slide, Apply fills all', async () => {
    const u = userEvent.setup();
    renderMaker();
    await u.click(await screen.findByRole('button', { name: 'Browse More' }));
    const dialog = screen.getByRole('dialog', { name: 'Select a Collection' });
    expect(within(dialog).getByText('Page 1 of 2')).toBeVisible();
    expect(within(dialog).getAllByRole('button', { name: /^Collection \d+ · / })).toHaveLength(12);
    expect(within(dialog).queryByRole('button', { name: 'Apply to Slides' })).toBeNull();
    await u.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByText('Page 2 of 2')).toBeVisible();
    expect(within(dialog).getAllByRole('button', { name: /^Collection \d+ · / })).toHaveLength(2);
    await u.click(within(dialog).getByRole('button', { name: 'Prev' }));

    within(dialog).getByRole('button', { name: 'Collection 5 · 3' }).focus();
    await u.keyboard('{Enter}');
    expect(await within(dialog).findByText('Collection: c5')).toBeVisible();
    await u.click(await within(dialog).findByRole('button', { name: 'Use image 2 on this slide' }));
    expect(slideButtons()[0]!.querySelector('img')).toHaveAttribute('src', '/lib/c5/b.jpg');

    await u.click(within(dialog).getByRole('button', { name: 'Back to Collections' }));
    const tile = within(dialog).getByRole('button', { name: 'Collection 5 · 3' });
    expect(tile).toHaveAttribute('aria-pressed', 'true');
    await u.click(within(dialog).getByRole('button', { name: 'Apply to Slides' }));
    await toast('Collection applied', 'Filled 1 slides from c5');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('double click on a panel collection opens its images; My Images assigns on click', async () => {
    const u = userEvent.setup();
    renderMaker();
    await u.dblClick(await screen.findByRole('button', { name: 'Collection 4 · 3' }));
    const dialog = screen.getByRole('dialog', { name: 'Select a Collection' });
    expect(await within(dialog).findByText('Collection: c4')).toBeVisible();
    await u.click(within(dialog).getByRole('button', { name: 'Close' }));

    await u.click(await screen.findByRole('button', { name: 'Use my image 1 on this slide' }));
    expect(slideButtons()[0]!.querySelector('img')).toHaveAttribute('src', '/mine/1.jpg');
  });

  it('uploads images and reports failures in the words of the spec', async () => {
    const u = userEvent.setup();
    renderMaker();
    const input = await screen.findByLabelText(/Upload images/);
    const file = new File(['x'], 'a.png', { type: 'image/png' });
    await u.upload(input, [file, new File(['y'], 'b.png', { type: 'image/png' })]);
    await waitFor(() => expect(fetchStub.calls('/api/carousel-images/upload')).toHaveLength(1));
    const sent = fetchStub.fetchMock.mock.calls.find(
      ([url]) => url === '/api/carousel-images/upload',
    )![1] as RequestInit;
    expect((sent.body as FormData).getAll('images')).toHaveLength(2);

    fetchStub.setHandler((url) =>
      url === '/api/carousel-images/upload'
        ? apiError(400, 'That file is not an image', 'validation_failed')
        : undefined,
    );
    await u.upload(input, file);
    await toast('Upload failed', 'That file is not an image');

    fetchStub.fetchMock.mockImplementationOnce(async () => {
      throw new TypeError('Failed to fetch');
    });
    await u.upload(input, file);
    await toast('Upload failed', 'An error occurred while uploading images');
  });

  it('Generate downloads the zip for a user who can generate', async () => {
    const u = userEvent.setup();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    URL.createObjectURL = vi.fn(() => 'blob:zip');
    URL.revokeObjectURL = vi.fn();
    renderMaker();
    await waitFor(() => expect(slideButtons()[0]!.querySelector('img')).not.toBeNull());
    await u.type(screen.getByLabelText('Carousel Description'), 'My post');
    await u.click(screen.getByRole('button', { name: 'Generate' }));
    await toast('Carousel generated successfully!', 'Downloaded 1 slides with text overlays');
    expect(zip.build).toHaveBeenCalledWith(
      [{ text: 'Slide 1', imageUrl: '/lib/c1/a.jpg' }],
      'My post',
    );
    expect(click).toHaveBeenCalled();
    click.mockRestore();
  });

  it('Generate and Upload are blocked for a user who cannot generate', async () => {
    const u = userEvent.setup();
    api.canGenerate = false;
    renderMaker();
    await u.click(await screen.findByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(openUpgradeDialog).toHaveBeenCalledWith('no_plan'));
    await waitFor(() =>
      expect(fetchStub.calls('/api/events')).toEqual([
        {
          method: 'POST',
          body: {
            name: 'generation_blocked',
            properties: { tool: 'carousel', reason: 'entitlements' },
          },
        },
      ]),
    );
    expect(zip.build).not.toHaveBeenCalled();

    await u.click(screen.getByRole('button', { name: 'Upload to TikTok' }));
    await waitFor(() => expect(openUpgradeDialog).toHaveBeenCalledTimes(2));
    expect(screen.queryByRole('dialog', { name: 'Upload to TikTok' })).toBeNull();
  });

  it('Upload to TikTok opens the dialog with no account yet', async () => {
    const u = userEvent.setup();
    renderMaker();
    await u.click(await screen.findByRole('button', { name: 'Upload to TikTok' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload to TikTok' });
    expect(within(dialog).getByRole('combobox', { name: 'Account' })).toHaveDisplayValue(
      'No TikTok accounts connected',
    );
  });

  it('Preview and Generate need an image', async () => {
    const u = userEvent.setup();
    api.draft = draft({ carouselPlan: { slides: [{ text: 'No picture' }] } });
    renderMaker();
    await u.click(await screen.findByRole('button', { name: 'Preview' }));
    await toast('No images found', 'Please add at least one image to preview the carousel');
    await u.click(screen.getByRole('button', { name: 'Generate' }));
    await toast('No images found', 'Please add at least one image to generate the carousel');
  });

  it('Preview steps through the slides that have images', async () => {
    const u = userEvent.setup();
    api.draft = draft({
      carouselPlan: {
        slides: [
          { text: 'One', imageUrl: '/a.jpg' },
          { text: 'Two' },
          { text: 'Three', imageUrl: '/c.jpg' },
        ],
      },
    });
    renderMaker();
    await u.click(await screen.findByRole('button', { name: 'Preview' }));
    const dialog = screen.getByRole('dialog', { name: 'Carousel Preview' });
    expect(within(dialog).getByRole('img', { name: 'Slide 1: One' })).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await u.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByRole('img', { name: 'Slide 2: Three' })).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Next' })).toBeDisabled();
    // Next is disabled at the end, so focus moves to Previous instead of leaving the dialog.
    expect(within(dialog).getByRole('button', { name: 'Previous' })).toHaveFocus();
    await u.keyboard('{ArrowLeft}');
    expect(within(dialog).getByRole('img', { name: 'Slide 1: One' })).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Next' })).toHaveFocus();
    await u.keyboard('{ArrowRight}');
    expect(within(dialog).getByText('Slide 2 of 2')).toBeVisible();

    // Opening it again starts from the first slide.
    await u.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await u.click(screen.getByRole('button', { name: 'Preview' }));
    expect(
      within(screen.getByRole('dialog', { name: 'Carousel Preview' })).getByText('Slide 1 of 2'),
    ).toBeVisible();
  });

  it('restores a saved draft and auto-saves 800 ms after a change', async () => {
    const u = userEvent.setup();
    api.draft = draft({
      productId: 'p1',
      caption: 'Saved caption',
      hashtags: ['glow'],
      carouselPlan: {
        slides: [
          { text: 'Hook', imageUrl: '/a.jpg' },
          { text: 'CTA', imageUrl: '/b.jpg' },
        ],
      },
    });
    renderMaker();
    expect(await screen.findByLabelText('Carousel Description')).toHaveValue('Saved caption');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Product' })).toHaveDisplayValue('Glow Serum'),
    );
    expect(slideButtons().map((b) => b.getAttribute('aria-label'))).toEqual([
      'Slide 1: Hook',
      'Slide 2: CTA',
    ]);
    // Opening saves nothing.
    await new Promise((r) => setTimeout(r, 900));
    expect(fetchStub.calls('/api/drafts/d1').filter((c) => c.method === 'PATCH')).toHaveLength(0);

    await u.click(slideButtons()[1]!);
    await u.clear(screen.getByLabelText('Slide Text'));
    await u.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByLabelText('Slide Text')).toHaveValue('Slide 3');
    await u.clear(screen.getByLabelText('Slide Text'));
    await u.type(screen.getByLabelText('Slide Text'), ' ');
    const patches = () => fetchStub.calls('/api/drafts/d1').filter((c) => c.method === 'PATCH');
    await waitFor(() => expect(patches()).toHaveLength(1), { timeout: 2000 });
    // The emptied slide and the blank new one are left out.
    expect(patches()[0]?.body).toEqual({
      carouselPlan: { slides: [{ text: 'Hook', imageUrl: '/a.jpg' }] },
      caption: 'Saved caption',
      productId: 'p1',
      hashtags: ['glow'],
    });
    expect(await screen.findByText('All changes saved')).toBeVisible();
  });

  it('deleting a slide hands focus to the slide that moves into its place', async () => {
    const u = userEvent.setup();
    renderMaker();
    const add = await screen.findByRole('button', { name: 'Add' });
    await u.click(add);
    await u.click(add);
    await u.click(screen.getByRole('button', { name: 'Delete Slide 2' }));
    expect(slideButtons().map((b) => b.getAttribute('aria-label'))).toEqual([
      'Slide 1: Slide 1',
      'Slide 2: Slide 3',
    ]);
    expect(slideButtons()[1]).toHaveFocus();
  });

  it('stops adding slides at the 30 a draft can hold', async () => {
    const u = userEvent.setup();
    api.draft = draft({
      carouselPlan: { slides: Array.from({ length: 29 }, (_, i) => ({ text: `S${i + 1}` })) },
    });
    renderMaker();
    const add = await screen.findByRole('button', { name: 'Add' });
    await u.click(add);
    expect(slideButtons()).toHaveLength(30);
    expect(add).toHaveAttribute('aria-disabled', 'true');
    expect(add).toHaveAccessibleDescription('Up to 30 slides');
    await u.click(add);
    expect(slideButtons()).toHaveLength(30);
  });

  it('draws slides without an image on the dark preview grey, so their white text reads', async () => {
    api.draft = draft({ carouselPlan: { slides: [{ text: 'No picture' }] } });
    renderMaker();
    const thumb = (await screen.findByRole('button', { name: 'Slide 1: No picture' })).firstChild;
    expect(thumb).toHaveClass('bg-zinc-600');
  });

  it('gives focus back to what opened each dialog', async () => {
    const u = userEvent.setup();
    api.draft = draft({
      carouselPlan: {
        slides: [
          { text: 'One', imageUrl: '/a.jpg' },
          { text: 'Two', imageUrl: '/b.jpg' },
        ],
      },
    });
    renderMaker();
    const browse = await screen.findByRole('button', { name: 'Browse More' });
    await u.click(browse);
    await u.click(
      within(screen.getByRole('dialog', { name: 'Select a Collection' })).getByRole('button', {
        name: 'Close',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(browse).toHaveFocus();

    const tile = screen.getByRole('button', { name: 'Collection 4 · 3' });
    tile.focus();
    await u.keyboard('{Enter}');
    expect(await screen.findByText('Collection: c4')).toBeVisible();
    await u.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(tile).toHaveFocus();

    const preview = screen.getByRole('button', { name: 'Preview' });
    await u.click(preview);
    await u.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(preview).toHaveFocus();

    const upload = screen.getByRole('button', { name: 'Upload to TikTok' });
    await u.click(upload);
    await u.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(upload).toHaveFocus();
  });

  it('in "Select a Collection", focus follows into a collection and back to its tile', async () => {
    const u = userEvent.setup();
    renderMaker();
    await u.click(await screen.findByRole('button', { name: 'Browse More' }));
    const dialog = screen.getByRole('dialog', { name: 'Select a Collection' });
    await u.click(within(dialog).getByRole('button', { name: 'Next' }));
    within(dialog).getByRole('button', { name: 'Collection 13 · 3' }).focus();
    await u.keyboard('{Enter}');
    expect(await within(dialog).findByText('Collection: c13')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Back to Collections' })).toHaveFocus();
    await u.keyboard('{Enter}');
    expect(within(dialog).getByText('Page 2 of 2')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Collection 13 · 3' })).toHaveFocus();
  });

  it('an empty collection is not applied, and Apply keeps focus in the dialog', async () => {
    const u = userEvent.setup();
    renderMaker();
    await u.click(await screen.findByRole('button', { name: 'Browse More' }));
    const dialog = screen.getByRole('dialog', { name: 'Select a Collection' });
    await u.click(within(dialog).getByRole('button', { name: 'Collection 2 · 0' }));
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const base = fetchStub.fetchMock.getMockImplementation()!;
    fetchStub.fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      if (url === '/api/carousel-images/collections/c2') await gate;
      return base(url, init);
    });
    const apply = within(dialog).getByRole('button', { name: 'Apply to Slides' });
    await u.click(apply);
    await waitFor(() => expect(apply).toHaveAttribute('aria-busy', 'true'));
    expect(apply).toBeEnabled();
    release();
    await toast('No images', 'Collection has no images');
    expect(screen.getByRole('dialog', { name: 'Select a Collection' })).toBeVisible();
    expect(apply).toBeEnabled();
    expect(apply).toHaveFocus();
  });

  it('says so when the draft cannot be opened', async () => {
    fetchStub.setHandler((url) =>
      url === '/api/drafts/d1' ? apiError(404, 'Not found', 'not_found') : undefined,
    );
    renderMaker();
    expect(await screen.findByText("This draft couldn't be opened.")).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
  });
});
