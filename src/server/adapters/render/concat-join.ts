import {
  feedConcatList,
  forgetConcatList,
  makeConcatFifo,
  writeConcatList,
  type ConcatEntry,
} from '../../media/media-input';
import { runFfmpeg } from '../../media/run-ffmpeg';

/** The last step of a local render: its parts joined in order by the concat demuxer. */
export type ConcatJoin = {
  /** Joins `entries` into the output; resolves once it is written. */
  finish: (entries: ConcatEntry[]) => Promise<void>;
  /** Stops a join started early, for a render that fails before its parts are made. */
  stop: () => Promise<void>;
};

/**
 * Resolves once all but one of `work` have settled: the last part is still being encoded, and a
 * core has just come free.
 */
export const allButOneSettled = (work: readonly Promise<unknown>[]) =>
  new Promise<void>((resolve) => {
    let running = work.length;
    if (running <= 1) resolve();
    const settle = () => {
      running--;
      if (running <= 1) resolve();
    };
    for (const part of work) part.then(settle, settle);
  });

/**
 * Plans the join of a render's parts into the output `outputArgs` name. With `startAfter`, the
 * join's ffmpeg starts when it resolves, reading its list from a FIFO: its start-up, about 40 ms
 * of loading libraries, then runs on the core the first piece left free instead of after the last
 * piece (decision 257). Without it, or where no FIFO can be made, the list is written and ffmpeg
 * started once the parts are made. Either way the list holds only our own checked files
 * (decision 070).
 */
export const planConcatJoin = (options: {
  ffmpeg: string;
  listFile: string;
  outputArgs: readonly string[];
  signal?: AbortSignal;
  startAfter: Promise<unknown> | null;
}): ConcatJoin => {
  const { ffmpeg, listFile, outputArgs, signal } = options;
  const args = ['-y', '-f', 'concat', '-i', listFile, ...outputArgs];
  const stopper = new AbortController();
  /** The early ffmpeg's end, wrapped: an async function's promise would flatten into its own. */
  const startEarly = async (): Promise<{ done: Promise<Buffer> } | null> => {
    if (stopper.signal.aborted || !(await makeConcatFifo(listFile))) return null;
    const stop = signal ? AbortSignal.any([signal, stopper.signal]) : stopper.signal;
    const done = runFfmpeg(ffmpeg, args, { signal: stop });
    // Met by `finish` or `stop`.
    done.catch(() => {});
    return { done };
  };
  const early = options.startAfter
    ? options.startAfter.then(startEarly).catch(() => null)
    : Promise.resolve(null);
  const stopEarly = async () => {
    stopper.abort();
    await (await early)?.done.catch(() => {});
  };
  return {
    finish: async (entries) => {
      const started = await early;
      try {
        if (started) {
          await feedConcatList(listFile, entries, started.done);
          await started.done;
        } else {
          await writeConcatList(listFile, entries);
          await runFfmpeg(ffmpeg, args, { signal });
        }
      } catch (error) {
        await stopEarly();
        throw error;
      } finally {
        forgetConcatList(listFile);
      }
    },
    stop: async () => {
      await stopEarly();
      forgetConcatList(listFile);
    },
  };
};
