import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TRenderEdit } from '#contract/render';
import {
  api,
  editorOpen,
  generate,
  readyDraft,
  renderCalls,
  renderEditor,
  serumHooks,
  setUpHookDemoEditor,
  toast,
  draftPatches,
  userVideo,
} from './hook-demo-editor.harness';

setUpHookDemoEditor();

// A template's pacing (decision 043) reaches everything that times the video's parts: the
// render, the live preview, and the captions of the video kept in this browser.

const LAST_VIDEO_KEY = 'ugc_last_video_u1_draft_d1';

// jsdom has no blob: URLs; the captions track is read back from the blob it was given.
const blobs = new Map<string, Blob>();
beforeEach(() => {
  vi.stubGlobal(
    'URL',
    class extends URL {
      static override createObjectURL = (blob: Blob) => {
        const url = `blob:captions-${blobs.size + 1}`;
        blobs.set(url, blob);
        return url;
      };
      static override revokeObjectURL = () => {};
    },
  );
});
afterEach(() => {
  vi.useRealTimers();
});

const captionsOf = async (video: HTMLElement) =>
  blobs.get(video.querySelector('track')?.getAttribute('src') ?? '')?.text();

const hookCaptions = (until: string, hook: string) =>
  `WEBVTT\n\n00:00:00.000 --> ${until}\n${hook}\n`;

const label = () => screen.getByText(/^(UGC Media|Product Video)$/, { selector: 'span' });

describe('Hook + Demo editor: pacing', { timeout: 15_000 }, () => {
  it("renders a template's pacing, not the default 5 s + 5 s, and keeps it with the video", async () => {
    const u = userEvent.setup();
    api.draft = readyDraft({ ugcDurationSec: 3, productDurationSec: 7, templateId: 't-quick' });
    renderEditor();
    await editorOpen();
    await generate(u);
    await toast('Hook + Demo Generation Started', 'Added to queue. Tracking rendering progress...');
    const [[, init]] = renderCalls() as [[string, RequestInit]];
    const edit = JSON.parse(String(init.body)) as TRenderEdit;
    const [overlay] = edit.timeline.tracks[0]!.clips;
    const [character, product] = edit.timeline.tracks[1]!.clips;
    expect(overlay).toMatchObject({ start: 0, length: 3 });
    expect(character).toMatchObject({ start: 0, length: 3 });
    expect(product).toMatchObject({ start: 3, length: 7 });

    const video = await screen.findByLabelText('Generated video');
    expect(JSON.parse(localStorage.getItem(LAST_VIDEO_KEY) ?? 'null')).toEqual({
      videoUrl: '/files/renders/r1.mp4',
      hookText: serumHooks[0],
      ugcDurationSec: 3,
      productDurationSec: 7,
    });
    expect(await captionsOf(video)).toBe(hookCaptions('00:00:03.000', serumHooks[0]!));
  });

  it('the preview plays each part for as long as the render will', async () => {
    // Real time still passes, so the fetches answer; the preview's clock is moved by hand.
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    api.draft = readyDraft({ ugcDurationSec: 3, productDurationSec: 7 });
    renderEditor();
    await editorOpen();
    // The parts alternate once the product video has its playable URL.
    const chosen = within(screen.getByRole('list', { name: 'Your product video' }));
    await waitFor(() =>
      expect(chosen.getByLabelText('Chosen product video')).toHaveAttribute('src'),
    );
    // The URL arrived outside act(): React starts the part's clock in an effect of its own
    // scheduling, which runs once the test lets other tasks run.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(label()).toHaveTextContent('UGC Media');
    // The render cuts or loops each source to its part, so the preview does too.
    expect(screen.getByLabelText('UGC character clip')).toHaveProperty('loop', true);

    act(() => vi.advanceTimersByTime(3000));
    expect(label()).toHaveTextContent('Product Video');
    expect(screen.getByLabelText('Product video')).toHaveProperty('loop', true);
    act(() => vi.advanceTimersByTime(5000));
    expect(label()).toHaveTextContent('Product Video');
    act(() => vi.advanceTimersByTime(2000));
    expect(label()).toHaveTextContent('UGC Media');
  });

  it("a restored video's captions follow the pacing it was rendered with, not the draft's", async () => {
    api.draft = readyDraft();
    const hook = 'Two seconds of hook';
    localStorage.setItem(
      LAST_VIDEO_KEY,
      JSON.stringify({
        videoUrl: '/files/renders/r0.mp4',
        hookText: hook,
        ugcDurationSec: 2,
        productDurationSec: 8,
      }),
    );
    renderEditor();
    await editorOpen();
    const video = await screen.findByLabelText('Generated video');
    expect(await captionsOf(video)).toBe(hookCaptions('00:00:02.000', hook));
  });

  it('a video saved before the pacing was kept still shows, with a 5 s hook', async () => {
    api.draft = readyDraft({ ugcDurationSec: 3, productDurationSec: 7 });
    const hook = 'An older hook';
    localStorage.setItem(
      LAST_VIDEO_KEY,
      JSON.stringify({ videoUrl: '/files/renders/r0.mp4', hookText: hook }),
    );
    renderEditor();
    await editorOpen();
    const video = await screen.findByLabelText('Generated video');
    expect(video).toHaveAttribute('src', '/files/renders/r0.mp4');
    expect(await captionsOf(video)).toBe(hookCaptions('00:00:05.000', hook));
  });

  it('shows how long each part plays, says when the demo will be cut, and lets the seller change it', async () => {
    const u = userEvent.setup();
    // An 8 s product video (userVideo lasts 8 s) in a 5 s part.
    api.videos = [userVideo(1)];
    api.draft = readyDraft();
    renderEditor();
    await editorOpen();
    const timing = await screen.findByRole('group', { name: 'Timing' });
    expect(within(timing).getByText('· 10 s in all')).toBeVisible();
    expect(
      await within(timing).findByText(
        'Your product video is 8 s long: only its first 5 s will play.',
      ),
    ).toBeVisible();
    await u.click(within(timing).getByRole('button', { name: 'Play all 8 s' }));
    expect(within(timing).getByText('· 13 s in all')).toBeVisible();
    expect(within(timing).queryByText(/will play/)).toBeNull();
    // The character's part, by keyboard on its slider: half a second a step.
    const character = within(timing).getByRole('slider', { name: 'Character with hook' });
    character.focus();
    await u.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(within(timing).getByText('· 12 s in all')).toBeVisible();
    await waitFor(
      () =>
        expect(draftPatches().at(-1)).toMatchObject({
          assets: { ugcDurationSec: 4, productDurationSec: 8 },
        }),
      { timeout: 3000 },
    );
    await generate(u);
    await waitFor(() => expect(renderCalls()).toHaveLength(1));
    const edit = JSON.parse(String(renderCalls()[0]![1]!.body)) as TRenderEdit;
    const [character2, product] = edit.timeline.tracks[1]!.clips;
    expect(character2).toMatchObject({ start: 0, length: 4 });
    expect(product).toMatchObject({ start: 4, length: 8 });
  });
});
