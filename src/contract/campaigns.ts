import { z } from 'zod';
import { ZCarouselPlanInput, ZSlide } from './drafts';

// Campaigns and their items (docs/product/campaigns.md). The server's rules behind
// them (slots, scheduling, automatic sending) are in docs/decisions/047–049.

/** docs/product/campaigns.md rule 2: cadence default 24 h, range 6–168. */
export const CAMPAIGN_CADENCE_MIN_HOURS = 6;
export const CAMPAIGN_CADENCE_MAX_HOURS = 168;
export const CAMPAIGN_CADENCE_DEFAULT_HOURS = 24;
/**
 * docs/product/campaigns.md rule 2: default daily time 06:00; interval slots start on the start
 * date at this time.
 */
export const CAMPAIGN_DEFAULT_DAILY_HOUR = 6;
export const CAMPAIGN_DEFAULT_DAILY_MINUTE = 0;
/** docs/product/campaigns.md rule 2: default span today to today + 7 days. */
export const CAMPAIGN_DEFAULT_SPAN_DAYS = 7;
/**
 * The copy promises 1–4 weeks; a campaign may span at most 31 days (start to end inclusive), so
 * the densest cadence (6 h) gives at most 124 slots, and a plan never has more items than that.
 */
export const CAMPAIGN_MAX_DAYS = 31;
export const CAMPAIGN_MAX_ITEMS = 124;
/** docs/product/campaigns.md rule 4: plan carousels have 6 slides. */
export const CAMPAIGN_PLAN_SLIDES = 6;
/**
 * docs/product/campaigns.md rule 2: the time zones the dialog offers (plus the user's own; any IANA
 * zone is accepted).
 */
export const CAMPAIGN_TIMEZONES = [
  'UTC',
  'America/Mexico_City',
  'America/Bogota',
  'America/Los_Angeles',
  'America/New_York',
  'Europe/Madrid',
  'Europe/London',
] as const;
export const CAMPAIGN_FALLBACK_TIMEZONE = 'UTC';

const isTimeZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

/** A calendar date, YYYY-MM-DD, that exists (no 2026-02-30). */
export const ZCalendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Use a date like 2026-11-24' })
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
  }, 'No such date');

/**
 * A local date-time as the dialog's date-time input gives it, YYYY-MM-DDTHH:mm (seconds
 * allowed), read in the campaign's time zone.
 */
