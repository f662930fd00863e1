/**
 * docs/product/create.md rule 4: a carousel draft is saved 800 ms after the last change, a demo
 * draft 600 ms.
 */
export const CAROUSEL_AUTOSAVE_MS = 800;
export const DEMO_AUTOSAVE_MS = 600;

export type SaveStatus = 'idle' | 'pending' | 'saving' | 'saved' | 'error';

type SaveSchedulerOptions<T> = {
  delayMs: number;
  save: (payload: T) => Promise<unknown>;
  onStatus?: (status: SaveStatus) => void;
};

export type SaveScheduler<T> = {
  /** Remembers `payload` as the latest state and (re)starts the quiet-period timer. */
  schedule: (payload: T) => void;
  /** Saves the latest unsaved payload now (leaving the editor must not lose the last change). */
  flush: () => Promise<void>;
  /** Stops the timer; a save already running finishes, nothing new starts. */
  dispose: () => void;
};

/**
 * Debounced saving that never runs two saves at once and never drops a change: a change that
 * arrives while a save is in flight waits for it, then is saved with the newest payload. Saves
 * that overlapped could land out of order and leave the older state on the server.
 */
export const createSaveScheduler = <T>({
  delayMs,
  save,
  onStatus,
}: SaveSchedulerOptions<T>): SaveScheduler<T> => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let latest: { payload: T } | undefined;
  let inFlight: Promise<void> | undefined;
  let disposed = false;

  const clearTimer = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };

  const run = async (): Promise<void> => {
    if (inFlight) {
      // The running save calls run() again when it ends and picks up `latest` then.
      return inFlight;
    }
    const next = latest;
    if (!next) return;
    latest = undefined;
    onStatus?.('saving');
    let failed = false;
    inFlight = save(next.payload)
      .catch(() => {
        failed = true;
      })
      .then(() => {
        inFlight = undefined;
      });
    await inFlight;
    if (latest && !disposed) {
      // A change came in while saving; if its timer is still running it will fire on its own.
      if (timer === undefined) await run();
      else onStatus?.('pending');
      return;
    }
    onStatus?.(failed ? 'error' : 'saved');
  };

  return {
    schedule: (payload) => {
      if (disposed) return;
      latest = { payload };
      onStatus?.('pending');
      clearTimer();
      timer = setTimeout(() => {
        timer = undefined;
        void run();
      }, delayMs);
    },
    flush: async () => {
      clearTimer();
      if (inFlight) await inFlight;
      await run();
    },
    dispose: () => {
      disposed = true;
      clearTimer();
    },
  };
};
