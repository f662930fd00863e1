import { describe, expect, it } from 'vitest';
import {
  FALLBACK_FACE_BOX,
  HOOK_FONT_MIN_PX,
  HOOK_LEGIBLE_MIN_PX,
  HOOK_MAX_FRAME_SHARE,
  HOOK_MAX_LINES,
  HOOK_TEXT_WIDTH,
  TIKTOK_SAFE_ZONE,
  buildHookDemoEdit,
  faceBoxFor,
  fitHookOverlay,
  hookFontPx,
  isVideoUrl,
  layoutFittedHook,
  layoutHookOverlay,
  readHookDemoLook,
} from './hook-demo';
import { ZRenderEdit, timelineEnd } from './render';

// Every character is 0.5 em wide: enough to check wrapping without a font.
const measure = (text: string, fontPx: number) => text.length * fontPx * 0.5;

describe('hook overlay layout', () => {
  it('sizes the text 64.8 × scale with a 20 px floor', () => {
    expect(hookFontPx(1)).toBeCloseTo(64.8);
    expect(hookFontPx(2)).toBeCloseTo(129.6);
    expect(hookFontPx(0.5)).toBeCloseTo(32.4);
    // Out-of-range sliders are clamped before the floor applies.
    expect(hookFontPx(0.1)).toBeCloseTo(32.4);
    expect(hookFontPx(Number.NaN)).toBeCloseTo(64.8);
    expect(HOOK_FONT_MIN_PX).toBe(20);
  });

  it('wraps within 864 px and centres the block, moved up by the offset', () => {
    const text = 'POV: you finally found the blender that fits in your gym bag';
    const layout = layoutHookOverlay(text, { fontScale: 1, yOffset: 0, measure });
    for (const line of layout.lines) {
      expect(measure(line.text, layout.fontPx)).toBeLessThanOrEqual(HOOK_TEXT_WIDTH);
      expect(line.x).toBe(540);
    }
    expect(layout.lines.map((l) => l.text).join(' ')).toBe(text);
    expect(layout.lines.length).toBe(3);
    expect(layout.lineHeight).toBeCloseTo(64.8 * 1.3);
    // Centred on the frame's middle.
    expect((layout.box.top + layout.box.bottom) / 2).toBeCloseTo(960);
    // Baselines one em below each line's top (line box = TikTok Sans' 1.3 em height).
    expect(layout.lines[0]!.y).toBeCloseTo(layout.box.top + 64.8);

    const up = layoutHookOverlay(text, { fontScale: 1, yOffset: 0.25, measure });
    expect(up.box.top).toBeCloseTo(layout.box.top - 0.25 * 1920);
    const clamped = layoutHookOverlay(text, { fontScale: 1, yOffset: -5, measure });
    expect(clamped.box.top).toBeCloseTo(layout.box.top + 0.3 * 1920);
  });

  it('scales with the frame so a preview shows the render in small', () => {
    const text = 'Three words here and some more words to wrap around';
    const full = layoutHookOverlay(text, { fontScale: 1.5, yOffset: 0.1, measure });
    const third = layoutHookOverlay(text, {
      fontScale: 1.5,
      yOffset: 0.1,
      measure,
      width: 360,
      height: 640,
    });
    expect(third.lines.map((l) => l.text)).toEqual(full.lines.map((l) => l.text));
    third.lines.forEach((line, i) => {
      expect(line.y * 3).toBeCloseTo(full.lines[i]!.y);
      expect(line.x * 3).toBeCloseTo(full.lines[i]!.x);
    });
  });

  it('cuts a word longer than the line', () => {
    const layout = layoutHookOverlay('x'.repeat(60), { measure });
    expect(layout.lines.length).toBe(3);
    expect(layout.lines.map((l) => l.text).join('')).toBe('x'.repeat(60));
  });

  it('breaks lines where a reader would: no word left alone, no "the" left hanging', () => {
    const lines = (text: string) =>
      layoutHookOverlay(text, { fontScale: 1, yOffset: 0, measure }).lines.map((l) => l.text);
    // Filled line by line, the last line was "costs" alone.
    expect(lines('Guess how much this pair of huggie hoop earrings costs')).toEqual([
      'Guess how much',
      'this pair of huggie',
      'hoop earrings costs',
    ]);
    // Filled line by line, the first line ended "…and got the".
    expect(lines('POV: you stopped overthinking it and got the GlowDrop Vitamin C Serum')).toEqual([
      'POV: you stopped',
      'overthinking it',
      'and got the GlowDrop',
      'Vitamin C Serum',
    ]);
  });

  it('keeps explicit line breaks and drops blank lines', () => {
    const layout = layoutHookOverlay('one\n\ntwo', { measure });
    expect(layout.lines.map((l) => l.text)).toEqual(['one', 'two']);
  });
});

