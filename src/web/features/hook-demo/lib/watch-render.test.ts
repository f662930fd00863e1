import { describe, expect, it } from 'vitest';
import type { RenderPhase } from './render-progress';
import { watchRender } from './watch-render';

type Status = { status: string; url?: string | null; error?: string | null };

/** A clock that only moves when the watcher sleeps. */
const bench = (answers: (Status | Error)[]) => {
  let now = 0;
  const sleeps: number[] = [];
  const phases: RenderPhase[] = [];
  let call = 0;
  const controller = new AbortController();
  const run = (timeoutMs = 600_000) =>
    watchRender({
      check: async () => {
        const answer = answers[Math.min(call++, answers.length - 1)]!;
        if (answer instanceof Error) throw answer;
        return { id: 'r1', progress: 0, url: null, error: null, ...answer } as never;
      },
      env: 'stage',
      onPhase: (p) => phases.push(p),
      pollMs: 5000,
      timeoutMs,
      signal: controller.signal,
      now: () => now,
      sleep: async (ms) => {
        sleeps.push(ms);
        now += ms;
      },
    });
  return { run, sleeps, phases, controller, calls: () => call };
};

describe('watchRender', () => {
  it('asks every 5 s through the statuses until done with a URL', async () => {
    const b = bench([
      { status: 'queued' },
      { status: 'fetching' },
      { status: 'rendering' },
      { status: 'saving' },
      { status: 'done', url: null },
      { status: 'done', url: '/files/r1.mp4' },
    ]);
    expect(await b.run()).toEqual({ kind: 'done', url: '/files/r1.mp4' });
    expect(b.sleeps).toEqual([5000, 5000, 5000, 5000, 5000]);
    expect(b.phases.map((p) => [p.progress, p.text])).toEqual([
      [10, 'Rendering with Shotstack...'],
      [10, 'Rendering with Shotstack...'],
      [70, 'Rendering...'],
      [90, 'Saving...'],
      [90, 'Render complete, awaiting URL'],
      [100, 'Render complete'],
    ]);
  });

  it("ends on failure with the server's words, or the product's", async () => {
    expect(await bench([{ status: 'failed', error: 'Bad clip' }]).run()).toEqual({
      kind: 'failed',
      error: 'Bad clip',
    });
    expect(await bench([{ status: 'failed' }]).run()).toEqual({
      kind: 'failed',
      error: 'Video rendering failed',
    });
  });

  it('asks again after a status call fails', async () => {
    const b = bench([new Error('offline'), { status: 'done', url: '/files/r1.mp4' }]);
    expect(await b.run()).toEqual({ kind: 'done', url: '/files/r1.mp4' });
    expect(b.calls()).toBe(2);
  });

  it('gives up watching after 10 minutes', async () => {
    const b = bench([{ status: 'rendering' }]);
    expect(await b.run()).toEqual({ kind: 'timeout' });
    // Asked at 0 s, 5 s, … and a last time at 600 s.
    expect(b.calls()).toBe(121);
    expect(b.sleeps.reduce((a, s) => a + s, 0)).toBeLessThanOrEqual(600_000);
  });

  it('stops when the editor is left', async () => {
    const b = bench([{ status: 'rendering' }]);
    b.controller.abort();
    expect(await b.run()).toEqual({ kind: 'cancelled' });
    expect(b.calls()).toBe(0);
  });
});
