import { screen, waitFor, within } from '@testing-library/react';
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
  toast,
} from './carousel-maker.harness';

setUpCarouselMaker();

describe('Carousel Maker: collections, My Images and uploads', () => {
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

  it("uploads images and reports failures in the product's words", async () => {
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
});
