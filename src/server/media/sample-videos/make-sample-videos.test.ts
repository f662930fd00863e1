import { spawn } from 'node:child_process';
import { mkdtemp, open, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFfmpegSettings } from '../../config';
import { resolveFfmpeg } from '../ffmpeg-path';
import { SAMPLE_CLIPS } from './clips';
import {
  makeSampleVideos,
  SAMPLE_VIDEOS_MARKER,
  SAMPLE_VIDEOS_VERSION,
  sampleVideosPresent,
} from './make-sample-videos';
import { exampleDurationSec, renderExample } from './render-example';
import { UGC_DURATION_SEC } from '#contract/hook-demo';
import { probeVideo } from '../probe-video';
import { PREMADE_CHARACTERS, premadeFaceBox, premadeFiles } from '../../modules/characters';

const FRAME_W = 108;
const FRAME_H = 192;

/** One frame at `seconds`, shrunk to 108x192 grey bytes (one per pixel, row by row). */
const grayFrame = (ffmpeg: string, file: string, seconds: number): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const args = ['-v', 'error', '-ss', String(seconds), '-i', file, '-frames:v', '1'];
    args.push('-vf', `scale=${FRAME_W}:${FRAME_H}`, '-pix_fmt', 'gray', '-f', 'rawvideo', '-');
    const child = spawn(ffmpeg, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const frame = Buffer.concat(chunks);
      if (code === 0 && frame.length === FRAME_W * FRAME_H) resolve(frame);
      else reject(new Error(`no frame at ${seconds} s of ${file} (exit ${code})`));
    });
  });

/** The largest mean absolute difference of one pixel row between two frames, over rows [from, to). */
const rowDifference = (a: Buffer, b: Buffer, from: number, to: number): number => {
  let worst = 0;
  for (let y = from; y < to; y++) {
    let sum = 0;
    for (let x = 0; x < FRAME_W; x++) sum += Math.abs(a[y * FRAME_W + x]! - b[y * FRAME_W + x]!);
    worst = Math.max(worst, sum / FRAME_W);
  }
  return worst;
};

const readHead = async (file: string, bytes: number): Promise<Buffer> => {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    await handle.read(buffer, 0, bytes, 0);
    return buffer;
  } finally {
    await handle.close();
  }
};

describe('make-sample-videos', { timeout: 300_000 }, () => {
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'hookreel-sample-test-'));
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('defines five distinct product parts of 5 to 8 seconds', () => {
    expect(SAMPLE_CLIPS.map((clip) => clip.file)).toEqual(
      [1, 2, 3, 4, 5].map((n) => `ugc-example-${n}.mp4`),
    );
    expect(new Set(SAMPLE_CLIPS.map((clip) => clip.hook)).size).toBe(5);
    expect(new Set(SAMPLE_CLIPS.map((clip) => clip.gradient.flat().join())).size).toBe(5);
    for (const clip of SAMPLE_CLIPS) {
      expect(clip.durationSec).toBeGreaterThanOrEqual(5);
      expect(clip.durationSec).toBeLessThanOrEqual(8);
    }
  });

  it('gives each example its own pre-made character', () => {
    const ids = new Set(PREMADE_CHARACTERS.map((c) => c.id));
    const characters = SAMPLE_CLIPS.map((clip) => clip.character);
    expect(new Set(characters).size).toBe(5);
    for (const id of characters) expect(ids.has(id)).toBe(true);
  });

  it('renders an example as a Hook + Demo: the character with the hook, then the product', async () => {
    const settings = loadFfmpegSettings();
    const ffmpeg = await resolveFfmpeg(settings);
    const clip = SAMPLE_CLIPS[0]!;
    const entry = PREMADE_CHARACTERS.find((c) => c.id === clip.character)!;
    // The shipped pre-made clip, as the start-up job renders from: painting one again cost this
    // test most of its minutes.
    const characterClip = path.resolve('assets/starter/characters', premadeFiles(entry.id).clip);
    const file = path.join(dir, clip.file);

    const { bytes, segments } = await renderExample({
      clip,
      characterClip,
      outFile: file,
      ffmpeg: settings,
    });

    expect(bytes).toBeGreaterThan(10_000);
    const head = await readHead(file, 12);
    expect(head.subarray(4, 8).toString('latin1')).toBe('ftyp');
    const facts = await probeVideo(file, settings);
    expect(facts.video).toMatchObject({ codec: 'h264', width: 1080, height: 1920, fps: 30 });
    expect(facts.audio?.codec).toBe('aac');
    expect(facts.durationSec).toBeCloseTo(exampleDurationSec(clip), 1);
    // The hook part is encoded with its overlay; the canonical product part is stream-copied.
    expect(segments).toEqual([
      { start: 0, end: UGC_DURATION_SEC, mode: 'encode', pieces: 2 },
      { start: UGC_DURATION_SEC, end: exampleDurationSec(clip), mode: 'copy' },
    ]);

    // The hook part is the character's own frame except where the hook is drawn: clear of the
    // character's face, as a seller's render places it (decision 132), not over it.
    const hookFrame = await grayFrame(ffmpeg, file, 2);
    const characterFrame = await grayFrame(ffmpeg, characterClip, 2);
    const face = premadeFaceBox(clip.character)!;
    const faceRows = [Math.ceil(face.top * 192), Math.floor(face.bottom * 192)] as const;
    const overFace = rowDifference(hookFrame, characterFrame, ...faceRows);
    const elsewhere = Math.max(
      rowDifference(hookFrame, characterFrame, 0, faceRows[0]),
      rowDifference(hookFrame, characterFrame, faceRows[1], 192),
    );
    expect(overFace).toBeLessThan(8);
    expect(elsewhere).toBeGreaterThan(30);
    // The product part is the product card, not the character.
    const productFrame = await grayFrame(ffmpeg, file, UGC_DURATION_SEC + 2);
    expect(rowDifference(productFrame, characterFrame, 0, 192)).toBeGreaterThan(30);
    // The partial file is renamed into place, never left behind.
    expect((await readdir(dir)).sort()).toEqual([clip.file]);
  });

  it('skips clips that already exist unless forced', async () => {
    const skipDir = await mkdtemp(path.join(os.tmpdir(), 'hookreel-sample-skip-'));
    try {
      expect(sampleVideosPresent(skipDir)).toBe(false);
      for (const clip of SAMPLE_CLIPS) await writeFile(path.join(skipDir, clip.file), 'x');
      // Files of the first version (no marker, or an older one) are made again.
      expect(sampleVideosPresent(skipDir)).toBe(false);
      const marker = path.join(skipDir, SAMPLE_VIDEOS_MARKER);
      const done = SAMPLE_CLIPS.map((clip) => clip.file);
      await writeFile(marker, JSON.stringify({ version: SAMPLE_VIDEOS_VERSION - 1, done }));
      expect(sampleVideosPresent(skipDir)).toBe(false);
      await writeFile(marker, JSON.stringify({ version: SAMPLE_VIDEOS_VERSION, done }));
      expect(sampleVideosPresent(skipDir)).toBe(true);
      // A path that cannot run proves nothing was rendered.
      const result = await makeSampleVideos({
        outDir: skipDir,
        charactersDir: skipDir,
        ffmpeg: { path: '/nonexistent/ffmpeg', searchPath: '' },
      });
      expect(result.made).toBe(0);
    } finally {
      await rm(skipDir, { recursive: true, force: true });
    }
  });
});
