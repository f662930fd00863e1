import { describe, expect, it } from 'vitest';
import { clampPage, pageCount, pageItems } from './paging';

const items = Array.from({ length: 26 }, (_, i) => i);

describe('paging', () => {
  it('counts pages of 12, with one page for an empty list', () => {
    expect(pageCount(26, 12)).toBe(3);
    expect(pageCount(24, 12)).toBe(2);
    expect(pageCount(0, 12)).toBe(1);
  });
  it('slices a page and clamps out-of-range pages', () => {
    expect(pageItems(items, 0, 12)).toEqual(items.slice(0, 12));
    expect(pageItems(items, 2, 12)).toEqual([24, 25]);
    expect(pageItems(items, 9, 12)).toEqual([24, 25]);
    expect(clampPage(-1, 26, 12)).toBe(0);
    expect(clampPage(5, 0, 12)).toBe(0);
  });
});
