/**
 * The render bench (decisions 033, 144, 145): a 10 s Hook + Demo (5 s character clip with the hook
 * overlay, then 5 s of product video) at 1080x1920, rendered by the local renderer from canonical
 * inputs, once with a shipped pre-made character and once with a phone-like creator clip full of
 * sensor noise (the encoder's hardest picture), each against (a) real time (target ≤ 0.15× on a
 * quiet 2-core machine), (b) a hand-written one-process ffmpeg command doing the same work
 * measured in the same run (target ≤ 0.34×: 0.15× real time where that command takes its quiet
 * 4.4 s) and (c) a lossless render of the same timeline (SSIM ≥ 0.99); then ten renders submitted
 * at once to the render job's queue against ten submitted one after another (target ≤ 1.2×).
 * Each figure says the machine's load when it was measured. Prints which ffmpeg it measured;
 * asserts nothing.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { z } from 'zod';
import { buildHookDemoEdit } from '../src/contract/hook-demo';
import type { TResolvedEdit } from '../src/contract/render';
import { defaultRenderConcurrency } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { defineJob } from '../src/server/jobs/define-job';
import { startJobQueue } from '../src/server/jobs/queue';
import { placeBox } from '../src/server/adapters/render/clip-geometry';
import { renderLocally } from '../src/server/adapters/render/local-renderer';
import { rasteriseText, textStyleOf } from '../src/server/adapters/render/overlay-raster';
import {
  CANONICAL_AUDIO_ARGS,
  CANONICAL_VIDEO_ARGS,
  normalizeVideo,
} from '../src/server/media/canonical-video';
import type { FfmpegSettings } from '../src/server/media/ffmpeg-path';
import { resolveFfmpegInfo } from '../src/server/media/ffmpeg-path';

const run = promisify(execFile);
const REPS = 3;
const SECONDS = 10;
const BATCH = 10;
/** The hand-written command's quiet time on this 2-core machine (decision 033): 4.4 s of 10 s. */
const HAND_WRITTEN_QUIET = 0.44;
const REAL_TIME_TARGET = 0.15;
/**
 * `--renders-only`: the two single renders and nothing else (no queue of ten, no npm build), a
 * short run to repeat on a shared machine.
 */
const RENDERS_ONLY = process.argv.includes('--renders-only');
const withBatch = !RENDERS_ONLY;

/** The machine's load as `uptime` prints it, to read each figure by. */
const load = () => {
  const [one, five, fifteen] = os.loadavg();
  return `load ${one!.toFixed(2)} ${five!.toFixed(2)} ${fifteen!.toFixed(2)} on ${os.availableParallelism()} cores`;
};

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const timed = async (work: () => Promise<unknown>) => {
  const started = performance.now();
  await work();
  return (performance.now() - started) / 1000;
};

/**
 * The character of each measured render: one of the ten pre-made characters as shipped (the
 * render sellers make most, and every campaign's default), or a phone-like creator clip with
 * sensor noise in every frame (the hardest picture for the encoder: about ten times the bits).
 */
type CharacterKind = 'pre-made' | 'phone-like';
const PREMADE_CHARACTER = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../assets/starter/characters/maya.mp4',
);

/** Phone-like sources as the first render benchmarks made them, then stored canonically. */
const makeInputs = async (
  ffmpeg: string,
  settings: FfmpegSettings,
  dir: string,
  kind: CharacterKind,
) => {
  const hookRaw = path.join(dir, 'hook-raw.mp4');
  const demoRaw = path.join(dir, 'demo-raw.mp4');
  const source = (size: string, tone: number, out: string) =>
    run(ffmpeg, [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      `testsrc2=s=${size}:r=30:d=5,noise=alls=4:allf=t`,
      '-f',
      'lavfi',
      '-i',
      `sine=f=${tone}:sample_rate=48000:d=5`,
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-b:v',
      '8M',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-b:a',
      '128k',
      '-shortest',
      out,
    ]);
  if (kind === 'phone-like') await source('1080x1920', 440, hookRaw);
  await source('1280x720', 660, demoRaw);
  const product = path.join(dir, 'product.mp4');
  const character = kind === 'pre-made' ? PREMADE_CHARACTER : path.join(dir, 'character.mp4');
  if (kind === 'phone-like') {
    await normalizeVideo({
      input: hookRaw,
      output: character,
      fit: 'crop',
      maxSeconds: 30,
      settings,
    });
  }
  // Stored as uploads are since decision 131 (a contain-fitted one would have its bars cut and
  // be encoded at render, decision 197).
  await normalizeVideo({
    input: demoRaw,
    output: product,
    fit: 'blur',
    maxSeconds: 30,
    settings,
  });
  return { character, product };
};

