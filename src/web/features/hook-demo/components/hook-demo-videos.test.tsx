import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TRenderEdit } from '#contract/render';
import {
  api,
  draftPatches,
  editorOpen,
  fakeVideoMetadata,
  fetchStub,
  generate,
  readyDraft,
  renderCalls,
  renderEditor,
  setUpHookDemoEditor,
  toast,
  userVideo,
} from './hook-demo-editor.harness';

setUpHookDemoEditor();

const file = (name: string, type: string, bytes = 1000) => {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: bytes });
  return f;
};

const pick = async (u: ReturnType<typeof userEvent.setup>, f: File) =>
  u.upload(screen.getByLabelText('Upload product video'), f);

describe('Hook + Demo editor: product video', { timeout: 15_000 }, () => {
  it('checks size, type, duration and metadata in the product’s words, uploading nothing', async () => {
    // userEvent would drop a file its accept attribute refuses; the check behind it must hold too.
    const u = userEvent.setup({ applyAccept: false });
    fakeVideoMetadata(31);
    renderEditor();
    await editorOpen();
    await pick(u, file('huge.mp4', 'video/mp4', 100 * 1024 * 1024 + 1));
    await toast('Upload Failed', 'File huge.mp4 is too large. Maximum size is 100MB.');
    await pick(u, file('notes.txt', 'text/plain'));
    await toast('Upload Failed', 'File notes.txt is not a valid video.');
    await pick(u, file('long.mp4', 'video/mp4'));
    await toast('Upload Failed', 'Video long.mp4 is too long. Maximum duration is 30 seconds.');
    expect(fetchStub.calls('/api/upload/videos')).toHaveLength(0);
    expect(screen.getByText('0/1 video uploaded')).toBeVisible();
  });

  it('says when a file cannot be read', async () => {
    const u = userEvent.setup();
    fakeVideoMetadata('error');
    renderEditor();
    await editorOpen();
    await pick(u, file('broken.mp4', 'video/mp4'));
    await toast('Upload Failed', 'Failed to load video broken.mp4');
  });

  it('uploads a good video, shows it, counts it and saves its path', async () => {
    const u = userEvent.setup();
    fakeVideoMetadata(12);
    renderEditor();
    await editorOpen();
    await pick(u, file('demo.mp4', 'video/mp4'));
    await toast('Video Uploaded Successfully', '1 video(s) uploaded and ready for generation.');
    expect(screen.getByText('1/1 video uploaded')).toBeVisible();
    const chosen = within(screen.getByRole('list', { name: 'Your product video' }));
    expect(chosen.getByLabelText('Chosen product video')).toHaveAttribute(
      'src',
      '/files/v9.mp4?sig=1',
    );
    // One per job: the picker is closed until this one is removed.
    expect(screen.getByLabelText('Upload product video')).toBeDisabled();
    await waitFor(
      () =>
        expect(draftPatches().at(-1)).toMatchObject({
          assets: { productVideos: [userVideo(9).path] },
        }),
      { timeout: 3000 },
    );
    await u.click(screen.getByRole('button', { name: 'Remove product video' }));
    expect(screen.getByText('0/1 video uploaded')).toBeVisible();
    expect(screen.getByLabelText('Upload product video')).toBeEnabled();
  });

  it("shows the server's refusal", async () => {
    const u = userEvent.setup();
    fakeVideoMetadata(12);
    api.upload = { status: 415, body: null };
    renderEditor();
    await editorOpen();
    await pick(u, file('demo.mp4', 'video/mp4'));
    await toast('Upload Failed', 'Nope');
    expect(screen.getByText('0/1 video uploaded')).toBeVisible();
  });

  it('My Videos: 8 inline, the dialog 12 a page with Prev/Next; picking one uses it', async () => {
    const u = userEvent.setup();
    api.videos = Array.from({ length: 14 }, (_, i) => userVideo(i + 1));
    renderEditor();
    await editorOpen();
    expect(await screen.findByRole('heading', { name: 'My Videos' })).toBeVisible();
    const inline = await screen.findAllByRole('button', { name: /^clip-\d+\.mp4 \(8s\)$/ });
    expect(inline).toHaveLength(8);
    await u.click(screen.getByRole('button', { name: 'Browse More videos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Select a Product Video' });
    expect(within(dialog).getAllByRole('button', { name: /^clip-/ })).toHaveLength(12);
    expect(within(dialog).getByText('Page 1 of 2')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Prev' })).toBeDisabled();
    await u.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByText('Page 2 of 2')).toBeVisible();
    await u.click(within(dialog).getByRole('button', { name: 'clip-14.mp4 (8s)' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('1/1 video uploaded')).toBeVisible();
    const chosen = within(screen.getByRole('list', { name: 'Your product video' }));
    expect(chosen.getByLabelText('Chosen product video')).toHaveAttribute(
      'src',
      '/files/v14.mp4?sig=1',
    );
  });

  it('signs a saved video that My Videos does not list', async () => {
    api.videos = [];
    api.draft = {
      ...api.draft,
      assets: {
        productVideos: ['users/u1/product-videos/00000000-0000-4000-8000-000000000077.mp4'],
      },
    };
    renderEditor();
    await editorOpen();
    const chosen = within(screen.getByRole('list', { name: 'Your product video' }));
    await waitFor(() =>
      expect(chosen.getByLabelText('Chosen product video')).toHaveAttribute(
        'src',
        '/files/signed/users/u1/product-videos/00000000-0000-4000-8000-000000000077.mp4',
      ),
    );
    expect(fetchStub.calls('/api/user-videos/sign')).toEqual([
      {
        method: 'POST',
        body: { paths: ['users/u1/product-videos/00000000-0000-4000-8000-000000000077.mp4'] },
      },
    ]);
  });

  it('a landscape video: the blurred fill by default, Fit chosen in the editor is saved and rendered from the original', async () => {
    const u = userEvent.setup();
    const landscape = {
      ...userVideo(1),
      originalUrl: '/files/v1.original.mp4?sig=1',
      width: 1920,
      height: 1080,
    };
    api.videos = [landscape];
    api.draft = readyDraft();
    api.premade = [];
    renderEditor();
    await editorOpen();
    const choice = await screen.findByRole('radiogroup', {
      name: 'How the product video fills the frame',
    });
    expect(within(choice).getByRole('radio', { name: /Blurred background/ })).toBeChecked();
    await u.click(within(choice).getByRole('radio', { name: /^Fit/ }));
    await waitFor(
      () => expect(draftPatches().at(-1)).toMatchObject({ assets: { productVideoFit: 'contain' } }),
      { timeout: 3000 },
    );
    await generate(u);
    await waitFor(() => expect(renderCalls()).toHaveLength(1));
    const edit = JSON.parse(String(renderCalls()[0]![1]!.body)) as TRenderEdit;
    const product = edit.timeline.tracks.at(-1)!.clips.at(-1)!;
    expect(product).toMatchObject({
      asset: { type: 'video', src: '/files/v1.original.mp4?sig=1' },
      fit: 'contain',
    });
  });
});
