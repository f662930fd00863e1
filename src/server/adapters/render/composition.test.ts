import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHookDemoEdit } from '#contract/hook-demo';
import { ZRenderEdit } from '#contract/render';
import { normalizeVideo } from '../../media/canonical-video';
import type { FfmpegSettings } from '../../media/ffmpeg-path';
import { countPixels, frameAt, isWarmColour, makeColourClip } from '../../testing/video-frames';
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
});
