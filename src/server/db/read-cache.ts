import { LRUCache } from 'lru-cache';
import type { ChangeClock } from './change-clock';

/** Long enough to absorb a burst of identical reads, short enough for time-bound answers. */
export const READ_CACHE_MS = 2000;

type Entry = { value: unknown; reading: number };

/**
 * Answers a user's repeated reads (the four every screen makes) without the database while no
 * write has happened since (decision 029). An entry is used only if the database's change clock
 * still shows the reading taken before it was read, so no write, whoever made it (a revocation,
 * a job, a webhook, another user), is ever hidden; the TTL only bounds what depends on the time
 * (quota periods, signed links). Concurrent identical reads share one query. On PostgreSQL
 * another process's write is seen once its notification arrives, milliseconds after its commit.
 * A table a cached read reads must carry the change trigger (migration 0008_read_cache_changes).
 */
export const createReadCache = ({
  changes,
  ttlMs = READ_CACHE_MS,
  max = 5000,
}: {
  /** Null turns the cache off. */
  changes: ChangeClock | null;
  ttlMs?: number;
  max?: number;
}) => {
  const entries = new LRUCache<string, Entry>({ max, ttl: Math.max(1, ttlMs) });
  const pending = new Map<string, { reading: number; promise: Promise<unknown> }>();

  const read = <T>(key: string, load: () => Promise<T>): Promise<T> => {
    if (!changes || ttlMs <= 0) return load();
    const reading = changes.reading();
    const hit = entries.get(key);
    if (hit?.reading === reading) return Promise.resolve(hit.value as T);
    const shared = pending.get(key);
    if (shared?.reading === reading) return shared.promise as Promise<T>;
    const promise = load().then((value) => {
      if (changes.reading() === reading) entries.set(key, { value, reading });
      return value;
    });
    pending.set(key, { reading, promise });
    const done = () => {
      if (pending.get(key)?.promise === promise) pending.delete(key);
    };
    promise.then(done, done);
    return promise;
  };

  return {
    /**
     * `load` for one user, answered from the cache while nothing changed. The answer must depend
     * only on the user and `args` (never on the session), and callers must not modify it.
     */
    perUser:
      <A extends unknown[], T>(name: string, load: (userId: string, ...args: A) => Promise<T>) =>
      (userId: string, ...args: A): Promise<T> =>
        read(`${name}\u0000${userId}\u0000${JSON.stringify(args)}`, () => load(userId, ...args)),
  };
};

export type ReadCache = ReturnType<typeof createReadCache>;
