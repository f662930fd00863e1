import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SAMPLE_VIDEO_FILES,
  SAMPLE_VIDEOS_MARKER,
  SAMPLE_VIDEOS_VERSION,
} from '../media/sample-videos/make-sample-videos';
import { PREMADE_CHARACTERS, PREMADE_VERSION, premadeFiles } from '../modules/characters';
import type { TestApp } from '../testing/test-app';
import { createTestApp } from '../testing/test-app';

/** What a finished characters folder looks like to the presence check (no painting). */
const fakePremadeCharacters = async (dir: string) => {
  await fs.mkdir(dir, { recursive: true });
  for (const c of PREMADE_CHARACTERS) {
    for (const file of Object.values(premadeFiles(c.id))) {
      await fs.writeFile(path.join(dir, file), 'x');
    }
  }
  await fs.writeFile(
    path.join(dir, 'characters.json'),
    JSON.stringify({ version: PREMADE_VERSION, done: PREMADE_CHARACTERS.map((c) => c.id) }),
  );
};

const jobsOf = async (app: TestApp) =>
  (
    await app.db.executor.executeSql(
      `SELECT state FROM pgboss.job WHERE name = 'prepare-starter-assets'`,
    )
  ).rows as { state: string }[];

describe('starter assets at start-up', { timeout: 120_000 }, () => {
  let app: TestApp;
  let videos: string;

  beforeAll(async () => {
    videos = await fs.mkdtemp(path.join(os.tmpdir(), 'hookreel-samples-'));
    app = await createTestApp({
      sampleVideos: { dir: videos },
      starterLibrary: { enabled: false, dir: path.join(videos, 'library') },
      starterCharacters: { dir: path.join(videos, 'characters') },
      // The job fails at once instead of spending a minute in ffmpeg: the test is about when
      // it is sent, not about the videos (media/sample-videos has those tests).
      ffmpeg: { path: '/nonexistent/ffmpeg', searchPath: '' },
    });
  }, 180_000);
  afterAll(async () => {
    await app.close();
    await fs.rm(videos, { recursive: true, force: true });
  });

  it('sends one job for what is missing, and none once everything is there', async () => {
    expect(await app.prepareStarterAssets()).toEqual([
      'the sample videos',
      'the pre-made characters',
    ]);
    // A second start while the first job waits or runs adds no copy.
    await app.prepareStarterAssets();
    expect(await jobsOf(app)).toHaveLength(1);

    for (const file of SAMPLE_VIDEO_FILES) await fs.writeFile(path.join(videos, file), 'mp4');
    await fs.writeFile(
      path.join(videos, SAMPLE_VIDEOS_MARKER),
      JSON.stringify({ version: SAMPLE_VIDEOS_VERSION, done: SAMPLE_VIDEO_FILES }),
    );
    await fakePremadeCharacters(path.join(videos, 'characters'));
    expect(await app.prepareStarterAssets()).toEqual([]);
    expect(await jobsOf(app)).toHaveLength(1);
  });
});
