export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `probe` every `every` ms until it returns a value, or fails with `what` after `ms`. */
export const waitFor = async <T>(
  what: string,
  ms: number,
  probe: () => Promise<T | null>,
  every = 150,
) => {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(every);
  }
};
