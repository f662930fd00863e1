import { tzOffset } from '@date-fns/tz';
import {
  CAMPAIGN_DEFAULT_DAILY_HOUR,
  CAMPAIGN_DEFAULT_DAILY_MINUTE,
  CAMPAIGN_MAX_ITEMS,
} from '#contract/campaigns';

// Slots of a campaign in its time zone, across daylight-saving changes (decision 047).

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export type LocalTime = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second?: number;
};

/** "2026-11-24" or "2026-11-24T09:30[:00]" read as wall-clock parts. */
export const parseLocal = (text: string): LocalTime => {
  const [date, time = '00:00'] = text.split('T');
  const [year, month, day] = date!.split('-').map(Number) as [number, number, number];
  const [hour, minute, second = 0] = time.split(':').map(Number) as [number, number, number?];
  return { year, month, day, hour, minute, second };
};

const wallAsUtc = (t: LocalTime) =>
  Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second ?? 0);

/**
 * The instant a wall-clock time names in `timeZone`. A time that happens twice (the hour the
 * clocks go back) is its first occurrence; a time that never happens (the hour the clocks go
 * forward) moves forward by the gap, so 02:30 on the spring-forward night is 03:30.
 */
export const localToInstant = (t: LocalTime, timeZone: string): Date => {
  const wall = wallAsUtc(t);
  const offsets = [
    ...new Set([
      tzOffset(timeZone, new Date(wall - DAY_MS)),
      tzOffset(timeZone, new Date(wall + DAY_MS)),
    ]),
  ];
  const valid = offsets
    .map((minutes) => wall - minutes * 60_000)
    .filter((instant) => wallAsUtc(instantToLocal(new Date(instant), timeZone)) === wall);
  if (valid.length > 0) return new Date(Math.min(...valid));
  // In the gap: read with the offset in force before it, which lands just after it.
  return new Date(wall - tzOffset(timeZone, new Date(wall - DAY_MS)) * 60_000);
};

/** The wall-clock parts of an instant in `timeZone`. */
export const instantToLocal = (instant: Date, timeZone: string): LocalTime => {
  const shifted = new Date(instant.getTime() + tzOffset(timeZone, instant) * 60_000);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    second: shifted.getUTCSeconds(),
  };
};

const pad = (n: number) => String(n).padStart(2, '0');
/** YYYY-MM-DDTHH:mm, the form the dialog's date-time input gives. */
export const formatLocal = (t: LocalTime) =>
  `${t.year}-${pad(t.month)}-${pad(t.day)}T${pad(t.hour)}:${pad(t.minute)}`;
export const formatLocalDate = (t: LocalTime) => `${t.year}-${pad(t.month)}-${pad(t.day)}`;

/** The calendar day `days` after `date` (YYYY-MM-DD), as parts at the given time. */
const dayAfter = (date: string, days: number, hour: number, minute: number): LocalTime => {
  const d = new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour,
    minute,
  };
};

/** Whole calendar days from `from` to `to` (YYYY-MM-DD), inclusive of both. */
export const daysInclusive = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

export type SlotCampaign = {
  startDate: string;
  endDate: string;
  timezone: string;
  cadenceHours: number;
  scheduleMode: 'interval' | 'dates';
  customDates: string[];
};

export type DailyTime = { hour: number; minute: number };

const DEFAULT_DAILY_TIME: DailyTime = {
  hour: CAMPAIGN_DEFAULT_DAILY_HOUR,
  minute: CAMPAIGN_DEFAULT_DAILY_MINUTE,
};

/**
 * Interval slots: the first on the start date at the daily time, then one every cadenceHours
 * until the end date is over, in the campaign's time zone. A cadence of whole days keeps the
 * wall-clock time (06:00 stays 06:00 when the clocks change); any other cadence counts real
 * hours (every 6 h stays 6 h apart). Either way no slot is lost or doubled by a clock change.
 */
const intervalSlots = (c: SlotCampaign, daily: DailyTime): Date[] => {
  const end = localToInstant(dayAfter(c.endDate, 1, 0, 0), c.timezone).getTime();
  const slots: Date[] = [];
  if (c.cadenceHours % 24 === 0) {
    const stepDays = c.cadenceHours / 24;
    for (let k = 0; slots.length < CAMPAIGN_MAX_ITEMS; k++) {
      const at = localToInstant(
        dayAfter(c.startDate, k * stepDays, daily.hour, daily.minute),
        c.timezone,
      );
      if (at.getTime() >= end) break;
      slots.push(at);
    }
    return slots;
  }
  const first = localToInstant(dayAfter(c.startDate, 0, daily.hour, daily.minute), c.timezone);
  for (let k = 0; slots.length < CAMPAIGN_MAX_ITEMS; k++) {
    const at = new Date(first.getTime() + k * c.cadenceHours * HOUR_MS);
    if (at.getTime() >= end) break;
    slots.push(at);
  }
  return slots;
};

/**
 * Specific dates: each local date-time read in the campaign's time zone, duplicates dropped
 * (the same wall-clock text, or two texts naming the same instant), in time order.
 */
const dateSlots = (c: SlotCampaign): Date[] => {
  const instants = new Set(
    c.customDates.map((d) => localToInstant(parseLocal(d), c.timezone).getTime()),
  );
  return [...instants].sort((a, b) => a - b).map((ms) => new Date(ms));
};

/** The campaign's slots, in time order, at most CAMPAIGN_MAX_ITEMS. */
export const campaignSlots = (c: SlotCampaign, daily: DailyTime = DEFAULT_DAILY_TIME): Date[] =>
  (c.scheduleMode === 'dates' ? dateSlots(c) : intervalSlots(c, daily)).slice(
    0,
    CAMPAIGN_MAX_ITEMS,
  );

/** Specific dates as stored: normalised to YYYY-MM-DDTHH:mm, duplicates dropped, sorted. */
export const normaliseCustomDates = (dates: string[]) =>
  [...new Set(dates.map((d) => formatLocal(parseLocal(d))))].sort();

/** The same wall-clock day as `instant` in `timeZone`, at `daily` (for "Schedule All"). */
export const atDailyTime = (instant: Date, timeZone: string, daily: DailyTime): Date => {
  const local = instantToLocal(instant, timeZone);
  return localToInstant({ ...local, hour: daily.hour, minute: daily.minute, second: 0 }, timeZone);
};
