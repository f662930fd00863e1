/**
 * Runs the work it is given at most `slots` at a time, in the order it was given: what waits for
 * a slot starts when one is let go, whether the work before it succeeded or failed. The one
 * in-process limiter of the server (encodes of a render, uploads' intakes, template thumbnails);
 * work that must wait across processes is a pg-boss job with its own concurrency instead.
 */
export const takingTurns = (slots: number) => {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (running >= slots) await new Promise<void>((start) => waiting.push(start));
    running++;
    try {
      return await work();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
};
