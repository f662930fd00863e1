import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiError } from '@/testing/fetch-mock';
import { describe, expect, it } from 'vitest';
import {
  draft,
  api,
  fetchStub,
  renderMaker,
  setUpCarouselMaker,
  slideButtons,
} from './carousel-maker.harness';

setUpCarouselMaker();

describe('Carousel Maker: opening and editing a draft', () => {
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

  it('leaves a new draft untouched until the user changes something (decision 030)', async () => {
    const u = userEvent.setup();
    renderMaker();
    const patches = () => fetchStub.calls('/api/drafts/d1').filter((c) => c.method === 'PATCH');
    // The sample image the editor puts on the first slide by itself is not a change to save.
    await waitFor(() => expect(slideButtons()[0]!.querySelector('img')).not.toBeNull(), {
      timeout: 3000,
    });
    await new Promise((r) => setTimeout(r, 900));
    expect(patches()).toHaveLength(0);

    await u.type(screen.getByLabelText('Slide Text'), '!');
    await waitFor(() => expect(patches()).toHaveLength(1), { timeout: 2000 });
    expect(patches()[0]?.body).toMatchObject({
      carouselPlan: { slides: [{ text: 'Slide 1!', imageUrl: '/lib/c1/a.jpg' }] },
    });
  }, 15_000);

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

  it('says so when the draft cannot be opened', async () => {
    fetchStub.setHandler((url) =>
      url === '/api/drafts/d1' ? apiError(404, 'Not found', 'not_found') : undefined,
    );
    renderMaker();
    expect(await screen.findByText("This draft couldn't be opened.")).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
  });
});
