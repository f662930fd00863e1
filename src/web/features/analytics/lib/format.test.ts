import { describe, expect, it } from 'vitest';
import { formatCount, formatDay, formatRate } from './format';

describe('analytics formats', () => {
  it('counts in full below ten thousand, compact above', () => {
    expect(formatCount(9_876)).toBe('9,876');
    expect(formatCount(12_345)).toBe('12.3K');
  });
  it('rates as percentages, none without views', () => {
    expect(formatRate(0.0423)).toBe('4.2%');
    expect(formatRate(null)).toBe('—');
  });
  it('days as day and month', () => {
    expect(formatDay('2026-11-24')).toBe('24 Nov');
  });
});
