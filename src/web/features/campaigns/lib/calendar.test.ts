import { describe, expect, it } from 'vitest';
import { assignLanes, barPiece, dayKeyInZone, monthWeeks, shiftMonth } from './calendar';

describe('month calendar (docs/product/campaigns.md rule 1)', () => {
  it('starts weeks on Monday and keeps the outside days, marked', () => {
    // November 2026 starts on a Sunday and ends on a Monday.
    const weeks = monthWeeks({ year: 2026, month: 10 });
    expect(weeks).toHaveLength(6);
    expect(weeks.every((w) => w.length === 7)).toBe(true);
    expect(weeks[0]![0]).toEqual({ key: '2026-10-26', dayOfMonth: 26, inMonth: false });
    expect(weeks[0]![6]).toEqual({ key: '2026-11-01', dayOfMonth: 1, inMonth: true });
    expect(weeks[5]![0]).toEqual({ key: '2026-11-30', dayOfMonth: 30, inMonth: true });
    expect(weeks[5]![6]).toEqual({ key: '2026-12-06', dayOfMonth: 6, inMonth: false });
    expect(weeks.flat().filter((d) => d.inMonth)).toHaveLength(30);
  });

  it('has no outside days when the month starts on a Monday and ends on a Sunday', () => {
    // February 2027: Monday the 1st to Sunday the 28th.
    const weeks = monthWeeks({ year: 2027, month: 1 });
    expect(weeks).toHaveLength(4);
    expect(weeks.flat().every((d) => d.inMonth)).toBe(true);
  });

  it('moves across years', () => {
    expect(shiftMonth({ year: 2026, month: 11 }, 1)).toEqual({ year: 2027, month: 0 });
    expect(shiftMonth({ year: 2026, month: 0 }, -1)).toEqual({ year: 2025, month: 11 });
  });

  it('puts an instant on its day in the campaign zone', () => {
    expect(dayKeyInZone('2026-11-25T02:00:00.000Z', 'UTC')).toBe('2026-11-25');
    expect(dayKeyInZone('2026-11-25T02:00:00.000Z', 'America/Los_Angeles')).toBe('2026-11-24');
    expect(dayKeyInZone('2026-11-25T23:30:00.000Z', 'Europe/Madrid')).toBe('2026-11-26');
    expect(dayKeyInZone('2026-11-25T02:00:00.000Z', 'Not/AZone')).toBe('2026-11-25');
    expect(dayKeyInZone('garbage', 'UTC')).toBeNull();
  });

  it('gives overlapping campaigns their own lanes, reused once one ends', () => {
    const weeks = monthWeeks({ year: 2026, month: 10 });
    const lanes = assignLanes(
      [
        { id: 'a', startDate: '2026-11-02', endDate: '2026-11-09' },
        { id: 'b', startDate: '2026-11-05', endDate: '2026-11-12' },
        { id: 'c', startDate: '2026-11-10', endDate: '2026-11-20' },
        { id: 'old', startDate: '2026-01-01', endDate: '2026-01-08' },
      ],
      weeks,
    );
    expect(lanes.get('a')).toBe(0);
    expect(lanes.get('b')).toBe(1);
    expect(lanes.get('c')).toBe(0);
    expect(lanes.has('old')).toBe(false);
  });

  it('rounds a bar where it starts and ends, and where a week cuts it', () => {
    const c = { startDate: '2026-11-04', endDate: '2026-11-10' };
    expect(barPiece(c, '2026-11-03', '2026-11-02', '2026-11-08')).toBeNull();
    expect(barPiece(c, '2026-11-04', '2026-11-02', '2026-11-08')).toEqual({
      starts: true,
      ends: false,
    });
    expect(barPiece(c, '2026-11-08', '2026-11-02', '2026-11-08')).toEqual({
      starts: false,
      ends: true,
    });
    expect(barPiece(c, '2026-11-09', '2026-11-09', '2026-11-15')).toEqual({
      starts: true,
      ends: false,
    });
    expect(barPiece(c, '2026-11-10', '2026-11-09', '2026-11-15')).toEqual({
      starts: false,
      ends: true,
    });
  });
});
