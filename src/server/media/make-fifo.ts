import { execFile } from 'node:child_process';

/**
 * Makes a FIFO (a named pipe, mode 600) for ffmpeg to read from, with coreutils' `mkfifo`: Node
 * has no call of its own for it (decision 257). Rejects where none can be made.
 */
export const makeFifo = (file: string) =>
  new Promise<void>((resolve, reject) => {
    execFile('mkfifo', ['-m', '600', '--', file], (error) => (error ? reject(error) : resolve()));
  });
