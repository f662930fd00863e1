import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HOOK_MAX_FRAME_SHARE,
  TIKTOK_SAFE_ZONE,
  buildHookDemoEdit,
  type FaceBox,
  type ProductVideoFit,
} from '#contract/hook-demo';
import { ZRenderEdit } from '#contract/render';
import { normalizeVideo } from '../../media/canonical-video';
import { measureHookText } from '../../media/hook-text';
import type { FfmpegSettings } from '../../media/ffmpeg-path';
import {
  blackRowShare,
  countPixels,
  frameAt,
  isWarmColour,
  makeColourClip,
} from '../../testing/video-frames';
import { renderLocally } from './local-renderer';

// Frame tests on real renders of a Hook + Demo (issue 24 "Composition"): what a seller sees.

const settings: FfmpegSettings = { path: null, searchPath: process.env.PATH ?? '' };
let dir = '';

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'composition-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const canonical = async (name: string, rgb: readonly number[], width = 720, height = 1280) => {
  const raw = await makeColourClip({ dir, name: `${name}-raw`, rgb, seconds: 2, width, height });
  const out = path.join(dir, `${name}.mp4`);
  await normalizeVideo({ input: raw, output: out, fit: 'crop', maxSeconds: 30, settings });
  return out;
};

const render = async (edit: unknown, files: Record<string, string>) => {
  const workDir = await mkdtemp(path.join(dir, 'work-'));
  return renderLocally({
    edit: ZRenderEdit.parse(edit),
    files: new Map(Object.entries(files)),
    workDir,
    ffmpeg: settings,
  });
};

