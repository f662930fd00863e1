import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TRenderEdit } from '#contract/render';
import {
  api,
  editorOpen,
  fetchStub,
  generate,
  openUpgradeDialog,
  queryClient,
  readyDraft,
  renderCalls,
  renderEditor,
  serumHooks,
  setUpHookDemoEditor,
  toast,
  videoDraft,
} from './hook-demo-editor.harness';

setUpHookDemoEditor();

describe('Hook + Demo editor: Generate', { timeout: 15_000 }, () => {
  it('says what is missing, in order, and renders nothing', async () => {
    const u = userEvent.setup();
    api.premade = [];
    api.draft = videoDraft({ assets: { ugcMediaType: 'premade' } });
    renderEditor();
    await editorOpen();
    const button = screen.getByRole('button', { name: 'Generate' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await u.click(button);
    await toast('Hook Text Required', 'Please enter your hook text');
    await u.type(screen.getByLabelText('Hook text'), 'POV: my serum works');
    await u.click(button);
    await toast('UGC Character Required', 'Please select a UGC character');
    await u.click(screen.getByRole('radio', { name: 'Generate Custom AI Character' }));
    await u.click(button);
    await toast('Product Video Required', 'Please upload a product video');
    expect(renderCalls()).toHaveLength(0);
  });

  it('is blocked by the entitlement guard, which opens the upgrade dialog', async () => {
    const u = userEvent.setup();
    api.canGenerate = false;
    api.draft = readyDraft();
    renderEditor();
    await editorOpen();
    await u.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(openUpgradeDialog).toHaveBeenCalledWith('no_plan'));
    expect(fetchStub.calls('/api/events')).toEqual([
      {
        method: 'POST',
        body: { name: 'generation_blocked', properties: { tool: 'video', reason: 'entitlements' } },
      },
    ]);
    expect(renderCalls()).toHaveLength(0);
  });

  it('keeps the hook off the face found in a saved character (decision 139)', async () => {
    const u = userEvent.setup();
    // A creator whose face fills the upper half: the hook goes below it, not to the upper third
    // the fallback would choose.
    api.library = [
      {
        id: 'clip1',
        userId: 'u1',
        name: 'me-talking',
        description: 'Your own creator clip',
        imageUrl: '/media/characters/g1.jpg?k=cap',
        stylePreset: 'iphone',
        characterId: 'g1',
        metadata: { source: 'upload' },
        clipUrl: '/media/characters/g1.mp4?k=cap',
        faceBox: { left: 0.2, top: 0.08, right: 0.8, bottom: 0.45 },
        createdAt: '2026-11-26T01:00:00.000Z',
      },
    ];
    api.draft = readyDraft({
      ugcMediaType: 'custom',
      selectedCharacter: '/media/characters/g1.mp4?k=cap',
      selectedCharacterId: 'clip1',
      textYOffset: 0,
    });
    renderEditor();
    await editorOpen();
    await screen.findByRole('button', { name: 'me-talking' });
    await generate(u);
    await toast('Hook + Demo Generation Started', 'Added to queue. Tracking rendering progress...');
    const [[, init]] = renderCalls() as [[string, RequestInit]];
    const edit = JSON.parse(String(init.body)) as TRenderEdit;
    const [overlay] = edit.timeline.tracks[0]!.clips;
    // Shotstack's offset is from the centre, +y up: below the chin at 45 % of the frame.
    expect(0.5 - overlay!.offset!.y!).toBeGreaterThan(0.45);
  });

  it('offers a Voice only where one is configured, and mixes the reading under the hook', async () => {
    const u = userEvent.setup();
    api.draft = readyDraft();
    const view = renderEditor();
    await editorOpen();
    expect(screen.queryByRole('checkbox', { name: 'Voice' })).toBeNull();
    view.unmount();
    queryClient.clear();

    api.voice = true;
    renderEditor();
    await editorOpen();
    await u.click(await screen.findByRole('checkbox', { name: 'Voice' }));
    await generate(u);
    await toast('Hook + Demo Generation Started', 'Added to queue. Tracking rendering progress...');
    // Decision 140: read for the hook part's 5 s, then the render's soundtrack.
    expect(fetchStub.calls('/api/voice/hook')).toEqual([
      { method: 'POST', body: { text: serumHooks[0], seconds: 5 } },
    ]);
    const [[, init]] = renderCalls() as [[string, RequestInit]];
    const edit = JSON.parse(String(init.body)) as TRenderEdit;
    expect(edit.timeline.soundtrack).toEqual({
      src: '/files/users/u1/voice/v1.wav?sig=1',
      volume: 1,
    });
  });

  it('renders the edit of the overlay, character and product video, then shows and keeps the video', async () => {
    const u = userEvent.setup();
    api.draft = readyDraft();
    const view = renderEditor();
    await editorOpen();
    await generate(u);
    await toast('Hook + Demo Generation Started', 'Added to queue. Tracking rendering progress...');
    const [[url, init]] = renderCalls() as [[string, RequestInit]];
    expect(url).toMatch(/^\/api\/shotstack\/render\?idempotencyKey=[0-9a-f]{32}$/);
    const edit = JSON.parse(String(init.body)) as TRenderEdit;
    expect(edit.output).toMatchObject({
      format: 'mp4',
      aspectRatio: '9:16',
      size: { width: 1080, height: 1920 },
    });
    const [overlay] = edit.timeline.tracks[0]!.clips;
    expect(overlay!.asset).toMatchObject({ type: 'text', text: serumHooks[0] });
    // Decision 132: centred in the safe zone's width, in the upper third (this character's face
    // is not known), moved up 0.1 by the slider.
    expect(overlay!.offset!.x).toBeCloseTo((500 - 540) / 1080, 3);
    expect(overlay!.offset!.y).toBeGreaterThan(1 / 6 + 0.1 - 0.01);
    expect((overlay!.asset as { font: { size: number } }).font.size).toBeCloseTo(64.8 * 1.2);
    const [character, product] = edit.timeline.tracks[1]!.clips;
    expect(character!.asset).toEqual({ type: 'video', src: '/media/characters/pm3.mp4' });
    expect(product!.asset).toEqual({ type: 'video', src: '/files/v1.mp4?sig=1' });
    // Without a template's pacing: 5 s of character, then 5 s of product (docs/product/hook-demo.md
    // rule 5).
    expect(character).toMatchObject({ start: 0, length: 5 });
    expect(product).toMatchObject({ start: 5, length: 5 });

    const video = await screen.findByLabelText('Generated video');
    expect(video).toHaveAttribute('src', '/files/renders/r1.mp4');
    expect(
      fetchStub.fetchMock.mock.calls.some(
        ([u]) => String(u) === '/api/shotstack/status/r1?env=local',
      ),
    ).toBe(true);
    expect(JSON.parse(localStorage.getItem('ugc_last_video_u1_draft_d1') ?? 'null')).toEqual({
      videoUrl: '/files/renders/r1.mp4',
      hookText: serumHooks[0],
      ugcDurationSec: 5,
      productDurationSec: 5,
    });
    // The hook now counts as used for this product.
    expect(JSON.parse(localStorage.getItem('ugc:hooks-history:p1') ?? '[]')).toEqual([
      serumHooks[0],
    ]);

    // Reopened, the last video is back; one that no longer loads is forgotten.
    view.unmount();
    renderEditor();
    await editorOpen();
    const again = await screen.findByLabelText('Generated video');
    expect(again).toHaveAttribute('src', '/files/renders/r1.mp4');
    expect(screen.getByRole('button', { name: 'Upload to TikTok' })).toBeEnabled();
    again.dispatchEvent(new Event('error'));
    await waitFor(() => expect(screen.queryByLabelText('Generated video')).toBeNull());
    expect(localStorage.getItem('ugc_last_video_u1_draft_d1')).toBeNull();
    expect(screen.getByRole('button', { name: 'Upload to TikTok' })).toBeDisabled();
  });

  it('shows progress while rendering and answers Check Status', async () => {
    const u = userEvent.setup();
    api.draft = readyDraft();
    api.statuses = [{ status: 'rendering' }];
    renderEditor();
    await editorOpen();
    await generate(u);
    expect(await screen.findByText('Generating your demo...')).toBeVisible();
    const bar = await screen.findByRole('progressbar', { name: 'Generation progress' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '70'));
    expect(screen.getByRole('button', { name: 'Generating...' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    expect(screen.getByText('Rendering...')).toBeVisible();
    await u.click(screen.getByRole('button', { name: 'Check Status' }));
    await toast('Status Check', 'Current status: rendering');

    api.statuses = [{ status: 'failed', error: 'The product video could not be read' }];
    await u.click(screen.getByRole('button', { name: 'Check Status' }));
    await toast('Status Check', 'Current status: failed');
  });

  it('a failed render says why and returns to the preview', async () => {
    const u = userEvent.setup();
    api.draft = readyDraft();
    api.statuses = [{ status: 'failed', error: 'The product video could not be read' }];
    renderEditor();
    await editorOpen();
    await generate(u);
    await toast('Rendering Failed', 'The product video could not be read');
    expect(screen.queryByText('Generating your demo...')).toBeNull();
    expect(screen.queryByLabelText('Generated video')).toBeNull();
    expect(screen.getByRole('button', { name: 'Generate' })).toBeVisible();
  });

  it('a 402 from the render opens the upgrade dialog', async () => {
    const u = userEvent.setup();
    const reasons: string[] = [];
    const { onPaymentRequired } = await import('@/lib/payment-required');
    const stop = onPaymentRequired((reason) => reasons.push(reason));
    api.draft = readyDraft();
    api.submitStatus = 402;
    renderEditor();
    await editorOpen();
    await generate(u);
    await waitFor(() => expect(reasons).toEqual(['payment_required']));
    expect(screen.queryByText('Generating your demo...')).toBeNull();
    stop();
  });

  it('Upload to TikTok opens the video upload dialog with the video and the default title', async () => {
    const u = userEvent.setup();
    api.draft = readyDraft();
    localStorage.setItem(
      'ugc_last_video_u1_draft_d1',
      JSON.stringify({ videoUrl: '/files/renders/r1.mp4' }),
    );
    renderEditor();
    await editorOpen();
    await u.click(await screen.findByRole('button', { name: 'Upload to TikTok' }));
    const title = await screen.findByLabelText('Title');
    expect(title).toHaveValue('Check out this amazing Hook + Demo! 🎬');
  });

  it('counts the hook, warns past 120 characters and refuses one too long to show legibly', async () => {
    const u = userEvent.setup();
    api.draft = readyDraft();
    renderEditor();
    await editorOpen();
    const field = screen.getByLabelText('Hook text');
    await u.clear(field);
    await u.type(field, 'POV: my serum works');
    expect(screen.getByText('19 characters')).toBeVisible();
    await u.clear(field);
    const long =
      'This serum changed my skin in two weeks and I will never go back to the old one again, trust me on this one, honestly!!!!';
    await u.click(field);
    await u.paste(`${long} ok`);
    expect(
      await screen.findByText(
        /^124 characters · Longer than 120 characters: the text is drawn smaller/,
      ),
    ).toBeVisible();
    await u.clear(field);
    await u.click(field);
    await u.paste('margarita night '.repeat(19).trim());
    expect(
      await screen.findByText(/^303 characters · Too long to show legibly: at most 4 lines fit/),
    ).toBeVisible();
    await u.click(screen.getByRole('button', { name: 'Generate' }));
    await toast(
      'Hook Too Long',
      'The hook cannot be shown legibly: at most 4 lines fit. Please shorten it.',
    );
    expect(renderCalls()).toHaveLength(0);
  });
});
