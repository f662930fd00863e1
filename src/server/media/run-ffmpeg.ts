import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

export class FfmpegError extends Error {
  constructor(
    message: string,
    readonly stderr: string,
  ) {
    super(message);
    this.name = 'FfmpegError';
  }
}

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
 * Runs ffmpeg to completion. The last lines of stderr go into the error; a signal (the render's
 * time limit, a shutdown) kills the process so no encode outlives its job, and neither does it
 * outlive this process.
 */
export const runFfmpeg = (
  ffmpeg: string,
  args: readonly string[],
  { signal, timeoutMs = 10 * 60_000 }: { signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<void> =>
  new Promise((resolve, reject) => {
    const [command, commandArgs] = withParentDeathSignal(ffmpeg, [
      '-hide_banner',
      '-nostdin',
      '-loglevel',
      'error',
      ...args,
    ]);
    const child = spawn(command, commandArgs, {
      stdio: ['ignore', 'ignore', 'pipe'],
      signal,
      timeout: timeoutMs,
      killSignal: 'SIGKILL',
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-8_000);
    });
    child.on('error', (error) => reject(error));
    child.on('close', (code, sig) => {
      if (code === 0) resolve();
      else {
        const last = stderr.trim().split('\n').slice(-3).join(' | ');
        reject(new FfmpegError(`ffmpeg failed (${sig ?? `exit ${code}`}): ${last}`, stderr));
      }
    });
  });
