import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCharacterStylePreset } from '#contract/characters';
import type { FaceBox } from '#contract/hook-demo';
import { createLocalImageGenerator } from '../../adapters/images/local-image-generator';
import { normalizeVideo } from '../canonical-video';
import type { FfmpegSettings } from '../ffmpeg-path';
import { resolveFfmpeg } from '../ffmpeg-path';
import { makeColourClip } from '../../testing/video-frames';
import { findCharacterFace } from './character-face';
import { placementFor, portraitFaceBox } from './portrait/paint-portrait';

// Face detection for generated stills and uploaded clips (issue 24, decision 139), on the
// painter's photo-like portraits: their true face box is known from where they were painted.

const run = promisify(execFile);
const settings: FfmpegSettings = { path: null, searchPath: process.env.PATH ?? '' };
let dir = '';

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'character-face-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A 1024² still's face box as the render shows it: cover-fitted (crop) into 9:16. */
const inNineBySixteen = (square: FaceBox): FaceBox => {
  // Scaled to 1920 px high, the middle 1080 px of its 1920 px width kept.
  const x = (f: number) => (f * 1920 - 420) / 1080;
  return { left: x(square.left), top: square.top, right: x(square.right), bottom: square.bottom };
};

const centre = (b: FaceBox) => ({ x: (b.left + b.right) / 2, y: (b.top + b.bottom) / 2 });
const overlap = (a: FaceBox, b: FaceBox) => {
  const w = Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left));
  const h = Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));
  const area = (r: FaceBox) => (r.right - r.left) * (r.bottom - r.top);
  return (w * h) / (area(a) + area(b) - w * h);
};

const paint = async (name: string, prompt: string, style: TCharacterStylePreset) => {
  const image = await createLocalImageGenerator().generate({ prompt, style, size: 1024 });
  const file = path.join(dir, `${name}.jpg`);
  await writeFile(file, image.body);
  return file;
};

describe('finding the face of a character', () => {
  it.each([
    ['a woman in a denim apron in a kitchen holding a lime', 'iphone'],
    ['a man in his 50s with glasses in an office', 'professional'],
    ['a student with red hair in a hoodie', 'selfie'],
  ] as const)(
    'finds the face of a generated still: %s (%s)',
    { timeout: 60_000 },
    async (prompt, style) => {
      const still = await paint(`still-${style}`, prompt, style);
      const found = await findCharacterFace({ file: still, kind: 'still', ffmpeg: settings });
      // The painted head: hair top to chin with room for a clip's sway (portraitFaceBox).
      const painted = inNineBySixteen(portraitFaceBox(1024, 1024, style));
      const { cx, cy } = placementFor(1024, 1024, style);
      expect(found).not.toBeNull();
      // Near the face: about the same box, holding the painted face's centre, none of its sides
      // more than 8 % of the frame from the painted one's.
      expect(overlap(found!, painted)).toBeGreaterThan(0.6);
      expect(Math.abs(centre(found!).x - centre(painted).x)).toBeLessThan(0.03);
      const face = inNineBySixteen({ left: cx / 1024, top: cy / 1024, right: 0, bottom: 0 });
      expect(found!.left).toBeLessThan(face.left);
      expect(found!.right).toBeGreaterThan(face.left);
      expect(found!.top).toBeLessThan(face.top);
      expect(found!.bottom).toBeGreaterThan(face.top);
      for (const side of ['left', 'top', 'right', 'bottom'] as const) {
        expect(Math.abs(found![side] - painted[side])).toBeLessThan(0.12);
      }
    },
  );

  it(
    'follows the face of a clip that moves, over its first seconds',
    { timeout: 120_000 },
    async () => {
      const still = await paint('moving', 'a grandma in a living room holding a mug', 'casual');
      // The portrait panning down by a tenth of the frame over 4 s, as a creator's clip sways.
      const raw = path.join(dir, 'moving-raw.mp4');
      const ffmpeg = await resolveFfmpeg(settings);
      await run(ffmpeg, [
        ...['-hide_banner', '-loglevel', 'error', '-y', '-loop', '1', '-t', '4', '-i', still],
        '-vf',
        "scale=576:1024:force_original_aspect_ratio=increase,crop=540:960:(iw-540)/2:'min(64,t*16)',format=yuv420p",
        ...['-r', '30', '-c:v', 'libx264', '-preset', 'ultrafast', raw],
      ]);
      const clip = path.join(dir, 'moving.mp4');
      await normalizeVideo({ input: raw, output: clip, fit: 'crop', maxSeconds: 10, settings });
      const found = await findCharacterFace({ file: clip, kind: 'clip', ffmpeg: settings });
      expect(found).not.toBeNull();
      // The head box spans where the face was at the start and at the end of the pan: the
      // painted chin is at 69 % of the frame at first, the brows at 33 % (31 % at the end).
      expect(found!.top).toBeLessThan(0.25);
      expect(found!.bottom).toBeGreaterThan(0.68);
      expect(found!.left).toBeLessThan(0.2);
      expect(found!.right).toBeGreaterThan(0.8);
    },
  );

  it('finds nothing in a clip without a face, so the fallback applies', async () => {
    const raw = await makeColourClip({
      dir,
      name: 'no-face',
      rgb: [20, 40, 120],
      seconds: 2,
      width: 720,
      height: 1280,
    });
    expect(await findCharacterFace({ file: raw, kind: 'clip', ffmpeg: settings })).toBeNull();
  });
});
