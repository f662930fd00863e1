import { LRUCache } from 'lru-cache';

type Entry = { userId: string };

/**
 * Remembers which user a session token belongs to for a few seconds, so the busiest reads
 * skip the session query (decision 020). A revocation in this process forgets the token at
 * once; other processes drop it when its short time to live runs out.
 */
export const createSessionCache = ({ ttlMs, max = 10_000 }: { ttlMs: number; max?: number }) => {
  const entries = new LRUCache<string, Entry>({ max, ttl: Math.max(1, ttlMs) });
  // Bumped on every forget: a lookup that started before a revocation must not store its
  // (now stale) answer after it.
  let generation = 0;
  const enabled = ttlMs > 0;

  return {
    get: (token: string) => (enabled ? (entries.get(token)?.userId ?? null) : null),
    /** The generation to hand back to `set` once the database has answered. */
    begin: () => generation,
    set: (token: string, userId: string, expiresAt: Date, startedAt: number) => {
      if (!enabled || startedAt !== generation) return;
      const left = expiresAt.getTime() - Date.now();
      if (left <= 0) return;
      entries.set(token, { userId }, { ttl: Math.min(ttlMs, left) });
    },
    forget: (token: string) => {
      generation++;
      entries.delete(token);
    },
  };
};

export type SessionCache = ReturnType<typeof createSessionCache>;
