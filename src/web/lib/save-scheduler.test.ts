import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SaveStatus } from './save-scheduler';
import { createSaveScheduler } from './save-scheduler';

/** A save whose completion the test controls. */
const controllableSave = () => {
  const calls: { payload: string; resolve: () => void; reject: (e: Error) => void }[] = [];
  const save = vi.fn(
    (payload: string) =>
      new Promise<void>((resolve, reject) => {
        calls.push({ payload, resolve, reject });
      }),
  );
  return { save, calls };
};

describe('createSaveScheduler', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('saves once, 800 ms after the last of several quick changes, with the newest payload', async () => {
    const { save, calls } = controllableSave();
    const scheduler = createSaveScheduler({ delayMs: 800, save });
    scheduler.schedule('a');
    await vi.advanceTimersByTimeAsync(500);
    scheduler.schedule('ab');
    await vi.advanceTimersByTimeAsync(799);
    expect(save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledTimes(1);
    expect(calls[0]?.payload).toBe('ab');
  });

  it('keeps a change made while a save is in flight and saves it after, never two at once', async () => {
    const { save, calls } = controllableSave();
    const statuses: SaveStatus[] = [];
    const scheduler = createSaveScheduler({
      delayMs: 800,
      save,
      onStatus: (s) => statuses.push(s),
    });
    scheduler.schedule('v1');
    await vi.advanceTimersByTimeAsync(800);
    expect(save).toHaveBeenCalledTimes(1);

    // The user keeps typing while v1 is on its way; the quiet period passes before it returns.
    scheduler.schedule('v2');
    await vi.advanceTimersByTimeAsync(800);
    expect(save).toHaveBeenCalledTimes(1);

    calls[0]?.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(save).toHaveBeenCalledTimes(2);
    expect(calls[1]?.payload).toBe('v2');
    calls[1]?.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(statuses.at(-1)).toBe('saved');
  });

  it('waits for the quiet period of a change made during a save that ends first', async () => {
    const { save, calls } = controllableSave();
    const scheduler = createSaveScheduler({ delayMs: 800, save });
    scheduler.schedule('v1');
    await vi.advanceTimersByTimeAsync(800);
    scheduler.schedule('v2');
    calls[0]?.resolve();
    await vi.advanceTimersByTimeAsync(100);
    expect(save).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(700);
    expect(save).toHaveBeenCalledTimes(2);
    expect(calls[1]?.payload).toBe('v2');
  });

  it('still saves the next change after a failed save, and reports the failure', async () => {
    const { save, calls } = controllableSave();
    const statuses: SaveStatus[] = [];
    const scheduler = createSaveScheduler({
      delayMs: 800,
      save,
      onStatus: (s) => statuses.push(s),
    });
    scheduler.schedule('v1');
    await vi.advanceTimersByTimeAsync(800);
    calls[0]?.reject(new Error('offline'));
    await vi.advanceTimersByTimeAsync(0);
    expect(statuses.at(-1)).toBe('error');
    scheduler.schedule('v2');
    await vi.advanceTimersByTimeAsync(800);
    expect(calls[1]?.payload).toBe('v2');
  });

  it('flush saves the pending change at once, after any save in flight', async () => {
    const { save, calls } = controllableSave();
    const scheduler = createSaveScheduler({ delayMs: 800, save });
    scheduler.schedule('v1');
    await vi.advanceTimersByTimeAsync(800);
    scheduler.schedule('v2');
    const flushed = scheduler.flush();
    scheduler.dispose();
    expect(save).toHaveBeenCalledTimes(1);
    calls[0]?.resolve();
    await vi.advanceTimersByTimeAsync(0);
    expect(save).toHaveBeenCalledTimes(2);
    expect(calls[1]?.payload).toBe('v2');
    calls[1]?.resolve();
    await flushed;
    // Disposed: nothing runs later and new changes are ignored.
    scheduler.schedule('v3');
    await vi.advanceTimersByTimeAsync(5000);
    expect(save).toHaveBeenCalledTimes(2);
  });

  it('flush with nothing pending does not save', async () => {
    const { save } = controllableSave();
    const scheduler = createSaveScheduler({ delayMs: 800, save });
    await scheduler.flush();
    expect(save).not.toHaveBeenCalled();
  });
});
