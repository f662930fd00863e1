import { describe, expect, it } from 'vitest';
import type { SlotCampaign } from './campaign-slots';
import {
  atDailyTime,
  campaignSlots,
  formatLocal,
  instantToLocal,
  localToInstant,
  normaliseCustomDates,
  parseLocal,
} from './campaign-slots';

const base: SlotCampaign = {
  startDate: '2026-11-24',
  endDate: '2026-11-30',
  timezone: 'UTC',
  cadenceHours: 24,
  scheduleMode: 'interval',
  customDates: [],
};
const iso = (dates: Date[]) => dates.map((d) => d.toISOString());
const local = (dates: Date[], tz: string) => dates.map((d) => formatLocal(instantToLocal(d, tz)));

describe('campaign slots', () => {
  it('puts one slot a day at 06:00 from the start date to the end date, both included', () => {
    const slots = campaignSlots(base);
    expect(slots).toHaveLength(7);
    expect(iso(slots)[0]).toBe('2026-11-24T06:00:00.000Z');
    expect(iso(slots)[6]).toBe('2026-11-30T06:00:00.000Z');
  });

  it('reads the days in the campaign time zone', () => {
    const slots = campaignSlots({ ...base, timezone: 'America/Los_Angeles' });
    // 06:00 in Los Angeles (PST, UTC−8) is 14:00 UTC.
    expect(iso(slots)[0]).toBe('2026-11-24T14:00:00.000Z');
    expect(local(slots, 'America/Los_Angeles')).toEqual(
      ['24', '25', '26', '27', '28', '29', '30'].map((d) => `2026-11-${d}T06:00`),
    );
  });

  it('steps by the cadence in hours, ending with the end date', () => {
    const slots = campaignSlots({ ...base, endDate: '2026-11-25', cadenceHours: 6 });
    expect(local(slots, 'UTC')).toEqual([
      '2026-11-24T06:00',
      '2026-11-24T12:00',
      '2026-11-24T18:00',
      '2026-11-25T00:00',
      '2026-11-25T06:00',
      '2026-11-25T12:00',
      '2026-11-25T18:00',
    ]);
    const weekly = campaignSlots({ ...base, endDate: '2026-12-20', cadenceHours: 168 });
    expect(local(weekly, 'UTC')).toEqual([
      '2026-11-24T06:00',
      '2026-12-01T06:00',
      '2026-12-08T06:00',
      '2026-12-15T06:00',
    ]);
  });

  it('keeps a daily slot at 06:00 local across both clock changes, none lost or doubled', () => {
    const spring = campaignSlots({
      ...base,
      startDate: '2026-03-27',
      endDate: '2026-03-31',
      timezone: 'Europe/Madrid',
    });
    expect(local(spring, 'Europe/Madrid')).toEqual(
      ['27', '28', '29', '30', '31'].map((d) => `2026-03-${d}T06:00`),
    );
    // The 29th has 23 hours: the real gap between the slots around it is 23 h.
    expect(spring[3]!.getTime() - spring[2]!.getTime()).toBe(24 * 3_600_000);
    expect(spring[2]!.getTime() - spring[1]!.getTime()).toBe(23 * 3_600_000);
    const autumn = campaignSlots({
      ...base,
      startDate: '2026-10-31',
      endDate: '2026-11-02',
      timezone: 'America/New_York',
    });
    expect(local(autumn, 'America/New_York')).toEqual([
      '2026-10-31T06:00',
      '2026-11-01T06:00',
      '2026-11-02T06:00',
    ]);
    expect(autumn[1]!.getTime() - autumn[0]!.getTime()).toBe(25 * 3_600_000);
  });

  it('keeps sub-daily cadences evenly spaced in real time across a clock change', () => {
    const slots = campaignSlots({
      ...base,
      startDate: '2026-10-24',
      endDate: '2026-10-26',
      timezone: 'Europe/Madrid',
      cadenceHours: 6,
    });
    // From 06:00 on the 24th to midnight after the 26th is 67 real hours (the 25th has 25):
    // 12 slots every 6 h, each exactly 6 h after the last; the clock change shifts the local
    // times of the later ones by an hour (17:00 becomes 16:00, the last is 23:00).
    const gaps = slots.slice(1).map((s, i) => s.getTime() - slots[i]!.getTime());
    expect(new Set(gaps)).toEqual(new Set([6 * 3_600_000]));
    expect(slots).toHaveLength(12);
    expect(new Set(iso(slots)).size).toBe(slots.length);
    expect(local(slots, 'Europe/Madrid').at(-1)).toBe('2026-10-26T23:00');
  });

  it('reads a time the clocks skip as just after the gap, and a repeated one as its first', () => {
    const skipped = localToInstant(parseLocal('2026-03-29T02:30'), 'Europe/Madrid');
    expect(skipped.toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(formatLocal(instantToLocal(skipped, 'Europe/Madrid'))).toBe('2026-03-29T03:30');
    const twice = localToInstant(parseLocal('2026-10-25T02:30'), 'Europe/Madrid');
    expect(twice.toISOString()).toBe('2026-10-25T00:30:00.000Z');
    const nyTwice = localToInstant(parseLocal('2026-11-01T01:30'), 'America/New_York');
    expect(nyTwice.toISOString()).toBe('2026-11-01T05:30:00.000Z');
  });

  it('uses specific dates in their zone, sorted, with duplicates dropped', () => {
    const slots = campaignSlots({
      ...base,
      scheduleMode: 'dates',
      timezone: 'Europe/Madrid',
      customDates: [
        '2026-11-26T18:00',
        '2026-11-25T09:30',
        '2026-11-26T18:00:00',
        '2026-11-25T09:30',
      ],
    });
    expect(iso(slots)).toEqual(['2026-11-25T08:30:00.000Z', '2026-11-26T17:00:00.000Z']);
    expect(
      normaliseCustomDates(['2026-11-26T18:00:00', '2026-11-25T09:30', '2026-11-26T18:00']),
    ).toEqual(['2026-11-25T09:30', '2026-11-26T18:00']);
  });

  it('moves an instant to another time of the same local day', () => {
    const at = atDailyTime(new Date('2026-11-24T23:30:00Z'), 'America/New_York', {
      hour: 9,
      minute: 15,
    });
    // 18:30 on the 24th in New York; 09:15 that day is 14:15 UTC.
    expect(at.toISOString()).toBe('2026-11-24T14:15:00.000Z');
  });
});
