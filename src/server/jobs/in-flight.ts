/**
 * Counts work under way (database calls, running batches) so that stopping can wait for it.
 * pg-boss's own stop waits only for batches it has handed to a handler: a fetch that is still
 * on its way marks its jobs as running and hands them over after stop has returned.
 */
export const createInFlight = () => {
  let count = 0;
  return {
    track: async <T>(work: () => Promise<T>): Promise<T> => {
      count += 1;
      try {
        return await work();
      } finally {
        count -= 1;
      }
    },
    /** Resolves once nothing is under way, or at the deadline (a timestamp in ms). */
    settled: async (deadline: number) => {
      while (count > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    },
  };
};

export type InFlight = ReturnType<typeof createInFlight>;
