import { describe, expect, it } from 'vitest';
import { takingTurns } from './taking-turns';

describe('takingTurns', () => {
  it('runs at most its slots at once, in the order given, and a failure lets the next start', async () => {
    const inTurn = takingTurns(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const work = (n: number, fail = false) =>
      inTurn(async () => {
        started.push(n);
        running++;
        most = Math.max(most, running);
        await new Promise((done) => setTimeout(done, 5));
        running--;
        if (fail) throw new Error(`work ${n} failed`);
        return n;
      });
    const results = await Promise.allSettled([work(1), work(2, true), work(3), work(4), work(5)]);
    expect(most).toBe(2);
    expect(started).toEqual([1, 2, 3, 4, 5]);
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
  });
});
