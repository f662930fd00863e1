import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyMergeFields,
  editIssues,
  outputFrame,
  resolveTimeline,
  ZRenderEdit,
  type TRenderEdit,
} from '#contract/render';
import { probeVideo } from '../../media/canonical-video';
import { resolveFfmpeg, type FfmpegSettings } from '../../media/ffmpeg-path';
import { renderLocally } from './local-renderer';

/**
 * Shotstack's published examples (written by us from the structure its documentation shows:
 * the hello-world and a product template with merge fields) rendered by the local renderer, with
 * frames checked where each feature should show (docs/decisions/143).
 */

const run = promisify(execFile);
const settings: FfmpegSettings = { path: null, searchPath: process.env.PATH ?? '' };
let dir = '';
let ffmpeg = '';

const example = async (name: string): Promise<unknown> =>
  JSON.parse(await readFile(path.join(import.meta.dirname, 'shotstack-examples', name), 'utf8'));

const lavfi = async (out: string, ...args: string[]) => {
  await run(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', ...args, out]);
  return out;
};

/** A tone as an MP3, as Shotstack's soundtracks are. */
const tone = (name: string, seconds: number) =>
  lavfi(
    path.join(dir, name),
    '-f',
    'lavfi',
    '-i',
    `sine=f=330:sample_rate=44100:d=${seconds}`,
    '-c:a',
    'libmp3lame',
    '-b:a',
    '96k',
  );

const picture = async (name: string, width: number, height: number, colour: string) => {
  const file = path.join(dir, name);
  await sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .toFile(file);
  return file;
};

/** The RGB frame at `at` seconds, and its size. */
const frameAt = async (file: string, at: number, width: number, height: number) => {
  const { stdout } = await run(
    ffmpeg,
    ['-hide_banner', '-loglevel', 'error', '-ss', String(at), '-i', file, '-frames:v', '1'].concat([
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      '-',
    ]),
    { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
  );
  const pixel = (x: number, y: number) => {
    const i = (Math.round(y) * width + Math.round(x)) * 3;
    return [stdout[i]!, stdout[i + 1]!, stdout[i + 2]!] as const;
  };
  /** Pixels in the box whose colour passes `test`. */
  const count = (
    box: { x: number; y: number; w: number; h: number },
    test: (r: number, g: number, b: number) => boolean,
  ) => {
    let n = 0;
    for (let y = box.y; y < box.y + box.h; y++) {
      for (let x = box.x; x < box.x + box.w; x++) {
        const [r, g, b] = pixel(x, y);
        if (test(r, g, b)) n++;
      }
    }
    return n;
  };
  expect(stdout.length).toBe(width * height * 3);
  return { pixel, count };
};

/** RMS loudness of the sound between two times, in dBFS. */
const loudness = async (file: string, from: number, to: number) => {
  const { stderr } = await run(ffmpeg, [
    '-hide_banner',
    '-ss',
    String(from),
    '-t',
    String(to - from),
    '-i',
    file,
    '-af',
    'volumedetect',
    '-vn',
    '-f',
    'null',
    '-',
  ]);
  return Number(/mean_volume: (-?[\d.]+|-inf) dB/.exec(stderr)?.[1] ?? -Infinity);
};

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'shotstack-timeline-'));
  ffmpeg = await resolveFfmpeg(settings);
});
afterAll(() =>
  process.env.KEEP_RENDER_TMP ? undefined : rm(dir, { recursive: true, force: true }),
);

