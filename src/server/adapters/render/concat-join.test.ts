import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ffconcatTo } from '../../testing/media-attacks';
import { makeTestVideo } from '../../testing/test-videos';
import { resolveFfmpeg, type FfmpegSettings } from '../../media/ffmpeg-path';
import { MediaInputError } from '../../media/media-input';
import { probeVideo } from '../../media/probe-video';
import { allButOneSettled, planConcatJoin } from './concat-join';

const settings: FfmpegSettings = {
  path: process.env.FFMPEG_PATH ?? null,
  searchPath: process.env.PATH ?? '',
};
let dir = '';
let ffmpeg = '';
let clip: Buffer;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'concat-join-'));
  ffmpeg = await resolveFfmpeg(settings);
  clip = await makeTestVideo({ seconds: 1 });
}, 60_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A work folder with its list and output names, and a gate that starts the join when opened. */
const workFolder = async () => {
  const work = await mkdtemp(path.join(dir, 'work-'));
  let open = () => {};
  const gate = new Promise<void>((resolve) => (open = resolve));
  return {
    work,
    listFile: path.join(work, 'parts.ffconcat'),
    out: path.join(work, 'joined.mp4'),
    gate,
    open,
  };
};

/** Whether a process runs with `word` in its command line (Linux's /proc). */
const running = async (word: string) => {
  for (const pid of await readdir('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const command = await readFile(`/proc/${pid}/cmdline`, 'latin1').catch(() => '');
    if (command.includes(word)) return true;
  }
  return false;
};

/** Resolves once the join's ffmpeg waits on its list: a FIFO, which a running ffmpeg names. */
const waitingOnItsList = (listFile: string) =>
  vi.waitFor(
    async () => {
      expect((await stat(listFile)).isFIFO()).toBe(true);
      expect(await running(listFile)).toBe(true);
    },
    { timeout: 10_000, interval: 20 },
  );

/**
 * Resolves once no process names the list: a stopped ffmpeg is killed, and its end reported a
 * moment after the abort that killed it.
 */
const endsSoon = (listFile: string) =>
  vi.waitFor(async () => expect(await running(listFile)).toBe(false), {
    timeout: 5_000,
    interval: 20,
  });

/** A join planned in a fresh work folder whose ffmpeg has started and waits on its list. */
const waitingJoin = async (signal?: AbortSignal) => {
  const folder = await workFolder();
  const join = planConcatJoin({
    ffmpeg,
    listFile: folder.listFile,
    outputArgs: ['-c', 'copy', folder.out],
    signal,
    startAfter: folder.gate,
  });
  folder.open();
  await waitingOnItsList(folder.listFile);
  return { ...folder, join };
};

describe('the join of a render’s parts (decision 257)', () => {
  it('starts its ffmpeg before the parts exist, and joins them once they are listed', async () => {
    const { work, out, join } = await waitingJoin();
    // The parts are made after the join started.
    const parts = ['a.mp4', 'b.mp4'].map((name) => path.join(work, name));
    for (const part of parts) await writeFile(part, clip);
    await join.finish(parts.map((file) => ({ file })));
    expect((await probeVideo(out, settings)).durationSec).toBeCloseTo(2, 0);
  });

  it('refuses a part that is not an MP4 by its bytes, and its waiting ffmpeg ends', async () => {
    const { work, listFile, out, join } = await waitingJoin();
    const evil = path.join(work, 'evil.mp4');
    await writeFile(evil, ffconcatTo(path.join(dir, 'someone-elses.mp4')));
    // It settles only once the waiting ffmpeg is gone (a test time-out otherwise).
    await expect(join.finish([{ file: evil }])).rejects.toBeInstanceOf(MediaInputError);
    await expect(stat(out)).rejects.toThrow(/ENOENT/);
    await endsSoon(listFile);
  });

  it('is not held by an ffmpeg that was stopped while it waited for its list', async () => {
    const render = new AbortController();
    const { work, listFile, out, join } = await waitingJoin(render.signal);
    render.abort();
    const part = path.join(work, 'a.mp4');
    await writeFile(part, clip);
    // Opening a FIFO to write waits for a reader; the join stands one in for the dead ffmpeg, so
    // the render fails at once instead of holding a thread of Node's pool for ever.
    await expect(join.finish([{ file: part }])).rejects.toThrow();
    await expect(stat(out)).rejects.toThrow(/ENOENT/);
    await endsSoon(listFile);
  });

  it('stops an early ffmpeg for a render that failed before its parts were made', async () => {
    const { listFile, out, join } = await waitingJoin();
    await join.stop();
    await expect(stat(out)).rejects.toThrow(/ENOENT/);
    await endsSoon(listFile);
  });

  it('without a start, writes its list as a file once the parts are made', async () => {
    const { work, listFile, out } = await workFolder();
    const join = planConcatJoin({
      ffmpeg,
      listFile,
      outputArgs: ['-c', 'copy', out],
      startAfter: null,
    });
    const part = path.join(work, 'a.mp4');
    await writeFile(part, clip);
    await join.finish([{ file: part }]);
    expect((await stat(listFile)).isFile()).toBe(true);
    expect((await probeVideo(out, settings)).durationSec).toBeCloseTo(1, 0);
  });

  it('starts when all parts but the last are made', async () => {
    const resolvers: (() => void)[] = [];
    const parts = [0, 1, 2].map(() => new Promise<void>((resolve) => resolvers.push(resolve)));
    let started = false;
    void allButOneSettled(parts).then(() => (started = true));
    resolvers[0]!();
    await Promise.resolve();
    expect(started).toBe(false);
    resolvers[2]!();
    await vi.waitFor(() => expect(started).toBe(true));
  });
});