const ssim = async (ffmpeg: string, a: string, b: string) => {
  const { stderr } = await run(
    ffmpeg,
    ['-hide_banner', '-i', a, '-i', b, '-lavfi', '[0:v][1:v]ssim', '-f', 'null', '-'],
    {
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  return Number(/All:([\d.]+)/.exec(stderr)?.[1] ?? NaN);
};

const benchOne = async (settings: FfmpegSettings, reps: number, kind: CharacterKind) => {
  const info = await resolveFfmpegInfo(settings);
  const { stdout } = await run(info.path, ['-hide_banner', '-version']);
  const version = stdout.split('\n')[0] ?? '';
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-render-'));
  try {
    const { character, product } = await makeInputs(info.path, settings, dir, kind);
    const edit = buildHookDemoEdit({
      hookText: 'POV: you finally found the blender that fits in your gym bag',
      characterUrl: '/character.mp4',
      productVideoUrl: '/product.mp4',
    });
    const files = new Map([
      ['/character.mp4', character],
      ['/product.mp4', product],
    ]);

    // The same overlay and place, for the hand-written command.
    const clip = edit.timeline.tracks[0]!.clips[0]!;
    const raster = rasteriseText(textStyleOf(clip.asset as Parameters<typeof textStyleOf>[0]));
    const box = placeBox(clip, raster.boxWidth, raster.boxHeight);
    const overlay = path.join(dir, 'overlay.png');
    await writeFile(overlay, raster.png);
    const reference = path.join(dir, 'reference.mp4');
    const handWritten = () =>
      run(info.path, [
        '-hide_banner',
        '-loglevel',
        'error',
        '-y',
        '-t',
        '5',
        '-i',
        character,
        '-t',
        '5',
        '-i',
        product,
        '-i',
        overlay,
        '-filter_complex',
        `[0:v][2:v]overlay=${box.x - raster.pad}:${box.y - raster.pad}[h];[h][0:a][1:v][1:a]concat=n=2:v=1:a=1[v][a]`,
        '-map',
        '[v]',
        '-map',
        '[a]',
        ...CANONICAL_VIDEO_ARGS,
        ...CANONICAL_AUDIO_ARGS,
        '-movflags',
        '+faststart',
        reference,
      ]);

    const ours: number[] = [];
    const theirs: number[] = [];
    const before: number[] = [];
    let output = '';
    // Interleaved, so the machine's ups and downs hit both alike.
    for (let i = 0; i < reps; i++) {
      const workDir = await mkdtemp(path.join(dir, 'run-'));
      ours.push(
        await timed(async () => {
          output = (await renderLocally({ edit, files, workDir, ffmpeg: settings })).file;
        }),
      );
      theirs.push(await timed(handWritten));
      // The same render with the preset it used before decision 144, for the speed-up.
      const beforeDir = await mkdtemp(path.join(dir, 'before-'));
      before.push(
        await timed(() =>
          renderLocally({ edit, files, workDir: beforeDir, ffmpeg: settings, preset: 'veryfast' }),
        ),
      );
    }
    const losslessDir = await mkdtemp(path.join(dir, 'lossless-'));
    const lossless = await renderLocally({
      edit,
      files,
      workDir: losslessDir,
      ffmpeg: settings,
      lossless: true,
    });
    const quality = await ssim(info.path, output, lossless.file);
    const o = median(ours);
    const r = median(theirs);
    console.log(
      `Render with a ${kind} character (local ffmpeg, ${info.path.includes('@ffmpeg-installer') ? 'npm build' : info.source}: ${info.path}, ${version}; ${load()}): 10 s Hook + Demo 1080x1920 in ${o.toFixed(2)} s median of ${reps} ` +
        `= ${(o / SECONDS).toFixed(3)}× real time (target ≤ ${REAL_TIME_TARGET} quiet); hand-written one-process ffmpeg ${r.toFixed(2)} s → ratio ${(o / r).toFixed(2)} ` +
        `(target ≤ ${(REAL_TIME_TARGET / HAND_WRITTEN_QUIET).toFixed(2)}: ${REAL_TIME_TARGET}× real time where it takes its quiet ${HAND_WRITTEN_QUIET * SECONDS} s; today's ${((o / r) * HAND_WRITTEN_QUIET).toFixed(3)}× by that measure); ` +
        `SSIM against a lossless render ${quality.toFixed(4)} (target ≥ 0.99); ` +
        `the same render at the veryfast preset of before (in pieces) ${median(before).toFixed(2)} s → ratio ${(o / median(before)).toFixed(2)}`,
    );
    if (reps > 1 && kind === 'pre-made' && withBatch) await benchBatch(settings, edit, files, dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};

/**
 * Ten renders through the render job's queue (pg-boss on PGlite, the job's own concurrency for
 * this machine): submitted at once, then one after another, each waiting for the one before.
 */
const benchBatch = async (
  settings: FfmpegSettings,
  edit: TResolvedEdit,
  files: Map<string, string>,
  dir: string,
) => {
  const concurrency = defaultRenderConcurrency();
  const handle = await openDatabase({ kind: 'pglite', dir: null });
  let n = 0;
  const job = defineJob({
    name: 'bench-render',
    schema: z.object({ n: z.number() }),
    retryLimit: 0,
    retryDelaySeconds: 1,
    expireInSeconds: 600,
    concurrency,
    handle: async () => {
      const workDir = await mkdtemp(path.join(dir, 'batch-'));
      await renderLocally({ edit, files, workDir, ffmpeg: settings });
      await rm(workDir, { recursive: true, force: true });
    },
  });
  const queue = await startJobQueue({
    executor: handle.executor,
    jobs: [job],
    workers: 'all',
    log: { error: () => {}, warn: () => {} },
  });
  try {
    await queue.startWorkers();
    const atOnce = await timed(async () => {
      await Promise.all(Array.from({ length: BATCH }, () => queue.send(job, { n: n++ })));
      await queue.drain(30 * 60_000);
    });
    const loadAtOnce = load();
    const oneByOne = await timed(async () => {
      for (let i = 0; i < BATCH; i++) {
        await queue.send(job, { n: n++ });
        await queue.drain(10 * 60_000);
      }
    });
    console.log(
      `Render queue (${concurrency} at a time on ${os.availableParallelism()} cores): ${BATCH} renders submitted at once finished in ${atOnce.toFixed(1)} s (${loadAtOnce}); ` +
        `${BATCH} one after another ${oneByOne.toFixed(1)} s (${load()}) → ratio ${(atOnce / oneByOne).toFixed(2)} (target ≤ 1.2)`,
    );
  } finally {
    await queue.stop();
    await handle.close();
  }
};

export const runRenderBench = async () => {
  const system = { path: null, searchPath: process.env.PATH ?? '' };
  await benchOne(system, REPS, 'pre-made');
  await benchOne(system, REPS, 'phone-like');
  const found = await resolveFfmpegInfo(system);
  if (found.source !== 'npm' && !RENDERS_ONLY) {
    // The build `npm ci` brings (2018): what a fresh machine without ffmpeg would run.
    try {
      const npm = (await import('@ffmpeg-installer/ffmpeg')).default.path;
      await benchOne({ path: npm, searchPath: '' }, 1, 'pre-made');
    } catch (error) {
      console.log(`Render with the npm ffmpeg: not measured (${(error as Error).message})`);
    }
  }
};

if (import.meta.url === `file://${process.argv[1]}`) await runRenderBench();
