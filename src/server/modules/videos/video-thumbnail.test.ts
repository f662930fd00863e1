import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveFfmpeg } from '../../media/ffmpeg-path';
import { ffconcatTo, playlistTo } from '../../testing/media-attacks';
import { makeTestVideo } from '../../testing/test-videos';
import { makeThumbnail } from './video-thumbnail';

let dir: string;
let ffmpeg: string;
let victim: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'video-thumbnail-'));
  ffmpeg = await resolveFfmpeg({
    path: process.env.FFMPEG_PATH ?? null,
    searchPath: process.env.PATH ?? '',
  });
  victim = path.join(dir, 'victim.mp4');
  await writeFile(victim, await makeTestVideo({ seconds: 2 }));
}, 60_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Issue 22: a thumbnail reads only the video it was given (decision 070). */
describe('a product video thumbnail', () => {
  it.each([
    ['an HLS playlist', () => playlistTo(victim)],
    ['an ffconcat list', () => ffconcatTo(victim)],
  ])('is not taken of %s naming another video', async (_name, body) => {
    const file = path.join(dir, 'evil.mp4');
    await writeFile(file, body());
    await expect(makeThumbnail(ffmpeg, file, 2)).rejects.toThrow(/not an MP4, MOV or WebM video/);
  });

  it('is a small JPEG of a real video', async () => {
    const thumb = await makeThumbnail(ffmpeg, victim, 2);
    const meta = await sharp(thumb).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.width).toBeLessThanOrEqual(160);
  });
});
