import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productVideoPath } from '#contract/user-videos';
import { createDiskStorage } from '../../adapters/storage/disk-storage';
import { AppError } from '../../errors';
import { makeTestVideo } from '../../testing/test-videos';
import { intakeVideoFile } from './video-intake';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'video-intake-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const intake = async (thumbnailTimeoutMs?: number) => {
  const root = await mkdtemp(path.join(dir, 'bucket-'));
  const workDir = await mkdtemp(path.join(dir, 'work-'));
  const rawFile = path.join(workDir, 'raw.mp4');
  await writeFile(rawFile, await makeTestVideo({ seconds: 1 }));
  const storage = createDiskStorage({ root, secret: 'x'.repeat(32), publicBaseUrl: 'http://t' });
  const run = intakeVideoFile({
    ffmpegSettings: { path: null, searchPath: process.env.PATH ?? '' },
    storage,
    rawFile,
    workDir,
    name: 'demo.mp4',
    videoKey: productVideoPath('u1', 'v1'),
    ...(thumbnailTimeoutMs === undefined ? {} : { thumbnailTimeoutMs }),
  });
  return {
    run,
    stored: async () =>
      (await readdir(root, { recursive: true })).filter((f) => /\.(mp4|jpg)$/.test(f)),
  };
};

describe('a product video intake on a machine too busy to finish a step in time', () => {
  it('answers 503 server_busy with Retry-After, not "not a valid video", and keeps nothing', async () => {
    // The thumbnail's ffmpeg is stopped at once, as the scale bench saw at load 32 (decision 203).
    const { run, stored } = await intake(1);
    const error = await run.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'server_busy', status: 503, retryAfterSeconds: 1 });
    expect(await stored()).toEqual([]);
  });

  it('stores the video and its thumbnail when the steps finish in time', async () => {
    const { run, stored } = await intake();
    await expect(run).resolves.toMatchObject({ durationMs: 1000 });
    expect((await stored()).length).toBeGreaterThanOrEqual(2);
  });
});
