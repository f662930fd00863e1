import { spawn } from 'node:child_process';
import { mkdtemp, open, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFfmpegSettings } from '../../config';
import { resolveFfmpeg } from '../ffmpeg-path';
import { SAMPLE_CLIPS } from './clips';
import { wrapHook } from './frame';
import { makeSampleVideos, sampleVideosPresent } from './make-sample-videos';
import { renderSampleClip } from './render-clip';

// `ffmpeg -i file` with no output exits non-zero but prints the stream summary to stderr, which
// spares the test a dependency on ffprobe (the bundled 2018 build ships without it).
const probe = (ffmpeg: string, file: string): Promise<string> =>
  new Promise((resolve, reject) => {
    const child = spawn(ffmpeg, ['-hide_banner', '-i', file], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', () => resolve(stderr));
  });

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

describe('make-sample-videos', () => {
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'hookreel-sample-test-'));
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('defines five distinct clips of 5 to 8 seconds', () => {
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

  it('wraps a hook into short lines without losing words', () => {
    const lines = wrapHook('POV: you found the bag that fits everything');
    expect(lines.join(' ')).toBe('POV: you found the bag that fits everything');
    expect(lines.every((line) => line.length <= 17)).toBe(true);
  });

  it('renders a playable vertical H.264 MP4 with an audio track', async () => {
    const ffmpeg = await resolveFfmpeg(loadFfmpegSettings());
    const clip = SAMPLE_CLIPS[0]!;
    const file = path.join(dir, clip.file);

    const { bytes } = await renderSampleClip(clip, file, { ffmpegPath: ffmpeg });

    expect(bytes).toBeGreaterThan(10_000);
    expect(bytes).toBeLessThan(1.5 * 1024 * 1024);
    const head = await readHead(file, 12);
    expect(head.subarray(4, 8).toString('latin1')).toBe('ftyp');

    const info = await probe(ffmpeg, file);
    expect(info).toMatch(/Video: h264/);
    expect(info).toMatch(/yuv420p/);
    expect(info).toMatch(/Audio: aac/);
    const size = /, (\d{2,5})x(\d{2,5})[,\s]/.exec(info);
    expect(size).not.toBeNull();
    const [width, height] = [Number(size![1]), Number(size![2])];
    expect(height).toBeGreaterThan(width);
    expect(width / height).toBeCloseTo(9 / 16, 2);
    const duration = /Duration: (\d+):(\d+):([\d.]+)/.exec(info);
    expect(Number(duration![3])).toBeCloseTo(clip.durationSec, 0);
    // The partial file is renamed into place, never left behind.
    expect(await readdir(dir)).toEqual([clip.file]);
  });

  it('skips clips that already exist unless forced', async () => {
    const skipDir = await mkdtemp(path.join(os.tmpdir(), 'hookreel-sample-skip-'));
    try {
      expect(sampleVideosPresent(skipDir)).toBe(false);
      for (const clip of SAMPLE_CLIPS) await writeFile(path.join(skipDir, clip.file), 'x');
      expect(sampleVideosPresent(skipDir)).toBe(true);
      // A path that cannot run proves nothing was rendered.
      const result = await makeSampleVideos({ outDir: skipDir, ffmpegPath: '/nonexistent/ffmpeg' });
      expect(result.made).toBe(0);
    } finally {
      await rm(skipDir, { recursive: true, force: true });
    }
  });
});