// Each test renders 1080x1920 video; with CI's other workers busy one can take over 30 s.
describe('a Hook + Demo render', { timeout: 120_000 }, () => {
  it('draws emoji of the hook in colour', async () => {
    const character = await canonical('character', [20, 40, 120]);
    const product = await canonical('product', [30, 120, 40]);
    const edit = ZRenderEdit.parse(
      buildHookDemoEdit({
        hookText: 'margarita night 🍹🍋',
        characterUrl: '/c.mp4',
        productVideoUrl: '/p.mp4',
        ugcDurationSec: 1,
        productDurationSec: 1,
      }),
    );
    const workDir = await mkdtemp(path.join(dir, 'work-'));
    const result = await renderLocally({
      edit,
      files: new Map([
        ['/c.mp4', character],
        ['/p.mp4', product],
      ]),
      workDir,
      ffmpeg: settings,
    });
    const frame = await frameAt(result.file, 0.5);
    // Nothing warm in the blue clip or the white text: only the drink and the lemon.
    const warm = countPixels(frame, { left: 0, top: 0, right: 1080, bottom: 1920 }, isWarmColour);
    expect(warm).toBeGreaterThan(400);
  });

  describe('the hook over a character whose face is known', () => {
    // A pre-made character's face: hair at 13 %, chin at 58 % of the frame.
    const face: FaceBox = { left: 0.2, top: 0.13, right: 0.8, bottom: 0.58 };
    /** The box of the drawn text (white fill, black outline) on the dark blue clip. */
    const textBox = async (hookText: string) => {
      const character = await canonical('character-face', [20, 40, 120]);
      const product = await canonical('product-face', [30, 120, 40]);
      const result = await render(
        buildHookDemoEdit({
          hookText,
          characterUrl: '/c.mp4',
          productVideoUrl: '/p.mp4',
          faceBox: face,
          measure: measureHookText,
          ugcDurationSec: 1,
          productDurationSec: 1,
        }),
        { '/c.mp4': character, '/p.mp4': product },
      );
      const frame = await frameAt(result.file, 0.5);
      let [top, bottom, left, right] = [frame.height, -1, frame.width, -1];
      for (let y = 0; y < frame.height; y++) {
        for (let x = 0; x < frame.width; x++) {
          const [r, g, b] = frame.at(x, y);
          if (r > 200 && g > 200 && b > 200) {
            top = Math.min(top, y);
            bottom = Math.max(bottom, y);
            left = Math.min(left, x);
            right = Math.max(right, x);
          }
        }
      }
      return { top, bottom, left, right };
    };

    it('keeps a short hook out of the face and inside the safe zone', async () => {
      const box = await textBox('POV: you finally found it');
      expect(box.bottom).toBeGreaterThan(box.top);
      expect(box.top).toBeGreaterThan(face.bottom * 1920);
      expect(box.bottom).toBeLessThan(TIKTOK_SAFE_ZONE.bottom);
      expect(box.left).toBeGreaterThanOrEqual(TIKTOK_SAFE_ZONE.left);
      expect(box.right).toBeLessThanOrEqual(TIKTOK_SAFE_ZONE.right);
    });

    it('draws a long hook smaller, within the line limit and its share of the frame', async () => {
      const box = await textBox(
        'I tried every juicer on the market so you do not have to and this is the only one that fits in my tiny kitchen drawer',
      );
      expect(box.bottom - box.top).toBeLessThanOrEqual(HOOK_MAX_FRAME_SHARE * 1920);
      expect(box.top).toBeGreaterThan(face.bottom * 1920);
      expect(box.bottom).toBeLessThan(TIKTOK_SAFE_ZONE.bottom);
    });
  });

  describe('with a landscape product video, as an upload stores it', () => {
    let character = '';
    let stored = '';
    let original = '';
    beforeAll(async () => {
      character = await canonical('character-2', [20, 40, 120]);
      const raw = await makeColourClip({
        dir,
        name: 'landscape-raw',
        rgb: [200, 120, 40],
        seconds: 2,
        width: 1920,
        height: 1080,
      });
      stored = path.join(dir, 'landscape.mp4');
      original = path.join(dir, 'landscape.original.mp4');
      await normalizeVideo({
        input: raw,
        output: stored,
        originalOutput: original,
        fit: 'blur',
        maxSeconds: 30,
        settings,
      });
    });

    const productFrame = async (fit: ProductVideoFit) => {
      const result = await render(
        buildHookDemoEdit({
          hookText: 'the juicer that fits a drawer',
          characterUrl: '/c.mp4',
          productVideoUrl: '/p.mp4',
          productOriginalUrl: '/p.original.mp4',
          productVideoFit: fit,
          ugcDurationSec: 1,
          productDurationSec: 1,
        }),
        { '/c.mp4': character, '/p.mp4': stored, '/p.original.mp4': original },
      );
      return { result, frame: await frameAt(result.file, 1.5) };
    };

    it('fills the frame by default: no black bars, the stored video stream-copied', async () => {
      const { result, frame } = await productFrame('blur');
      expect(result.segments.map((s) => s.mode)).toEqual(['encode', 'copy']);
      expect(blackRowShare(frame)).toBeLessThan(0.02);
      // The product itself sits whole in the middle, the fill above and below is darker.
      const [r] = frame.at(540, 960);
      const [rTop] = frame.at(540, 200);
      expect(r).toBeGreaterThan(150);
      expect(rTop).toBeLessThan(r - 40);
    });

    it('fills by cropping when the seller picks Fill', async () => {
      const { frame } = await productFrame('crop');
      expect(blackRowShare(frame)).toBeLessThan(0.02);
      expect(frame.at(540, 200)[0]).toBeGreaterThan(150);
    });

    it('shows black bars only when the seller picks Fit', async () => {
      const { frame } = await productFrame('contain');
      // 1080 of 1920 rows hold the picture: about 44% are bars.
      expect(blackRowShare(frame)).toBeGreaterThan(0.4);
    });
  });

  it('draws the TikTok-style box: black text on a white rounded box hugging the lines', async () => {
    const character = await canonical('character-box', [20, 40, 120]);
    const product = await canonical('product-box', [30, 120, 40]);
    const result = await render(
      buildHookDemoEdit({
        hookText: 'POV: you found it',
        characterUrl: '/c.mp4',
        productVideoUrl: '/p.mp4',
        measure: measureHookText,
        hookStyle: 'box',
        ugcDurationSec: 1,
        productDurationSec: 1,
      }),
      { '/c.mp4': character, '/p.mp4': product },
    );
    const frame = await frameAt(result.file, 0.5);
    let [top, bottom, left, right, white, black] = [1920, -1, 1080, -1, 0, 0];
    for (let y = 0; y < 1920; y++) {
      for (let x = 0; x < 1080; x++) {
        const [r, g, b] = frame.at(x, y);
        if (r > 235 && g > 235 && b > 235) {
          white++;
          top = Math.min(top, y);
          bottom = Math.max(bottom, y);
          left = Math.min(left, x);
          right = Math.max(right, x);
        }
      }
    }
    for (let y = top; y <= bottom; y++) {
      for (let x = left; x <= right; x++) {
        const [r, g, b] = frame.at(x, y);
        if (r < 40 && g < 40 && b < 40) black++;
      }
    }
    // A solid box (mostly white, with the black words in it), narrower than the 864 px line.
    expect(white).toBeGreaterThan(0.6 * (bottom - top) * (right - left));
    expect(black).toBeGreaterThan(2000);
    expect(right - left).toBeLessThan(800);
    expect(top).toBeGreaterThanOrEqual(TIKTOK_SAFE_ZONE.top - 40);
  });

  it('ends on the end card when one is asked for: name, price in yellow, "Link in bio"', async () => {
    const character = await canonical('character-card', [20, 40, 120]);
    const product = await canonical('product-card', [30, 120, 40]);
    const result = await render(
      buildHookDemoEdit({
        hookText: 'the juicer that fits a drawer',
        characterUrl: '/c.mp4',
        productVideoUrl: '/p.mp4',
        measure: measureHookText,
        ugcDurationSec: 1,
        productDurationSec: 1,
        endCard: { title: 'Citrus Press Mini', price: '$24' },
      }),
      { '/c.mp4': character, '/p.mp4': product },
    );
    expect(result.durationSec).toBeCloseTo(4.5);
    const frame = await frameAt(result.file, 3.5);
    const yellow = countPixels(
      frame,
      { left: 0, top: 0, right: 1080, bottom: 1920 },
      ([r, g, b]) => r > 200 && g > 180 && b < 120,
    );
    const white = countPixels(
      frame,
      { left: 0, top: 0, right: 1080, bottom: 1920 },
      ([r, g, b]) => r > 230 && g > 230 && b > 230,
    );
    expect(yellow).toBeGreaterThan(500);
    expect(white).toBeGreaterThan(1000);
    // The product part before it is untouched.
    expect(frameAtGreen(await frameAt(result.file, 1.5))).toBe(true);
  });
});

const frameAtGreen = (frame: Awaited<ReturnType<typeof frameAt>>) => {
  const [r, g, b] = frame.at(100, 100);
  return g > r + 40 && g > b + 40;
};
