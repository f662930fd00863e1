import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetFfmpegCache, resolveFfmpeg, resolveFfmpegInfo } from './ffmpeg-path';

describe('resolveFfmpeg', () => {
  const saved = { FFMPEG_PATH: process.env.FFMPEG_PATH, PATH: process.env.PATH };
  let dir: string;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'hookreel-ffmpeg-path-'));
    resetFfmpegCache();
  });

  afterEach(async () => {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    resetFfmpegCache();
    await rm(dir, { recursive: true, force: true });
  });

  it('prefers FFMPEG_PATH', async () => {
    const fake = path.join(dir, 'my-ffmpeg');
    await writeFile(fake, '#!/bin/sh\nexit 0\n', { mode: 0o755 });
    process.env.FFMPEG_PATH = fake;
    expect(await resolveFfmpegInfo()).toEqual({ path: fake, source: 'env' });
  });

  it('rejects an FFMPEG_PATH that is not executable instead of silently using another build', async () => {
    process.env.FFMPEG_PATH = path.join(dir, 'missing');
    await expect(resolveFfmpeg()).rejects.toThrow(/FFMPEG_PATH/);
  });

  it('skips a broken ffmpeg on PATH and falls back to the npm build', async () => {
    delete process.env.FFMPEG_PATH;
    await writeFile(path.join(dir, 'ffmpeg'), '#!/bin/sh\nexit 1\n', { mode: 0o755 });
    process.env.PATH = dir;
    const info = await resolveFfmpegInfo();
    expect(info.source).toBe('npm');
    expect(info.path).toContain('@ffmpeg-installer');
  });

  it('uses a working ffmpeg from PATH', async () => {
    delete process.env.FFMPEG_PATH;
    const fake = path.join(dir, 'ffmpeg');
    await writeFile(fake, '#!/bin/sh\nexit 0\n', { mode: 0o755 });
    process.env.PATH = dir;
    expect(await resolveFfmpegInfo()).toEqual({ path: fake, source: 'path' });
  });
});
