import { describe, expect, it } from 'vitest';
import { draftFixture } from '@/testing/fixtures';
import { demoFromDraft, toCampaignItemPatch, toDemoDraftPatch } from './demo-state';
import { generateBlocker } from './generate-checks';
import { lastVideoKey, readLastVideo, writeLastVideo } from './last-video';

describe('demo draft state', () => {
  it('reads a draft, keeps the keys other parts wrote, and saves the demo shape', () => {
    const opened = demoFromDraft(
      draftFixture({
        type: 'video',
        productId: 'p1',
        hook: 'POV',
        assets: {
          selectedCharacter: '/media/characters/a.mp4',
          selectedCharacterId: 'a',
          productVideos: ['users/u/product-videos/1.mp4', 'users/u/product-videos/2.mp4', 7],
          productVideoFit: 'crop',
          ugcMediaType: 'custom',
          textFontScale: 9,
          textYOffset: -0.2,
          originCampaignItemId: 'item1',
          templateId: 't1',
        },
      }),
    );
    expect(opened.state).toEqual({
      hookText: 'POV',
      productId: 'p1',
      ugcMediaType: 'custom',
      selectedCharacter: '/media/characters/a.mp4',
      selectedCharacterId: 'a',
      productVideoPaths: ['users/u/product-videos/1.mp4'],
      productVideoFit: 'crop',
      textFontScale: 2,
      textYOffset: -0.2,
      ugcDurationSec: 5,
      productDurationSec: 5,
      endCard: null,
      hookStyle: 'outline',
      hookVoice: false,
    });
    expect(opened.originCampaignItemId).toBe('item1');
    const patch = toDemoDraftPatch({ ...opened.state, productId: '' }, opened.assets);
    expect(patch).toMatchObject({ type: 'video', productId: null, hook: 'POV' });
    expect(patch.assets).toMatchObject({
      originCampaignItemId: 'item1',
      templateId: 't1',
      productVideos: ['users/u/product-videos/1.mp4'],
      textFontScale: 2,
    });
    expect(toCampaignItemPatch(opened.state)).toEqual({
      hook: 'POV',
      productId: 'p1',
      assets: {
        selectedCharacter: '/media/characters/a.mp4',
        selectedCharacterId: 'a',
        productVideos: ['users/u/product-videos/1.mp4'],
        productVideoFit: 'crop',
        ugcMediaType: 'custom',
        textFontScale: 2,
        textYOffset: -0.2,
        ugcDurationSec: 5,
        productDurationSec: 5,
        endCard: null,
        hookStyle: 'outline',
        hookVoice: false,
      },
    });
  });

  it("keeps a template's pacing for the render, else 5 s + 5 s", () => {
    const pacingOf = (assets: Record<string, unknown>) =>
      demoFromDraft(draftFixture({ type: 'video', assets })).pacing;
    expect(pacingOf({ ugcDurationSec: 2, productDurationSec: 8 })).toEqual({
      ugcDurationSec: 2,
      productDurationSec: 8,
    });
    expect(pacingOf({})).toEqual({ ugcDurationSec: 5, productDurationSec: 5 });
    // Only what the render contract can take: a part outside (0, 30] s falls back on its own.
    expect(pacingOf({ ugcDurationSec: 0, productDurationSec: 31 })).toEqual({
      ugcDurationSec: 5,
      productDurationSec: 5,
    });
    expect(pacingOf({ ugcDurationSec: '3', productDurationSec: 6 })).toEqual({
      ugcDurationSec: 5,
      productDurationSec: 6,
    });
  });

  it('opens an empty or odd draft on the defaults', () => {
    const { state } = demoFromDraft(
      draftFixture({ type: 'video', assets: { ugcMediaType: 'other', textYOffset: 'x' } }),
    );
    expect(state).toMatchObject({ ugcMediaType: 'premade', textFontScale: 1, textYOffset: 0 });
    expect(generateBlocker(state)?.title).toBe('Hook Text Required');
    expect(generateBlocker({ ...state, hookText: 'x', ugcMediaType: 'custom' })?.title).toBe(
      'Product Video Required',
    );
  });

  it('keeps the last video per user and draft under its own key', () => {
    expect(lastVideoKey('u1', 'd1')).toBe('ugc_last_video_u1_draft_d1');
    expect(lastVideoKey(null, undefined)).toBe('ugc_last_video_anonymous_global');
    const video = { videoUrl: '/v.mp4', hookText: 'POV', ugcDurationSec: 3, productDurationSec: 7 };
    writeLastVideo('k', video);
    expect(readLastVideo('k')).toEqual(video);
    localStorage.setItem('k', '{broken');
    expect(readLastVideo('k')).toBeNull();
    // Saved before the pacing was kept: still shown, as the default 5 s + 5 s.
    localStorage.setItem('k', JSON.stringify({ videoUrl: '/w.mp4' }));
    expect(readLastVideo('k')).toEqual({
      videoUrl: '/w.mp4',
      hookText: '',
      ugcDurationSec: 5,
      productDurationSec: 5,
    });
  });
});
