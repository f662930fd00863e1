import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHookDemoEdit, type ProductVideoFit } from '#contract/hook-demo';
import { ZRenderEdit } from '#contract/render';
import { normalizeVideo } from '../../media/canonical-video';
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

describe('a Hook + Demo render', () => {
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
});
