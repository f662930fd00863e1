import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { resolveFfmpeg } from '../media/ffmpeg-path';

const run = promisify(execFile);

const ffmpegPath = () =>
  resolveFfmpeg({ path: process.env.FFMPEG_PATH ?? null, searchPath: process.env.PATH ?? '' });

const hex = (rgb: readonly number[]) => rgb.map((c) => c.toString(16).padStart(2, '0')).join('');

/**
 * A clip of `width`×`height` for frame tests: one colour with a grey square moving across
 * (so it is not a still), a tone, H.264 in mp4, as a phone or a screen recorder gives.
 */
export const makeColourClip = async ({
  dir,
  name,
  rgb,
  seconds,
  width,
  height,
}: {
  dir: string;
  name: string;
  rgb: readonly number[];
  seconds: number;
  width: number;
  height: number;
}) => {
  const out = path.join(dir, `${name}.mp4`);
  const square = Math.round(Math.min(width, height) / 6);
  await run(await ffmpegPath(), [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `color=c=0x${hex(rgb)}:s=${width}x${height}:r=30:d=${seconds}`],
    ...['-f', 'lavfi', '-i', `sine=f=440:sample_rate=44100:d=${seconds}`],
    '-vf',
    `drawbox=x='mod(t*${Math.round(width / 4)},${width - square})':y=${Math.round((height - square) / 2)}:w=${square}:h=${square}:c=gray:t=fill`,
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac'],
    '-shortest',
    out,
  ]);
  return out;
};

export type Frame = {
  width: number;
  height: number;
  data: Buffer;
  at: (x: number, y: number) => readonly [number, number, number];
};

/** One frame of a video at `seconds`, as RGB pixels. */
export const frameAt = async (file: string, seconds: number): Promise<Frame> => {
  const ffmpeg = await ffmpegPath();
  const { stdout: size } = await run(ffmpeg, ['-hide_banner', '-i', file]).catch(
    (error: { stderr?: string }) => ({ stdout: error.stderr ?? '' }),
  );
  const match = /, (\d{2,5})x(\d{2,5})[, ]/.exec(size);
  const width = Number(match?.[1] ?? 1080);
  const height = Number(match?.[2] ?? 1920);
  const { stdout } = await run(
    ffmpeg,
    [
      ...['-hide_banner', '-loglevel', 'error', '-ss', String(seconds), '-i', file],
      ...['-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'],
    ],
    { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
  );
  const data = stdout;
  return {
    width,
    height,
    data,
    at: (x, y) => {
      const i = (y * width + x) * 3;
      return [data[i]!, data[i + 1]!, data[i + 2]!] as const;
    },
  };
};

/** The share of rows in [top, bottom) whose every pixel is black (below 24 in each channel). */
export const blackRowShare = (frame: Frame, top = 0, bottom = frame.height) => {
  let black = 0;
  for (let y = top; y < bottom; y++) {
    let all = true;
    for (let x = 0; x < frame.width; x += 4) {
      const [r, g, b] = frame.at(x, y);
      if (r > 24 || g > 24 || b > 24) {
        all = false;
        break;
      }
    }
    if (all) black++;
  }
  return black / Math.max(1, bottom - top);
};

/** How many pixels in a box satisfy `test` (every other pixel of every other row). */
export const countPixels = (
  frame: Frame,
  box: { left: number; top: number; right: number; bottom: number },
  test: (rgb: readonly [number, number, number]) => boolean,
) => {
  let n = 0;
  for (let y = Math.max(0, box.top); y < Math.min(frame.height, box.bottom); y += 2) {
    for (let x = Math.max(0, box.left); x < Math.min(frame.width, box.right); x += 2) {
      if (test(frame.at(x, y))) n++;
    }
  }
  return n;
};

/** A saturated warm colour: the yellows and oranges of 🍋 and 🍹, never white, black or grey. */
export const isWarmColour = ([r, g, b]: readonly [number, number, number]) =>
  r > 170 && g > 110 && b < 100 && r - b > 100;