describe('buildHookDemoEdit', () => {
  it('builds a valid 10 s edit: overlay on top, character then product below', () => {
    const edit = buildHookDemoEdit({
      hookText: '  Stop scrolling  ',
      characterUrl: '/media/characters/ava.mp4',
      productVideoUrl: 'https://example.com/files/p.mp4?sig=1',
      textFontScale: 1.5,
      textYOffset: 0.2,
      measure,
    });
    expect(ZRenderEdit.parse(edit)).toEqual(edit);
    expect(timelineEnd(edit)).toBe(10);
    const [overlayTrack, footage] = edit.timeline.tracks;
    const overlay = overlayTrack!.clips[0]!;
    expect(overlay.asset).toMatchObject({
      type: 'text',
      text: 'Stop scrolling',
      width: 864,
      font: { family: 'TikTok Sans', color: '#ffffff', lineHeight: 1.3, weight: 400 },
      stroke: { color: '#000000', width: 5 },
    });
    expect(overlay.asset.type === 'text' && overlay.asset.font?.size).toBeCloseTo(97.2);
    // Placed by fitHookOverlay: centred in the safe zone's width, above the assumed face, moved
    // up by the slider and stopped at the top of the safe zone.
    const fit = fitHookOverlay('Stop scrolling', { fontScale: 1.5, yOffset: 0.2, measure });
    expect(fit.top).toBeCloseTo(TIKTOK_SAFE_ZONE.top);
    expect(overlay.offset!.x).toBeCloseTo(fit.anchorX - 0.5, 3);
    expect(overlay.offset!.y).toBeCloseTo(0.5 - fit.anchorY, 3);
    expect(footage!.clips.map((c) => [c.asset.type, c.start, c.length])).toEqual([
      ['video', 0, 5],
      ['video', 5, 5],
    ]);
    expect(edit.output).toEqual({
      format: 'mp4',
      aspectRatio: '9:16',
      size: { width: 1080, height: 1920 },
      fps: 30,
    });
  });

  it('takes an image character and other durations', () => {
    const edit = buildHookDemoEdit({
      hookText: 'Hi',
      characterUrl: '/media/characters/ava.webp',
      productVideoUrl: '/files/x.mp4',
      ugcDurationSec: 3,
      productDurationSec: 7,
    });
    expect(edit.timeline.tracks[1]!.clips[0]!.asset.type).toBe('image');
    expect(timelineEnd(edit)).toBe(10);
    expect(edit.timeline.tracks[0]!.clips[0]!.length).toBe(3);
    expect(ZRenderEdit.parse(edit)).toEqual(edit);
  });

  it('is accepted by the render contract up to two 30 s parts, the most the editor sends', () => {
    const edit = (ugcDurationSec: number, productDurationSec: number) =>
      buildHookDemoEdit({
        hookText: 'Hi',
        characterUrl: '/media/characters/ava.webp',
        productVideoUrl: '/files/x.mp4',
        ugcDurationSec,
        productDurationSec,
      });
    expect(ZRenderEdit.safeParse(edit(30, 30)).success).toBe(true);
    expect(ZRenderEdit.safeParse(edit(30, 30.5)).success).toBe(false);
  });

  it('tells video characters from images by extension', () => {
    expect(isVideoUrl('/a/b.MP4')).toBe(true);
    expect(isVideoUrl('https://x/y.webm?sig=2')).toBe(true);
    expect(isVideoUrl('https://x/y.png')).toBe(false);
    expect(isVideoUrl('https://x/mp4/y.jpg')).toBe(false);
  });
});

