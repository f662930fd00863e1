import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { resolveFfmpeg } from '../media/ffmpeg-path';

const run = promisify(execFile);

/**
 * A real, small H.264 video made by ffmpeg's test source (with a tone when `audio`): the inputs
 * of upload and render tests. Small sizes keep it to a fraction of a second.
 */
export const makeTestVideo = async ({
  seconds = 2,
  width = 320,
  height = 180,
  audio = false,
  format = 'mp4',
  rotate = 0,
}: {
  seconds?: number;
  width?: number;
  height?: number;
  audio?: boolean;
  format?: 'mp4' | 'webm';
  /** A display rotation flag, as phones write (the frames stay `width`×`height`). */
  rotate?: 0 | 90 | 270;
} = {}): Promise<Buffer> => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'hookreel-test-video-'));
  const out = path.join(dir, `clip.${format}`);
  try {
    const ffmpeg = await resolveFfmpeg({
      path: process.env.FFMPEG_PATH ?? null,
      searchPath: process.env.PATH ?? '',
    });
    await run(ffmpeg, [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      `testsrc=size=${width}x${height}:rate=15`,
      ...(audio ? ['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=44100'] : []),
      '-t',
      String(seconds),
      ...(format === 'mp4'
        ? ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p']
        : ['-c:v', 'libvpx', '-deadline', 'realtime', '-b:v', '200k']),
      ...(audio ? ['-c:a', format === 'mp4' ? 'aac' : 'libvorbis', '-shortest'] : []),
      out,
    ]);
    if (rotate === 0) return await readFile(out);
    const rotated = path.join(dir, `rotated.${format}`);
    await run(ffmpeg, [
      ...['-hide_banner', '-loglevel', 'error', '-i', out, '-c', 'copy'],
      ...['-metadata:s:v:0', `rotate=${rotate}`, rotated],
    ]);
    return await readFile(rotated);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};
