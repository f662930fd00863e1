import { z } from 'zod';

/** The analytics page's date ranges (decision 045): posts published within the last N days. */
export const ANALYTICS_RANGES = {
  '7d': { days: 7, label: 'Last 7 days' },
  '28d': { days: 28, label: 'Last 28 days' },
  '90d': { days: 90, label: 'Last 90 days' },
  '365d': { days: 365, label: 'Last 365 days' },
} as const;
export const ZAnalyticsRange = z.enum(['7d', '28d', '90d', '365d']);
export type TAnalyticsRange = z.infer<typeof ZAnalyticsRange>;
export const ANALYTICS_DEFAULT_RANGE: TAnalyticsRange = '28d';

export const ZAnalyticsQuery = z.object({
  range: ZAnalyticsRange.default(ANALYTICS_DEFAULT_RANGE),
});

export const ZContentType = z.enum(['carousel', 'hook_demo']);
export type TContentType = z.infer<typeof ZContentType>;

const ZCounts = z.object({
  views: z.number(),
  likes: z.number(),
  comments: z.number(),
  shares: z.number(),
  /** (likes + comments + shares) / views, 0–1; null without views. */
  engagementRate: z.number().nullable(),
});

/** A figure TikTok's Display API cannot give: shown as not available, with why. */
const ZUnavailable = z.object({ available: z.literal(false), reason: z.string() });

export const ZAnalyticsAccount = z.object({
  openId: z.string(),
  displayName: z.string(),
  username: z.string().nullable(),
  /** ok; missing_scope (connected without video.list: reconnect); reconnect_needed; failed; pending (never synced). */
  status: z.enum(['ok', 'missing_scope', 'reconnect_needed', 'failed', 'pending']),
  message: z.string().nullable(),
  syncedAt: z.string().nullable(),
  followerCount: z.number().nullable(),
  videoCount: z.number().nullable(),
});

export const ZAnalyticsPost = z.object({
  /** The analytics row id ("Make more like this" takes it). */
  id: z.string(),
  videoId: z.string(),
  title: z.string(),
  hook: z.string().nullable(),
  contentType: ZContentType.nullable(),
  productName: z.string().nullable(),
  shareUrl: z.string().nullable(),
  publishedAt: z.string(),
  /** True when a Hookreel draft of a product made it, so "Make more like this" can work. */
  fromHookreel: z.boolean(),
  counts: ZCounts,
});
export type TAnalyticsPost = z.infer<typeof ZAnalyticsPost>;

const ZRanked = z.object({
  key: z.string(),
  label: z.string(),
  posts: z.number(),
  counts: ZCounts,
});
export type TAnalyticsRanked = z.infer<typeof ZRanked>;

export const ZAnalyticsActivity = z.object({
  kind: z.enum([
    'post_sent',
    'campaign_sent',
    'post_published',
    'post_failed',
    'video_counted',
    'render_started',
    'render_done',
    'render_failed',
  ]),
  at: z.string(),
  text: z.string(),
});

/** GET /api/analytics?range=… */
export const ZAnalyticsOverview = z.object({
  range: ZAnalyticsRange,
  from: z.string(),
  to: z.string(),
  /** No TikTok account connected: the page points to Settings. */
  connected: z.boolean(),
  accounts: z.array(ZAnalyticsAccount),
  lastSyncedAt: z.string().nullable(),
  totals: ZCounts.extend({ posts: z.number() }),
  conversions: ZUnavailable,
  completion: ZUnavailable,
  byType: z.array(ZRanked),
  topPosts: z.array(ZAnalyticsPost),
  topHooks: z.array(ZRanked),
  topCharacters: z.array(ZRanked),
  topTemplates: z.array(ZRanked),
  /** Views of the range's posts at the end of each day (from the stored snapshots). */
  daily: z.array(z.object({ date: z.string(), views: z.number(), engagements: z.number() })),
  activity: z.array(ZAnalyticsActivity),
});
export type TAnalyticsOverview = z.infer<typeof ZAnalyticsOverview>;

/** POST /api/analytics/refresh: one sync job per connected account. */
/**
 * POST /api/analytics/refresh: each connected account read from TikTok now (decision 113), with
 * what happened in words: read (how many videos), why it cannot be read (a reconnect, TikTok's
 * limit with the wait), or still reading when it takes longer than the request may wait.
 */
export const ZAnalyticsRefreshAccount = z.object({
  openId: z.string(),
  displayName: z.string(),
  status: z.enum(['ok', 'missing_scope', 'reconnect_needed', 'rate_limited', 'failed', 'reading']),
  message: z.string(),
  /** Videos read, when status is ok. */
  videos: z.number().int().nullable(),
  /** When TikTok's limit says to wait, the seconds to wait. */
  retryAfterSeconds: z.number().int().nullable(),
});
export type TAnalyticsRefreshAccount = z.infer<typeof ZAnalyticsRefreshAccount>;
export const ZAnalyticsRefreshResponse = z.object({
  accounts: z.array(ZAnalyticsRefreshAccount),
});
export type TAnalyticsRefreshResponse = z.infer<typeof ZAnalyticsRefreshResponse>;

/** POST /api/analytics/posts/{id}/make-more */
export const ZMakeMoreResponse = z.object({
  draft: z.object({ id: z.string(), type: z.enum(['carousel', 'video']) }),
  hook: z.string(),
});
export type TMakeMoreResponse = z.infer<typeof ZMakeMoreResponse>;