describe('hook placement and long hooks (decisions 132, 133)', () => {
  // A pre-made character's face: hair at 13 %, chin at 58 % of the frame.
  const face = { left: 0.2, top: 0.13, right: 0.8, bottom: 0.58 };
  const inSafeZone = (fit: { top: number; bottom: number }) =>
    fit.top >= TIKTOK_SAFE_ZONE.top - 0.5 && fit.bottom <= TIKTOK_SAFE_ZONE.bottom + 0.5;
  const clearOf = (fit: { top: number; bottom: number }, box: typeof face) =>
    fit.bottom <= box.top * 1920 || fit.top >= box.bottom * 1920;

  it('keeps a short hook out of the face and inside the safe zone, horizontally too', () => {
    const fit = fitHookOverlay('POV: you finally found it', { faceBox: face, measure });
    expect(clearOf(fit, face)).toBe(true);
    expect(inSafeZone(fit)).toBe(true);
    // Not enough room above this face: below it, above the caption area.
    expect(fit.top).toBeGreaterThan(face.bottom * 1920);
    const layout = layoutFittedHook('POV: you finally found it', fit, { measure });
    for (const line of layout.lines) {
      const half = measure(line.text, layout.fontPx) / 2;
      expect(line.x - half).toBeGreaterThanOrEqual(TIKTOK_SAFE_ZONE.left);
      expect(line.x + half).toBeLessThanOrEqual(TIKTOK_SAFE_ZONE.right);
    }
  });

  it('puts the hook in the upper third when the face is not known', () => {
    expect(faceBoxFor(null)).toEqual(FALLBACK_FACE_BOX);
    expect(faceBoxFor({ faceBox: face })).toEqual(face);
    const fit = fitHookOverlay('Stop scrolling', { measure });
    expect(fit.bottom).toBeLessThanOrEqual(1920 / 3);
    expect(inSafeZone(fit)).toBe(true);
  });

  it('lets the slider move it, but never out of the safe zone', () => {
    const centred = fitHookOverlay('Stop scrolling', { faceBox: face, measure });
    const lower = fitHookOverlay('Stop scrolling', { faceBox: face, yOffset: -0.05, measure });
    expect(lower.anchorY - centred.anchorY).toBeCloseTo(0.05);
    const farDown = fitHookOverlay('Stop scrolling', { faceBox: face, yOffset: -0.3, measure });
    expect(inSafeZone(farDown)).toBe(true);
    expect(farDown.bottom).toBeCloseTo(TIKTOK_SAFE_ZONE.bottom);
  });

  it('shrinks a long hook within the line limit, and says when it cannot be drawn legibly', () => {
    const long =
      'I tried every juicer on the market so you do not have to and this is the one that fits my small kitchen drawer 🍋';
    const fit = fitHookOverlay(long, { faceBox: face, measure });
    expect(fit.shrunk).toBe(true);
    expect(fit.legible).toBe(true);
    expect(fit.lineCount).toBeLessThanOrEqual(HOOK_MAX_LINES);
    expect(fit.bottom - fit.top).toBeLessThanOrEqual(HOOK_MAX_FRAME_SHARE * 1920 + 0.5);
    expect(fit.fontPx).toBeGreaterThanOrEqual(HOOK_LEGIBLE_MIN_PX);

    const wall = 'margarita night '.repeat(19).trim(); // 303 characters
    const refused = fitHookOverlay(wall, { faceBox: face, measure });
    expect(refused.legible).toBe(false);
    expect(refused.fontPx).toBe(HOOK_LEGIBLE_MIN_PX);
  });
});

describe('readHookDemoLook', () => {
  it('reads every look the editor saves, as the campaign render passes it on', () => {
    expect(
      readHookDemoLook({
        productVideoFit: 'crop',
        textFontScale: 1.5,
        textYOffset: 0.2,
        ugcDurationSec: 3,
        productDurationSec: 7.5,
        endCard: { title: 'Juicer', price: '$24' },
        hookStyle: 'box',
      }),
    ).toEqual({
      productVideoFit: 'crop',
      textFontScale: 1.5,
      textYOffset: 0.2,
      ugcDurationSec: 3,
      productDurationSec: 7.5,
      endCard: { title: 'Juicer', price: '$24' },
      hookStyle: 'box',
    });
  });

  it('falls back on the default for anything missing or odd, and clamps the sliders', () => {
    expect(
      readHookDemoLook({
        productVideoFit: 'stretch',
        textFontScale: 9,
        textYOffset: '0.1',
        ugcDurationSec: -1,
        endCard: { price: '$5' },
        hookStyle: 'neon',
      }),
    ).toEqual({
      productVideoFit: 'blur',
      textFontScale: 2,
      textYOffset: 0,
      ugcDurationSec: 5,
      productDurationSec: 5,
      endCard: null,
      hookStyle: 'outline',
    });
  });
});
