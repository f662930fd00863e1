/**
 * Seeded randomness, for the starter library (the same seed always draws the same image, so the
 * library is identical on every machine and a regenerated cache imports as "nothing new") and
 * the local AI writer (the same product and seed always give the same copy).
 */
export type Rng = {
  /** A float in [0, 1). */
  next: () => number;
  range: (min: number, max: number) => number;
  /** An integer in [min, max]. */
  int: (min: number, max: number) => number;
  pick: <T>(items: readonly T[]) => T;
  chance: (p: number) => boolean;
  /** A copy in random order. */
  shuffle: <T>(items: readonly T[]) => T[];
};

/** FNV-1a: turns a text seed ("ocean-calm#3") into a 32-bit number. */
export const hashSeed = (text: string): number => {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
};

/** mulberry32: tiny, fast and well distributed enough for drawing. */
export const createRng = (seed: number | string): Rng => {
  let state = typeof seed === 'string' ? hashSeed(seed) : seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const range = (min: number, max: number) => min + next() * (max - min);
  const int = (min: number, max: number) => Math.floor(range(min, max + 1));
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.min(items.length - 1, Math.floor(next() * items.length))] as T;
  };
  const shuffle = <T>(items: readonly T[]): T[] => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy;
  };
  return { next, range, int, pick, chance: (p) => next() < p, shuffle };
};
