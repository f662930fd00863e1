import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveFfmpeg } from './ffmpeg-path';
import { FFMPEG_NICENESS, FfmpegError, runMediaTool, startFfmpeg } from './run-ffmpeg';

/** The pid of the ffmpeg process whose arguments hold `marker`, or null. */
const findProcess = async (marker: string): Promise<number | null> => {
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const argv = (await fs.readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '')).split('\0');
    if (path.basename(argv[0] ?? '').includes('ffmpeg') && argv.some((a) => a.includes(marker))) {
      return Number(entry);
    }
  }
  return null;
};

const waitFor = async <T>(probe: () => Promise<T | null>, ms: number): Promise<T | null> => {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== null || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
};

describe('a media tool run', () => {
  it('stopped at its time limit says so, and a failing one does not', async () => {
    const ffmpeg = await resolveFfmpeg({ path: null, searchPath: process.env.PATH ?? '' });
    // An endless source read at real speed: only the limit ends it.
    const endless = ['-re', '-f', 'lavfi', '-i', 'testsrc2=s=64x64:r=5', '-f', 'null', '-'];
    const stopped = await runMediaTool(ffmpeg, endless, { timeoutMs: 300 }).catch(
      (e: unknown) => e,
    );
    expect(stopped).toBeInstanceOf(FfmpegError);
    expect(stopped).toMatchObject({
      timedOut: true,
      message: expect.stringMatching(/stopped after 300 ms/),
    });
    const failed = await runMediaTool(ffmpeg, ['-i', '/nonexistent.mp4']).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(FfmpegError);
    expect(failed).toMatchObject({ timedOut: false });
  });
});

describe.skipIf(process.platform !== 'linux')('runFfmpeg', () => {
  it(
    'stops the encode when the server process is killed outright',
    { timeout: 60_000 },
    async () => {
      const ffmpeg = await resolveFfmpeg({ path: null, searchPath: process.env.PATH ?? '' });
      const marker = `hookreel-orphan-${randomUUID()}`;
      // A server that starts a ten-minute encode (read at real speed) and is then SIGKILLed: no
      // handler of its own runs, so only the child's side can notice.
      const script = `
      import { runFfmpeg } from ${JSON.stringify(path.resolve(import.meta.dirname, 'run-ffmpeg.ts'))};
      runFfmpeg(${JSON.stringify(ffmpeg)}, [
        '-re', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=10',
        '-t', '600', '-metadata', 'comment=${marker}', '-f', 'null', '-',
      ]).catch(() => {});
    `;
      const server = spawn(
        process.execPath,
        ['--import', 'tsx', '--input-type=module', '-e', script],
        {
          stdio: 'ignore',
        },
      );
      const pid = await waitFor(() => findProcess(marker), 20_000);
      expect(pid).not.toBeNull();
      server.kill('SIGKILL');
      const gone = await waitFor(
        async () => ((await findProcess(marker)) === null ? true : null),
        10_000,
      );
      if (!gone && pid) process.kill(pid, 'SIGKILL');
      expect(gone).toBe(true);
    },
  );

  it("runs ffmpeg below the server's priority, so requests get the cores first", async () => {
    const ffmpeg = await resolveFfmpeg({ path: null, searchPath: process.env.PATH ?? '' });
    const marker = `hookreel-nice-${randomUUID()}`;
    const controller = new AbortController();
    const { done } = await startFfmpeg(
      ffmpeg,
      ['-re', '-f', 'lavfi', '-i', 'testsrc=size=64x64:rate=5', '-t', '60'].concat([
        '-metadata',
        `comment=${marker}`,
        '-f',
        'null',
        '-',
      ]),
      { signal: controller.signal },
    );
    const pid = await waitFor(() => findProcess(marker), 20_000);
    // Field 19 of /proc/<pid>/stat is the niceness (proc(5)); fields count from after the name.
    const stat = pid ? await fs.readFile(`/proc/${pid}/stat`, 'utf8') : '';
    controller.abort();
    await done.catch(() => {});
    expect(pid).not.toBeNull();
    const niceness = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
    expect(niceness).toBe(FFMPEG_NICENESS);
    expect(FFMPEG_NICENESS).toBeGreaterThan(os.getPriority());
  });
});
