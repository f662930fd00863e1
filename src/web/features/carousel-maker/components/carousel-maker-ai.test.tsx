import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  imagesOf,
  api,
  fetchStub,
  renderMaker,
  slideButtons,
  toast,
  chooseProduct,
  firstSlideImageShown,
  setUpCarouselMaker,
} from './carousel-maker.harness';

setUpCarouselMaker();

describe('Carousel Maker: AI Suggest and AI Pick', () => {
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

  it("AI Suggest shows the product's own photos where the plan puts them, collection images elsewhere", async () => {
    const u = userEvent.setup();
    api.plan = {
      slides: [
        { text: 'Hook' },
        { text: 'Meet it', imageUrl: '/files/product-1.jpg' },
        { text: 'Link in bio', imageUrl: '/files/product-2.jpg' },
      ],
      caption: 'Cap',
      hashtags: [],
      collection: 'c1',
    };
    renderMaker();
    await chooseProduct(u);
    await u.click(screen.getByRole('button', { name: 'AI Suggest' }));
    await toast('AI plan applied', 'Applied 3 slides and images from c1.');
    const used = slideButtons().map((b) => b.querySelector('img')?.getAttribute('src'));
    expect(imagesOf('c1')).toContain(used[0]);
    expect(used.slice(1)).toEqual(['/files/product-1.jpg', '/files/product-2.jpg']);
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
    // No backdrop blur under the turning spinner: it cost a core per second (decision 252).
    expect(screen.getByText('Preparing AI suggestions…').parentElement?.className).not.toMatch(
      /backdrop-blur/,
    );
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
    await firstSlideImageShown();
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
});