describe("Shotstack's published timelines, rendered here", () => {
  it('the hello-world: sd 16:9 at 25 fps, the title faded in over black, the soundtrack fading out', async () => {
    const edit = ZRenderEdit.parse(await example('hello-world.json'));
    const music = await tone('moment.mp3', 10);
    const workDir = await mkdtemp(path.join(dir, 'work-'));
    const result = await renderLocally({
      edit,
      files: new Map([['https://assets.example.com/music/moment.mp3', music]]),
      workDir,
      ffmpeg: settings,
    });
    const facts = await probeVideo(result.file, settings);
    expect(facts.video).toMatchObject({ width: 1024, height: 576, fps: 25 });
    expect(facts.durationSec).toBeGreaterThan(2.9);
    expect(facts.durationSec).toBeLessThan(3.15);
    expect(facts.audio).not.toBeNull();

    const white = (r: number, g: number, b: number) => r > 200 && g > 200 && b > 200;
    const middle = { x: 212, y: 238, w: 600, h: 100 };
    // Half-way through its fade in, the title is grey; at 1.5 s it is white; black around it.
    const fading = await frameAt(result.file, 0.24, 1024, 576);
    const shown = await frameAt(result.file, 1.5, 1024, 576);
    expect(shown.count(middle, white)).toBeGreaterThan(1500);
    expect(fading.count(middle, white)).toBeLessThan(shown.count(middle, white) / 4);
    expect(shown.pixel(50, 50).every((c) => c < 20)).toBe(true);
    // Capitals (the "future" style sets its titles in capitals): nothing below the baseline of a
    // lower-case "l" would tell, so the check is that the text is there and centred.
    const left = shown.count({ x: 0, y: 238, w: 512, h: 100 }, white);
    const right = shown.count({ x: 512, y: 238, w: 512, h: 100 }, white);
    expect(Math.abs(left - right)).toBeLessThan((left + right) * 0.25);

    // The soundtrack plays under it and fades out at the end.
    expect(await loudness(result.file, 0.2, 0.8)).toBeGreaterThan(-30);
    expect(await loudness(result.file, 2.85, 3)).toBeLessThan(
      (await loudness(result.file, 0.2, 0.8)) - 6,
    );
  }, 120_000);

  it('a product template: merge fields, smart timing, effects, transitions, 9:16 preset', async () => {
    const merged = applyMergeFields(await example('product-promo-template.json'));
    const edit: TRenderEdit = ZRenderEdit.parse(merged);
    expect(outputFrame(edit.output)).toEqual({ width: 360, height: 640, fps: 25 });
    const demo = await lavfi(
      path.join(dir, 'demo.mp4'),
      '-f',
      'lavfi',
      '-i',
      'color=c=0x2040d0:s=640x360:r=30:d=2.5',
      '-f',
      'lavfi',
      '-i',
      'sine=f=500:sample_rate=48000:d=2.5',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
    );
    const files = new Map([
      ['https://assets.example.com/music/upbeat.mp3', await tone('upbeat.mp3', 3)],
      [
        'https://assets.example.com/images/product-1.jpg',
        await picture('p1.jpg', 800, 800, '#20c040'),
      ],
      ['https://assets.example.com/video/demo.mp4', demo],
      [
        'https://assets.example.com/images/logo.png',
        await picture('logo.jpg', 200, 200, '#f0f000'),
      ],
    ]);
    // "auto" after the 3 s picture, as long as the video after its trim; "end" to the last clip.
    const resolved = resolveTimeline(edit, () => 2.5);
    const footage = resolved.timeline.tracks[1]!.clips;
    expect(footage.map((c) => [c.start, c.length])).toEqual([
      [0, 3],
      [3, 2],
      [5, 1],
    ]);
    expect(resolved.timeline.tracks[0]!.clips[1]).toMatchObject({ start: 3, length: 3 });

    const workDir = await mkdtemp(path.join(dir, 'work-'));
    const result = await renderLocally({ edit, files, workDir, ffmpeg: settings });
    const facts = await probeVideo(result.file, settings);
    expect(facts.video).toMatchObject({ width: 360, height: 640, fps: 25 });
    expect(facts.durationSec).toBeGreaterThan(5.9);
    expect(facts.durationSec).toBeLessThan(6.15);

    const green = (r: number, g: number, b: number) => g > 150 && r < 100 && b < 120;
    const pink = (r: number, g: number, b: number) => r > 180 && g < 120 && b > 60 && b < 140;
    const all = { x: 0, y: 0, w: 360, h: 640 };
    // zoomIn: the green picture fills the frame (crop); the headline sits on its pink box at the top.
    const early = await frameAt(result.file, 1.5, 360, 640);
    expect(early.count(all, green)).toBeGreaterThan(360 * 640 * 0.6);
    const top = { x: 0, y: 0, w: 360, h: 260 };
    expect(early.count(top, pink)).toBeGreaterThan(5000);
    expect(early.count({ x: 0, y: 400, w: 360, h: 240 }, pink)).toBe(0);
    // wipeLeft out (2.5–3 s): the picture leaves from the right, the background shows there.
    const wiping = await frameAt(result.file, 2.8, 360, 640);
    const leftGreen = wiping.count({ x: 0, y: 0, w: 120, h: 640 }, green);
    const rightGreen = wiping.count({ x: 240, y: 0, w: 120, h: 640 }, green);
    expect(leftGreen).toBeGreaterThan(rightGreen * 3);
    // reveal in (3–3.5 s): the video (contain: a blue band across the middle) from the left.
    const blue = (r: number, g: number, b: number) => b > 150 && r < 80 && g < 100;
    const revealing = await frameAt(result.file, 3.2, 360, 640);
    const band = (x: number) => revealing.count({ x, y: 270, w: 100, h: 100 }, blue);
    expect(band(0)).toBeGreaterThan(5000);
    expect(band(260)).toBe(0);
    // carouselLeft in (3–3.5 s) brings the price in from the right; at 4 s it is centred.
    const settled = await frameAt(result.file, 4.2, 360, 640);
    const text = (r: number, g: number, b: number) => r > 200 && g > 200 && b > 200;
    const priceRow = { y: 440, h: 180 };
    const l = settled.count({ x: 0, w: 180, ...priceRow }, text);
    const r = settled.count({ x: 180, w: 180, ...priceRow }, text);
    expect(l + r).toBeGreaterThan(400);
    expect(Math.abs(l - r)).toBeLessThan((l + r) * 0.35);
    // Half-way in, the price has come half a frame from the right: only its left half shows.
    const arriving = await frameAt(result.file, 3.25, 360, 640);
    const al = arriving.count({ x: 0, w: 180, ...priceRow }, text);
    const ar = arriving.count({ x: 180, w: 180, ...priceRow }, text);
    expect(ar).toBeGreaterThan(100);
    expect(al).toBeLessThan(ar / 3);
    // The logo (fit none, scale 0.5) at the top left once it has zoomed in.
    const logo = await frameAt(result.file, 5.8, 360, 640);
    const yellow = (rr: number, g: number, b: number) => rr > 200 && g > 200 && b < 80;
    expect(logo.count({ x: 0, y: 0, w: 180, h: 200 }, yellow)).toBeGreaterThan(2000);
    expect(logo.count({ x: 180, y: 200, w: 180, h: 440 }, yellow)).toBe(0);
    // The soundtrack is there at half volume under the video's own tone.
    expect(await loudness(result.file, 1, 2)).toBeGreaterThan(-35);
  }, 180_000);

  it('refuses what it cannot render, every field at once', () => {
    const parsed = ZRenderEdit.safeParse({
      timeline: {
        tracks: [
          {
            clips: [
              {
                asset: { type: 'luma', src: 'https://x.example/m.mp4' },
                start: 0,
                length: 1,
              },
              {
                asset: { type: 'video', src: 'https://x.example/v.mp4', speed: 2 },
                start: 1,
                length: 1,
                filter: 'greyscale',
                opacity: 0.5,
                transition: { in: 'spin' },
                effect: 'wobble',
              },
            ],
          },
        ],
      },
      output: { format: 'gif', resolution: '4k', quality: 'high' },
      callback: 'https://x.example/hook',
    });
    expect(parsed.success).toBe(false);
    const fields = editIssues(parsed.error!.issues).map((i) => i.field);
    expect(fields).toEqual(
      expect.arrayContaining([
        'timeline.tracks.0.clips.0.asset.type',
        'timeline.tracks.0.clips.1.asset.speed',
        'timeline.tracks.0.clips.1.filter',
        'timeline.tracks.0.clips.1.opacity',
        'timeline.tracks.0.clips.1.transition.in',
        'timeline.tracks.0.clips.1.effect',
        'output.format',
        'output.resolution',
        'output.quality',
        'callback',
      ]),
    );
  });
});
