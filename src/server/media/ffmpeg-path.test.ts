import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { resolveFfmpeg, resolveFfmpegInfo } from './ffmpeg-path';

describe('resolveFfmpeg', () => {
  let dir: string;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'hookreel-ffmpeg-path-'));
  });

  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('takes FFMPEG_PATH and PATH from the configuration', () => {
    const config = loadConfig({ DATA_DIR: dir, FFMPEG_PATH: ' /opt/ffmpeg ', PATH: '/usr/bin' });
    expect(config.ffmpeg).toEqual({ path: '/opt/ffmpeg', searchPath: '/usr/bin' });
    expect(loadConfig({ DATA_DIR: dir }).ffmpeg).toEqual({ path: null, searchPath: '' });
  });

  it('prefers FFMPEG_PATH', async () => {
    const fake = path.join(dir, 'my-ffmpeg');
    await writeFile(fake, '#!/bin/sh\nexit 0\n', { mode: 0o755 });
    expect(await resolveFfmpegInfo({ path: fake, searchPath: '' })).toEqual({
      path: fake,
      source: 'env',
    });
  });

  it('rejects an FFMPEG_PATH that is not executable instead of silently using another build', async () => {
    await expect(
      resolveFfmpeg({ path: path.join(dir, 'missing'), searchPath: '' }),
    ).rejects.toThrow(/FFMPEG_PATH/);
  });

  it('skips a broken ffmpeg on PATH and falls back to the npm build', async () => {
    await writeFile(path.join(dir, 'ffmpeg'), '#!/bin/sh\nexit 1\n', { mode: 0o755 });
    const info = await resolveFfmpegInfo({ path: null, searchPath: dir });
    expect(info.source).toBe('npm');
    expect(info.path).toContain('@ffmpeg-installer');
  });

  it('uses a working ffmpeg from PATH', async () => {
    const fake = path.join(dir, 'ffmpeg');
    await writeFile(fake, '#!/bin/sh\nexit 0\n', { mode: 0o755 });
    expect(await resolveFfmpegInfo({ path: null, searchPath: dir })).toEqual({
      path: fake,
      source: 'path',
    });
  });
});
