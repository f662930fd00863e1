import { useEffect, useState } from 'react';

/**
 * Steps 0, 1, …, count-1, 0, … every `intervalMs` (docs/product/create.md rule 2: thumbnails cycle
 * every 1 s).
 */
export const useCyclingIndex = (count: number, intervalMs: number) => {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (count < 2) return undefined;
    const id = setInterval(() => setTick((t) => t + 1), intervalMs);
    return () => clearInterval(id);
  }, [count, intervalMs]);
  return count > 0 ? tick % count : 0;
};
