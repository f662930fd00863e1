/**
 * The "New Campaign" dialog's rules (spec 02 §5, §9): defaults, the time zones offered, the
 * cadence range and the list of specific dates, kept apart from the markup so they are tested
 * as plain functions.
 */
export const CADENCE_MIN_HOURS = 6;
export const CADENCE_MAX_HOURS = 168;
export const CADENCE_DEFAULT_HOURS = 24;
export const DEFAULT_DAILY_TIME = '06:00';
export const DEFAULT_SPAN_DAYS = 7;

const LISTED_ZONES = [
  'UTC',
  'America/Mexico_City',
  'America/Bogota',
  'America/Los_Angeles',
  'America/New_York',
  'Europe/Madrid',
  'Europe/London',
] as const;

/** The browser's zone, or UTC when it cannot say (spec 02 §9: fallback UTC). */
export const userTimeZone = (): string => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
};

/** Spec 02 §9: the user's zone first, then the listed ones, each once. */
export const timeZoneOptions = (own: string = userTimeZone()): string[] => [
  ...new Set([own, ...LISTED_ZONES]),
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

/** Spec 02 §9: today to today + 7 days, the user's zone, every 24 h, 06:00, by interval. */
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

/** Spec 02 §5: duplicate specific dates are dropped; the list is kept in time order. */
export const addCustomDate = (dates: readonly string[], value: string): string[] => {
  const next = normaliseLocal(value);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(next)) return [...dates];
  return [...new Set([...dates, next])].sort();
};

export const removeCustomDate = (dates: readonly string[], value: string): string[] =>
  dates.filter((d) => d !== value);

/** Spec 02 §5: Create is disabled unless name and product are set. */
export const canCreate = (form: Pick<NewCampaignForm, 'name' | 'productId'>) =>
  form.name.trim().length > 0 && form.productId.length > 0;

/** Why the form cannot be sent as it is (dates the wrong way round, no date to post on). */
export const formProblem = (form: NewCampaignForm): string | null => {
  if (form.endDate < form.startDate) return 'The end date is before the start date.';
  if (form.scheduleMode === 'dates' && form.customDates.length === 0) {
    return 'Add at least one date.';
  }
  return null;
};

/** POST /api/campaigns body (spec 02 §7); the daily time is the preview's only. */
export const toCreateRequest = (form: NewCampaignForm) => ({
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
