import { beforeEach, describe, expect, it, vi } from 'vitest';
import { hookHistoryKey, hooksToExclude, readHookHistory, rememberHook } from './hook-history';

const stored = (productId: string): unknown =>
  JSON.parse(localStorage.getItem(`ugc:hooks-history:${productId}`) ?? 'null');

beforeEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('hook history', () => {
  it('stores under ugc:hooks-history:{productId}, most recent first, per product', () => {
    expect(hookHistoryKey('p1')).toBe('ugc:hooks-history:p1');
    expect(readHookHistory('p1')).toEqual([]);
    rememberHook('p1', 'First serum hook');
    rememberHook('p1', '  Second serum hook ');
    rememberHook('p2', 'Blender hook');
    expect(stored('p1')).toEqual(['Second serum hook', 'First serum hook']);
    expect(readHookHistory('p1')).toEqual(['Second serum hook', 'First serum hook']);
    expect(readHookHistory('p2')).toEqual(['Blender hook']);
  });

  it('moves a hook used again to the front, whatever its case', () => {
    rememberHook('p1', 'Serum hook A');
    rememberHook('p1', 'Serum hook B');
    rememberHook('p1', 'SERUM HOOK a');
    expect(readHookHistory('p1')).toEqual(['SERUM HOOK a', 'Serum hook B']);
  });

  it('ignores an empty hook', () => {
    rememberHook('p1', 'Serum hook');
    rememberHook('p1', '   ');
    expect(readHookHistory('p1')).toEqual(['Serum hook']);
  });

  it('keeps the last 50 and excludes the last 30', () => {
    for (let i = 1; i <= 60; i++) rememberHook('p1', `Hook ${i}`);
    const history = readHookHistory('p1');
    expect(history).toHaveLength(50);
    expect(history[0]).toBe('Hook 60');
    expect(history.at(-1)).toBe('Hook 11');
    expect(stored('p1')).toEqual(history);

    const exclude = hooksToExclude('p1');
    expect(exclude).toHaveLength(30);
    expect(exclude[0]).toBe('Hook 60');
    expect(exclude.at(-1)).toBe('Hook 31');
  });

  it('reads corrupt or foreign stored data as no history, and recovers on the next use', () => {
    localStorage.setItem('ugc:hooks-history:p1', '{not json');
    expect(readHookHistory('p1')).toEqual([]);
    expect(hooksToExclude('p1')).toEqual([]);
    rememberHook('p1', 'Serum hook');
    expect(stored('p1')).toEqual(['Serum hook']);

    localStorage.setItem('ugc:hooks-history:p2', JSON.stringify({ hooks: ['x'] }));
    expect(readHookHistory('p2')).toEqual([]);
    localStorage.setItem('ugc:hooks-history:p3', JSON.stringify(['A', 7, null, 'a', 'B']));
    expect(readHookHistory('p3')).toEqual(['A', 'B']);
  });

  it('survives a storage that refuses to write', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(rememberHook('p1', 'Serum hook')).toEqual(['Serum hook']);
    expect(readHookHistory('p1')).toEqual([]);
  });
});
