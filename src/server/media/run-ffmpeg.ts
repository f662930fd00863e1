import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { guardInputs } from './media-input';

export class FfmpegError extends Error {
  constructor(
    message: string,
    readonly stderr: string,
    /**
     * Killed at its time limit: on a busy machine that is the server's capacity, not the file's
     * fault, and an upload says so (503 server_busy) instead of calling the file broken.
     */
    readonly timedOut = false,
  ) {
    super(message);
    this.name = 'FfmpegError';
  }
}

/** Whether the error, or one it wraps, is a media tool killed at its time limit. */
export const isFfmpegTimeout = (error: unknown) => {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if (e instanceof FfmpegError && e.timedOut) return true;
  }
  return false;
};

const SETPRIV = '/usr/bin/setpriv';

/**
 * A server killed outright (SIGKILL, the OOM killer) runs none of its own code, and ffmpeg
 * ignores SIGPIPE and end of input, so an encode would run on orphaned for minutes. On Linux,
 * util-linux's `setpriv --pdeathsig` (Debian ships it in an essential package) has the kernel
 * kill ffmpeg when we die; where it is missing ffmpeg runs as it is.
 */
const withParentDeathSignal = (() => {
  let usable: boolean | undefined;
  return (command: string, args: readonly string[]): [string, string[]] => {
    if (usable === undefined) {
      try {
        accessSync(SETPRIV, constants.X_OK);
        usable = process.platform === 'linux';
      } catch {
        usable = false;
      }
    }
    return usable
      ? [SETPRIV, ['--pdeathsig', 'KILL', '--', command, ...args]]
      : [command, [...args]];
  };
})();

/**
 * Every encode (renders, the start-up preparation, upload checks) is bulk work next to the
 * server's requests: at niceness 10 the kernel gives the API's process the cores first, so a
 * seller's page stays quick while videos render (issue 26, decision 092).
 */
export const FFMPEG_NICENESS = 10;

const lowerPriority = (pid: number | undefined) => {
  if (pid === undefined) return;
  try {
    os.setPriority(pid, FFMPEG_NICENESS);
  } catch {
    // Exited already, or a platform without priorities: nothing to lower.
  }
};

export type FfmpegRunOptions = {
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Collect what the tool writes to stdout (ffmpeg's `pipe:1`, ffprobe's JSON), at most 32 MB. */
  captureStdout?: boolean;
  /** Keep stdin open for the caller to write raw frames to (an input of `pipe:0`). */
  stdin?: boolean;
};

const MAX_STDOUT = 32 * 1024 * 1024;

/**
 * Starts one of ffmpeg's tools (ffmpeg, ffprobe) as every media process runs: at lower priority,
 * killed with the server and on the signal or time limit, its last stderr lines in the error.
 * The server's one spawn of a media tool; `startFfmpeg` adds ffmpeg's input guard on top.
 */
export const startMediaTool = (
  tool: string,
  args: readonly string[],
  { signal, timeoutMs = 10 * 60_000, captureStdout = false, stdin = false }: FfmpegRunOptions = {},
): { stdin: Writable | null; done: Promise<Buffer> } => {
  // The error's words name the tool; any other build of ffmpeg (FFMPEG_PATH) is said as ffmpeg.
  const name = path.basename(tool).startsWith('ffprobe') ? 'ffprobe' : 'ffmpeg';
  const [command, commandArgs] = withParentDeathSignal(tool, args);
  // -nostdin only stops ffmpeg reading commands from the terminal; pipe:0 still reads frames.
  const child = spawn(command, commandArgs, {
    stdio: [stdin ? 'pipe' : 'ignore', captureStdout ? 'pipe' : 'ignore', 'pipe'],
    signal,
    killSignal: 'SIGKILL',
  });
  // Our own timer rather than spawn's `timeout`, so the error can say the limit was the reason.
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill('SIGKILL');
  }, timeoutMs);
  timer.unref();
  const done = new Promise<Buffer>((resolve, reject) => {
    let stderr = '';
    const chunks: Buffer[] = [];
    let size = 0;
    child.stdout?.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_STDOUT) chunks.push(chunk);
      else child.kill('SIGKILL');
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      // The tail is kept: the error's words are its last lines, and a probe's banner fits.
      stderr = (stderr + chunk.toString()).slice(-64_000);
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, sig) => {
      clearTimeout(timer);
      if (code === 0 && size <= MAX_STDOUT) resolve(Buffer.concat(chunks));
      else {
        const last = timedOut
          ? `stopped after ${timeoutMs} ms`
          : size > MAX_STDOUT
            ? 'output too large'
            : stderr.trim().split('\n').slice(-3).join(' | ');
        reject(
          new FfmpegError(`${name} failed (${sig ?? `exit ${code}`}): ${last}`, stderr, timedOut),
        );
      }
    });
  });
  lowerPriority(child.pid);
  // Writing after the tool died raises EPIPE; `done` carries the real reason.
  child.stdin?.on('error', () => {});
  return { stdin: child.stdin, done };
};

/** Runs a media tool to completion (see `startMediaTool`); resolves to stdout when captured. */
export const runMediaTool = (
  tool: string,
  args: readonly string[],
  options: FfmpegRunOptions = {},
): Promise<Buffer> => startMediaTool(tool, args, options).done;

/**
 * Starts ffmpeg; the server's one way to run it. Every input is first checked and pinned by
 * `guardInputs` (its bytes, its demuxer, the `file` protocol only: decision 070), so no caller can
 * hand ffmpeg a playlist or a list of other files. The last lines of stderr go into the error; a
 * signal (the render's time limit, a shutdown) kills the process so no encode outlives its job,
 * and neither does it outlive this process.
 */
export const startFfmpeg = async (
  ffmpeg: string,
  args: readonly string[],
  options: FfmpegRunOptions = {},
): Promise<{ stdin: Writable | null; done: Promise<Buffer> }> =>
  startMediaTool(
    ffmpeg,
    ['-hide_banner', '-nostdin', '-loglevel', 'error', ...(await guardInputs(args))],
    options,
  );

/** Runs ffmpeg to completion (see `startFfmpeg`); resolves to stdout when it was captured. */
export const runFfmpeg = async (
  ffmpeg: string,
  args: readonly string[],
  options: FfmpegRunOptions = {},
): Promise<Buffer> => (await startFfmpeg(ffmpeg, args, options)).done;
