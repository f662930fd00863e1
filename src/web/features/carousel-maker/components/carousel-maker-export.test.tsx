import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  draft,
  api,
  fetchStub,
  openUpgradeDialog,
  renderMaker,
  toast,
  firstSlideImageShown,
  setUpCarouselMaker,
  zipBuild,
} from './carousel-maker.harness';

setUpCarouselMaker();

describe('Carousel Maker: preview, Generate and Upload to TikTok', () => {
  it('Generate downloads the zip for a user who can generate', async () => {
    const u = userEvent.setup();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    URL.createObjectURL = vi.fn(() => 'blob:zip');
    URL.revokeObjectURL = vi.fn();
    renderMaker();
    await firstSlideImageShown();
    await u.type(screen.getByLabelText('Carousel Description'), 'My post');
    await u.click(screen.getByRole('button', { name: 'Generate' }));
    await toast('Carousel generated successfully!', 'Downloaded 1 slides with text overlays');
    expect(zipBuild).toHaveBeenCalledWith(
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
    expect(zipBuild).not.toHaveBeenCalled();

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
});
