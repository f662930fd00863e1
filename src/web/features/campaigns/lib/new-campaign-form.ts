/**
 * The "New Campaign" dialog's rules (docs/product/campaigns.md rule 2): defaults, the time zones
 * offered, the cadence range and the list of specific dates, kept apart from the markup so they are
 * tested as plain functions.
 */
import {
  CAMPAIGN_CADENCE_DEFAULT_HOURS as CADENCE_DEFAULT_HOURS,
  CAMPAIGN_CADENCE_MAX_HOURS as CADENCE_MAX_HOURS,
  CAMPAIGN_CADENCE_MIN_HOURS as CADENCE_MIN_HOURS,
  CAMPAIGN_DEFAULT_SPAN_DAYS as DEFAULT_SPAN_DAYS,
  CAMPAIGN_FALLBACK_TIMEZONE,
  CAMPAIGN_MAX_DAYS,
  CAMPAIGN_MAX_ITEMS,
  CAMPAIGN_TIMEZONES,
} from '#contract/campaigns';
import type { TCreateCampaignRequest } from '#contract/campaigns';

export { CADENCE_DEFAULT_HOURS, CADENCE_MAX_HOURS, CADENCE_MIN_HOURS };
export const DEFAULT_DAILY_TIME = '06:00';

/**
 * The browser's zone, or UTC when it cannot say (docs/product/campaigns.md rule 2: fallback UTC).
 */
export const userTimeZone = (): string => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || CAMPAIGN_FALLBACK_TIMEZONE;
  } catch {
    return CAMPAIGN_FALLBACK_TIMEZONE;
  }
};

/** docs/product/campaigns.md rule 2: the user's zone first, then the listed ones, each once. */
export const timeZoneOptions = (own: string = userTimeZone()): string[] => [
  ...new Set([own, ...CAMPAIGN_TIMEZONES]),
];

export type ScheduleMode = 'interval' | 'dates';

export type NewCampaignForm = {
  name: string;
  productId: string;
  startDate: string;
  endDate: string;
  timezone: string;
  scheduleMode: ScheduleMode;
  cadenceHours: number;
  dailyTime: string;
  customDates: string[];
  goal: string;
};

const pad = (n: number) => String(n).padStart(2, '0');

/** "YYYY-MM-DD" of a date as the user's own calendar shows it. */
export const localDateKey = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

export const addDaysToKey = (key: string, days: number) =>
  new Date(Date.parse(`${key}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * docs/product/campaigns.md rule 2: today to today + 7 days, the user's zone, every 24 h, 06:00, by
 * interval.
 */
export const defaultNewCampaignForm = (
  now: Date = new Date(),
  productId = '',
  timezone: string = userTimeZone(),
): NewCampaignForm => {
  const today = localDateKey(now);
  return {
    name: '',
    productId,
    startDate: today,
    endDate: addDaysToKey(today, DEFAULT_SPAN_DAYS),
    timezone,
    scheduleMode: 'interval',
    cadenceHours: CADENCE_DEFAULT_HOURS,
    dailyTime: DEFAULT_DAILY_TIME,
    customDates: [],
    goal: '',
  };
};

export const clampCadence = (hours: number) =>
  Number.isFinite(hours)
    ? Math.min(CADENCE_MAX_HOURS, Math.max(CADENCE_MIN_HOURS, Math.round(hours)))
    : CADENCE_DEFAULT_HOURS;

/** A "YYYY-MM-DDTHH:mm" value as a date-time input gives it (seconds dropped). */
const normaliseLocal = (value: string) => value.trim().slice(0, 16);

/**
 * docs/product/campaigns.md rule 2: duplicate specific dates are dropped; the list is kept in time
 * order.
 */
export const addCustomDate = (dates: readonly string[], value: string): string[] => {
  const next = normaliseLocal(value);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(next)) return [...dates];
  return [...new Set([...dates, next])].sort();
};

export const removeCustomDate = (dates: readonly string[], value: string): string[] =>
  dates.filter((d) => d !== value);

/** docs/product/campaigns.md rule 2: Create is disabled unless name and product are set. */
export const canCreate = (form: Pick<NewCampaignForm, 'name' | 'productId'>) =>
  form.name.trim().length > 0 && form.productId.length > 0;

/** Why the form cannot be sent as it is (dates the wrong way round, no date to post on). */
export const formProblem = (form: NewCampaignForm): string | null => {
  if (!form.startDate || !form.endDate) return 'Choose the start and end dates.';
  if (form.endDate < form.startDate) return 'The end date is before the start date.';
  if (daysInclusive(form.startDate, form.endDate) > CAMPAIGN_MAX_DAYS) {
    return `A campaign spans at most ${CAMPAIGN_MAX_DAYS} days.`;
  }
  if (form.scheduleMode === 'dates' && form.customDates.length === 0) {
    return 'Add at least one date.';
  }
  return null;
};

/**
 * POST /api/campaigns body (docs/product/campaigns.md rule 2); the daily time is the preview's
 * only.
 */
export const toCreateRequest = (form: NewCampaignForm): TCreateCampaignRequest => ({
  name: form.name.trim(),
  productId: form.productId,
  startDate: form.startDate,
  endDate: form.endDate,
  timezone: form.timezone,
  cadenceHours: clampCadence(form.cadenceHours),
  scheduleMode: form.scheduleMode,
  customDates: form.scheduleMode === 'dates' ? form.customDates : [],
  goal: form.goal.trim(),
});

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

export const daysInclusive = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

/**
 * The posting times the dialog previews, as wall-clock "YYYY-MM-DDTHH:mm" in the campaign's zone:
 * by interval, the start date at the daily time and then every cadence hours until the end date
 * is over (the server's rule, decision 047; a clock change can move a preview time by an hour);
 * by dates, the dates themselves.
 */
export const previewSlots = (form: NewCampaignForm): string[] => {
  if (form.scheduleMode === 'dates') return form.customDates.slice(0, CAMPAIGN_MAX_ITEMS);
  if (!form.startDate || !form.endDate || form.endDate < form.startDate) return [];
  const [hour = 6, minute = 0] = form.dailyTime.split(':').map(Number);
  const first = Date.parse(`${form.startDate}T00:00:00Z`) + (hour * 60 + minute) * 60_000;
  const end = Date.parse(`${form.endDate}T00:00:00Z`) + DAY_MS;
  const step = clampCadence(form.cadenceHours) * HOUR_MS;
  const slots: string[] = [];
  for (let at = first; at < end && slots.length < CAMPAIGN_MAX_ITEMS; at += step) {
    slots.push(new Date(at).toISOString().slice(0, 16));
  }
  return slots;
};

/** "Tue 25 Nov, 06:00" for a wall-clock "YYYY-MM-DDTHH:mm". */
export const wallClockLabel = (local: string) =>
  new Intl.DateTimeFormat(undefined, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
  }).format(new Date(`${local}:00Z`));
