/**
 * `npx tsx scripts/bench-videos.ts`: what a product video upload costs on the server. A 30 s
 * 1080x1920 phone clip with sound (the longest a product video may be) goes through the whole
 * intake (content check, probe, normalisation, thumbnail, storage) against a plain decode of the
 * same file in the same run; the target is a video ready within its own length (1× real time).
 * Prints figures and ratios, asserts nothing. BENCH_VIDEO_SECONDS shortens the clip.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { createDiskStorage } from '../src/server/adapters/storage/disk-storage';
import { resolveFfmpeg } from '../src/server/media/ffmpeg-path';
import { intakeVideoFile } from '../src/server/modules/videos';
import { makeTestVideo } from '../src/server/testing/test-videos';

const run = promisify(execFile);

export const runVideosBench = async () => {
  const seconds = Number(process.env.BENCH_VIDEO_SECONDS ?? 30);
  const settings = { path: process.env.FFMPEG_PATH ?? null, searchPath: process.env.PATH ?? '' };
  const ffmpeg = await resolveFfmpeg(settings);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'hookreel-bench-videos-'));
  try {
    const input = path.join(dir, 'phone.mp4');
    await writeFile(
      input,
      await makeTestVideo({ seconds, width: 1080, height: 1920, audio: true }),
    );
    const storage = createDiskStorage({
      root: path.join(dir, 'storage'),
      secret: 'bench',
      publicBaseUrl: 'http://localhost',
    });

    let started = performance.now();
    await run(ffmpeg, ['-hide_banner', '-nostdin', '-i', input, '-f', 'null', '-']);
    const decodeMs = performance.now() - started;

    const work = path.join(dir, 'work');
    await mkdir(work);
    started = performance.now();
    await intakeVideoFile({
      ffmpegSettings: settings,
      storage,
      rawFile: input,
      workDir: work,
      name: 'phone.mp4',
      videoKey: 'users/bench/product-videos/00000000-0000-4000-8000-000000000000.mp4',
    });
    const intakeMs = performance.now() - started;

    console.log(
      `Product video intake (${seconds} s 1080x1920 clip with sound, ${ffmpeg}): ${(intakeMs / 1000).toFixed(1)} s, ` +
        `${(intakeMs / decodeMs).toFixed(1)}× a plain decode of it (${(decodeMs / 1000).toFixed(1)} s), ` +
        `${((seconds * 1000) / intakeMs).toFixed(2)}× real time (target 1.0×)`,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};

if (import.meta.url === `file://${process.argv[1]}`) await runVideosBench();