export const ZLocalDateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/, {
    message: 'Use a date-time like 2026-11-24T09:30',
  })
  .refine((s) => {
    const d = new Date(`${s.length === 16 ? `${s}:00` : s}Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s.slice(0, 16));
  }, 'No such date-time');

export const ZTimeZone = z
  .string()
  .min(1)
  .max(64)
  .refine(isTimeZone, 'Unknown time zone; use an IANA name such as Europe/Madrid');

export const ZScheduleMode = z.enum(['interval', 'dates']);
export type TScheduleMode = z.infer<typeof ZScheduleMode>;

/** A campaign (docs/product/campaigns.md rule 2). */
export const ZCampaign = z.object({
  id: z.string(),
  name: z.string(),
  productId: z.string(),
  /** YYYY-MM-DD, in the campaign's time zone; both days included. */
  startDate: z.string(),
  endDate: z.string(),
  timezone: z.string(),
  cadenceHours: z.number(),
  scheduleMode: ZScheduleMode,
  /** Local date-times (YYYY-MM-DDTHH:mm) in the campaign's time zone, duplicates dropped, sorted. */
  customDates: z.array(z.string()),
  goal: z.string(),
  createdAt: z.string(),
});
export type TCampaign = z.infer<typeof ZCampaign>;

/** GET /api/campaigns → the caller's campaigns, newest first (a plain list, like products). */
export const ZListCampaignsResponse = z.array(ZCampaign);

/**
 * POST /api/campaigns (docs/product/campaigns.md rule 5). Free plans get 402 campaign_limit. The
 * span is at most CAMPAIGN_MAX_DAYS days; specific dates must fall between the start and end dates
 * (in the campaign's time zone) and are de-duplicated; the dates mode needs at least one.
 */
export const ZCreateCampaignRequest = z
  .object({
    name: z.string().trim().min(1, 'Enter the campaign name').max(120),
    productId: z.string().min(1).max(200),
    startDate: ZCalendarDate,
    endDate: ZCalendarDate,
    timezone: ZTimeZone.default(CAMPAIGN_FALLBACK_TIMEZONE),
    cadenceHours: z
      .number()
      .int('Cadence is a whole number of hours')
      .min(CAMPAIGN_CADENCE_MIN_HOURS)
      .max(CAMPAIGN_CADENCE_MAX_HOURS)
      .default(CAMPAIGN_CADENCE_DEFAULT_HOURS),
    scheduleMode: ZScheduleMode.default('interval'),
    customDates: z
      .array(ZLocalDateTime)
      .max(CAMPAIGN_MAX_ITEMS * 2)
      .default([]),
    goal: z.string().trim().max(2000).default(''),
  })
  .strict();
export type TCreateCampaignRequest = z.input<typeof ZCreateCampaignRequest>;

/** POST /api/campaigns → the campaign (its `id` is what the dialog reads). */
export const ZCreateCampaignResponse = ZCampaign;

export const ZCampaignItemType = z.enum(['carousel', 'video']);
export type TCampaignItemType = z.infer<typeof ZCampaignItemType>;

/**
 * Whether the item can be rendered and sent as it is. The server works it out from the item
 * itself (never from what a client claims): a carousel needs at least one slide with text and an
 * image; a video needs a hook, a character and a product video. `planned` is anything short of
 * that. A client may send `status` (docs/product/campaigns.md rule 7) and the answer carries the
 * status as judged.
 */
export const ZCampaignItemStatus = z.enum(['planned', 'assets_ready']);
export type TCampaignItemStatus = z.infer<typeof ZCampaignItemStatus>;

/**
 * The automatic sending of a scheduled item (decision 049). queued: waiting for its time (or
 * for its TikTok account to be reconnected, decision 101); rendering: slides or video being
 * made; sending: handed to TikTok; done: in the account's inbox; failed: stopped,
 * `last_error` says why in plain words; missed: its time passed while the server was down for
 * longer than the late-sending window (decision 048).
 */
export const ZCampaignJobStatus = z.enum([
  'queued',
  'rendering',
  'sending',
  'done',
  'failed',
  'missed',
]);
export type TCampaignJobStatus = z.infer<typeof ZCampaignJobStatus>;

export const ZCampaignLastJob = z.object({
  status: ZCampaignJobStatus,
  /** ISO date-time of the last change. */
  updated_at: z.string(),
  /**
   * Plain words for the user; null unless failed or missed (or sent late, with a note, or
   * queued and waiting for its TikTok account to be reconnected, decision 101).
   */
  last_error: z.string().nullable(),
});
export type TCampaignLastJob = z.infer<typeof ZCampaignLastJob>;

/**
 * The assets of a video item (and a carousel's templateId). Known keys are checked,
 * others kept.
 */
export const ZCampaignItemAssets = z
  .object({
    /** URL of the character image or clip (a premade's /media URL or the user's own). */
    selectedCharacter: z.string().max(2048).nullable().optional(),
    selectedCharacterId: z.string().max(200).nullable().optional(),
    /** Storage paths of the user's product videos (users/{userId}/product-videos/…). */
    productVideos: z.array(z.string().max(2048)).max(10).optional(),
    ugcMediaType: z.enum(['premade', 'custom']).optional(),
    textFontScale: z.number().min(0.5).max(2).optional(),
    textYOffset: z.number().min(-0.3).max(0.3).optional(),
    /** The hook read aloud under the hook part, where a voice is configured (decision 140). */
    hookVoice: z.boolean().optional(),
    originCampaignItemId: z.string().max(200).nullable().optional(),
    templateId: z.string().max(200).nullable().optional(),
  })
  .catchall(z.unknown());
export type TCampaignItemAssets = z.infer<typeof ZCampaignItemAssets>;

/** A campaign item (docs/product/campaigns.md rule 7). */
export const ZCampaignItem = z.object({
  id: z.string(),
  campaignId: z.string(),
  productId: z.string().nullable(),
  type: ZCampaignItemType,
  /** problem_solution, before_after, testimonial, listicle, demo, myth_buster, … */
  strategy: z.string(),
  hook: z.string().nullable(),
  caption: z.string().nullable(),
  hashtags: z.array(z.string()),
  carouselPlan: z.object({ slides: z.array(ZSlide) }).nullable(),
  assets: z.record(z.string(), z.unknown()),
  /** ISO date-time (UTC) it is sent at, or null when unscheduled. */
  dateScheduled: z.string().nullable(),
  status: ZCampaignItemStatus,
  createdAt: z.string(),
  /** The automatic sending, or null when it was never scheduled. */
  lastJob: ZCampaignLastJob.nullable(),
});
export type TCampaignItem = z.infer<typeof ZCampaignItem>;

/** GET /api/campaigns/{id}/items → items in date order (unscheduled ones by their plan slot). */
export const ZListCampaignItemsResponse = z.object({ items: z.array(ZCampaignItem) });
export type TListCampaignItemsResponse = z.infer<typeof ZListCampaignItemsResponse>;

/**
 * POST /api/campaigns/{id}/generate-plan, no body → the campaign's items. One item per slot that
 * has none yet, so calling it again only fills gaps and never duplicates. 402 campaign_limit on
 * the free plan; the AI allowance's 402/429 as the other AI calls.
 */
export const ZGeneratePlanResponse = z.object({ items: z.array(ZCampaignItem) });
export type TGeneratePlanResponse = z.infer<typeof ZGeneratePlanResponse>;

/**
 * When to send: an ISO date-time with a zone (…Z or …+02:00), or a local YYYY-MM-DDTHH:mm read
 * in the campaign's time zone; null unschedules. A past or unreadable date is 422
 * campaign_date_invalid; an item whose assets are not ready is 409 campaign_assets_not_ready.
 */
export const ZDateScheduledInput = z.union([
  z.iso.datetime({ offset: true }),
  ZLocalDateTime,
  z.null(),
]);

/**
 * PATCH /api/campaigns/{id}/items/{itemId} (docs/product/campaigns.md rule 7) → the updated item.
 * Every shape the editors send is a subset of this object: {carouselPlan}; {carouselPlan, caption};
 * {caption, hashtags, carouselPlan, status}; {hook, status}; {hook, productId, assets} (assets are
 * merged into the stored ones); {dateScheduled}. A carouselPlan on a video item is refused.
 * Changing the content of a scheduled item keeps its time; an item already sent (lastJob done)
 * refuses changes with 409 campaign_item_sent.
 */
export const ZPatchCampaignItemRequest = z
  .object({
    carouselPlan: ZCarouselPlanInput.optional(),
    caption: z.string().max(5000).nullable().optional(),
    hashtags: z.array(z.string().max(100)).max(50).optional(),
    status: ZCampaignItemStatus.optional(),
    hook: z.string().max(1000).nullable().optional(),
    productId: z.string().max(200).nullable().optional(),
    assets: ZCampaignItemAssets.optional(),
    dateScheduled: ZDateScheduledInput.optional(),
  })
  .strict()
  .refine((body) => Object.keys(body).length > 0, 'Send at least one field to change');
export type TPatchCampaignItemRequest = z.input<typeof ZPatchCampaignItemRequest>;

/**
 * POST /api/campaigns/{id}/schedule/bulk: every unsent item whose assets are ready is scheduled
 * at the preferred time of the campaign's time zone: interval campaigns re-anchor their slots at
 * that time on the start date (every cadenceHours after it), date campaigns keep each item's day.
 * Times already past are left unscheduled. → how many were scheduled.
 */
export const ZBulkScheduleRequest = z
  .object({
    preferredHour: z.number().int().min(0).max(23),
    preferredMinute: z.number().int().min(0).max(59).default(0),
  })
  .strict();
export type TBulkScheduleRequest = z.input<typeof ZBulkScheduleRequest>;
export const ZBulkScheduleResponse = z.object({ scheduled: z.number().int().min(0) });
export type TBulkScheduleResponse = z.infer<typeof ZBulkScheduleResponse>;
