/**
 * The month calendar of docs/product/campaigns.md rule 1 as plain data: weeks start on Monday, days
 * outside the month are kept (dimmed on screen) so every week is whole. Days are "YYYY-MM-DD" keys,
 * compared as strings, so no time zone can move a campaign's bar by a day.
 */
export type CalendarDay = { key: string; dayOfMonth: number; inMonth: boolean };
export type MonthRef = { year: number; month: number };

const DAY_MS = 86_400_000;

const keyOf = (time: number) => new Date(time).toISOString().slice(0, 10);

export const monthWeeks = ({ year, month }: MonthRef): CalendarDay[][] => {
  const first = Date.UTC(year, month, 1);
  const last = Date.UTC(year, month + 1, 0);
  const mondayOffset = (new Date(first).getUTCDay() + 6) % 7;
  const sundayOffset = 6 - ((new Date(last).getUTCDay() + 6) % 7);
  const weeks: CalendarDay[][] = [];
  for (let t = first - mondayOffset * DAY_MS; t <= last + sundayOffset * DAY_MS; t += DAY_MS) {
    const date = new Date(t);
    if (weeks.length === 0 || weeks[weeks.length - 1]!.length === 7) weeks.push([]);
    weeks[weeks.length - 1]!.push({
      key: keyOf(t),
      dayOfMonth: date.getUTCDate(),
      inMonth: date.getUTCMonth() === month,
    });
  }
  return weeks;
};

export const shiftMonth = ({ year, month }: MonthRef, by: number): MonthRef => {
  const date = new Date(Date.UTC(year, month + by, 1));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() };
};

/** "November 2026". */
export const monthTitle = ({ year, month }: MonthRef, locale?: string) =>
  new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    Date.UTC(year, month, 1),
  );

/** "Monday, 24 November 2026": the accessible name of a day cell. */
export const dayLabel = (key: string, locale?: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' }).format(
    new Date(`${key}T00:00:00Z`),
  );

export const WEEKDAY_NAMES = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

/** The day (YYYY-MM-DD) an instant falls on in a time zone; an unknown zone reads as UTC. */
export const dayKeyInZone = (iso: string, timeZone: string): string | null => {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return null;
  const format = (zone: string) =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(time);
  try {
    return format(timeZone);
  } catch {
    return format('UTC');
  }
};

/** The month an instant or a day key belongs to, for opening the calendar on it. */
export const monthOfKey = (key: string): MonthRef => ({
  year: Number(key.slice(0, 4)),
  month: Number(key.slice(5, 7)) - 1,
});

type Span = { id: string; startDate: string; endDate: string };

/**
 * Each campaign gets one lane (a row inside the day cells) for the whole month, the first free
 * one when it starts, so its bar stays straight from week to week and never overlaps another.
 */
export const assignLanes = <T extends Span>(
  campaigns: readonly T[],
  weeks: readonly CalendarDay[][],
): Map<string, number> => {
  const from = weeks[0]?.[0]?.key ?? '';
  const to = weeks[weeks.length - 1]?.[6]?.key ?? '';
  const visible = campaigns
    .filter((c) => c.startDate <= to && c.endDate >= from)
    .sort((a, b) => a.startDate.localeCompare(b.startDate) || a.id.localeCompare(b.id));
  const laneEnds: string[] = [];
  const lanes = new Map<string, number>();
  for (const c of visible) {
    let lane = laneEnds.findIndex((end) => end < c.startDate);
    if (lane === -1) lane = laneEnds.length;
    laneEnds[lane] = c.endDate;
    lanes.set(c.id, lane);
  }
  return lanes;
};

export type BarPiece = {
  /** Where the campaign's bar starts in this week (its first day, or Monday when it runs on). */
  starts: boolean;
  /** Its last day, or Sunday when it goes on into the next week. */
  ends: boolean;
};

/** How a campaign's bar looks on one day, or null when it does not run that day. */
export const barPiece = (
  campaign: Omit<Span, 'id'>,
  day: string,
  weekStart: string,
  weekEnd: string,
): BarPiece | null => {
  if (day < campaign.startDate || day > campaign.endDate) return null;
  return {
    starts: day === campaign.startDate || day === weekStart,
    ends: day === campaign.endDate || day === weekEnd,
  };
};
