import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCanonical, NO_BARS_COMMENT, normalizeVideo, probeVideo } from './canonical-video';
import { resolveFfmpeg, type FfmpegSettings } from './ffmpeg-path';
import { readMp4Header } from './stream-headers';

const run = promisify(execFile);
const settings: FfmpegSettings = { path: null, searchPath: process.env.PATH ?? '' };
let dir = '';
let ffmpeg = '';

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'canonical-'));
  ffmpeg = await resolveFfmpeg(settings);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A 16:9 clip with no audio at 25 fps: nothing about it is canonical. */
const makeLandscape = async (file: string, seconds: number, comment?: string) => {
  await run(ffmpeg, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `color=c=0xff0000:s=640x360:r=25:d=${seconds}`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    ...(comment ? ['-metadata', `comment=${comment}`] : []),
    file,
  ]);
};

/** The `comment` tag of a file's header, as a render reads it. */
const commentOf = async (file: string) => (await readMp4Header(file))?.comment ?? null;

/** The RGB of one pixel of the frame at `at` seconds. */
const pixel = async (file: string, at: number, x: number, y: number) => {
  const { stdout } = await run(
    ffmpeg,
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-ss',
      String(at),
      '-i',
      file,
      '-frames:v',
      '1',
      '-vf',
      `format=rgb24,crop=1:1:${x}:${y}`,
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      '-',
    ],
    { encoding: 'buffer' },
  );
  return [...stdout.subarray(0, 3)];
};

/** Top-level mp4 boxes in file order, to check that moov comes before mdat (faststart). */
const topBoxes = (bytes: Buffer) => {
  const names: string[] = [];
  for (let at = 0; at + 8 <= bytes.length;) {
    const size = bytes.readUInt32BE(at);
    names.push(bytes.toString('latin1', at + 4, at + 8));
    if (size < 8) break;
    at += size;
  }
  return names;
};

describe('normalizeVideo', () => {
  it('turns a 16:9, 25 fps, silent clip into the canonical format, letterboxed, cut to max', async () => {
    const input = path.join(dir, 'landscape.mp4');
    const output = path.join(dir, 'contain.mp4');
    // An upload that claims the mark itself: its tags are not kept, and a contain fit has bars.
    await makeLandscape(input, 3, NO_BARS_COMMENT);
    expect(isCanonical(await probeVideo(input, settings))).toBe(false);

    const probe = await normalizeVideo({ input, output, fit: 'contain', maxSeconds: 2, settings });
    expect(isCanonical(probe)).toBe(true);
    expect(probe.video).toMatchObject({ width: 1080, height: 1920, fps: 30, profile: 'High' });
    expect(probe.audio).toMatchObject({ codec: 'aac', sampleRate: 48000, channels: 2 });
    expect(probe.durationSec).toBeGreaterThan(1.9);
    expect(probe.durationSec).toBeLessThan(2.1);
    const boxes = topBoxes(await readFile(output));
    expect(boxes.indexOf('moov')).toBeGreaterThan(-1);
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
    expect(await commentOf(output)).toBeNull();

    // contain: black bars above and below, the red picture in the middle.
    const [r0, g0, b0] = await pixel(output, 1, 540, 100);
    expect(Math.max(r0!, g0!, b0!)).toBeLessThan(30);
    const [r1, g1] = await pixel(output, 1, 540, 960);
    expect(r1).toBeGreaterThan(200);
    expect(g1).toBeLessThan(50);
  });

  it('crops to fill the frame with fit crop', async () => {
    const input = path.join(dir, 'landscape2.mp4');
    const output = path.join(dir, 'crop.mp4');
    await makeLandscape(input, 1);
    const probe = await normalizeVideo({ input, output, fit: 'crop', maxSeconds: 30, settings });
    expect(isCanonical(probe)).toBe(true);
    // Filled: marked so that a render does not look for bars (decision 144, fifth amendment).
    expect(await commentOf(output)).toBe(NO_BARS_COMMENT);
    const [r, g] = await pixel(output, 0.5, 540, 100);
    expect(r).toBeGreaterThan(200);
    expect(g).toBeLessThan(50);
  });

  it('refuses a file that is not a video', async () => {
    const input = path.join(dir, 'not-video.mp4');
    await run('sh', ['-c', `echo hello > ${input}`]);
    await expect(
      normalizeVideo({
        input,
        output: path.join(dir, 'x.mp4'),
        fit: 'crop',
        maxSeconds: 5,
        settings,
      }),
    ).rejects.toThrow(/not an MP4, MOV or WebM video/i);
  });
});

describe('probeVideo', () => {
  it('reads the same facts from ffmpeg alone (npm build, no ffprobe) as from ffprobe', async () => {
    const input = path.join(dir, 'both.mp4');
    await makeLandscape(input, 1);
    const output = path.join(dir, 'both-canonical.mp4');
    const viaProbe = await normalizeVideo({ input, output, fit: 'crop', maxSeconds: 5, settings });
    const npm = (await import('@ffmpeg-installer/ffmpeg')).default.path;
    const viaBanner = await probeVideo(output, { path: npm, searchPath: '' });
    expect(viaBanner.video).toEqual(viaProbe.video);
    expect(viaBanner.audio).toEqual(viaProbe.audio);
    expect(viaBanner.durationSec).toBeCloseTo(viaProbe.durationSec, 1);
    expect(isCanonical(viaBanner)).toBe(true);
  });

  it('probes bytes too', async () => {
    const input = path.join(dir, 'bytes.mp4');
    await makeLandscape(input, 1);
    const probe = await probeVideo(await readFile(input), settings);
    expect(probe.video).toMatchObject({ codec: 'h264', width: 640, height: 360, fps: 25 });
    expect(probe.audio).toBeNull();
  });
});
