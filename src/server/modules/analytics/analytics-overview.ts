import type {
  TAnalyticsOverview,
  TAnalyticsPost,
  TAnalyticsRange,
  TAnalyticsRanked,
} from '#contract/analytics';
import { ANALYTICS_RANGES } from '#contract/analytics';
import type { Database } from '../../db/client';
import { createSentPosts } from '../publishing';
import { createConnectedAccounts } from '../tiktok';
import type { VideoRow } from './analytics-repo';
import { listAccountSyncs, listSnapshots, listVideosSince } from './analytics-repo';

export type AnalyticsActivity = TAnalyticsOverview['activity'][number];

export type AnalyticsNames = {
  /** The user's products by id. */
  products: (userId: string) => Promise<Map<string, string>>;
  /** A character's name by its id, when the characters module knows it. */
  character?: (id: string) => Promise<string | null>;
  /** A template's name by its id, when the templates module knows it. */
  template?: (id: string) => Promise<string | null>;
};

export type OverviewDeps = {
  db: Database;
  names: AnalyticsNames;
  /** More real events (renders, campaign sends) from modules that have them. */
  moreActivity?: (userId: string, since: Date) => Promise<AnalyticsActivity[]>;
  now?: () => Date;
};

const TOP = 5;
const DAY_MS = 86_400_000;

/** Said instead of a figure the Display API cannot give (decision 045): never invented. */
export const CONVERSIONS_UNAVAILABLE =
  "TikTok's Display API reports views, likes, comments and shares only. Conversions need a pixel on your store, which Hookreel does not read.";
export const COMPLETION_UNAVAILABLE =
  'TikTok does not share watch time or completion rates through its API for your own posts.';

const counts = (
  rows: Pick<VideoRow, 'viewCount' | 'likeCount' | 'commentCount' | 'shareCount'>[],
) => {
  const sum = rows.reduce(
    (t, r) => ({
      views: t.views + r.viewCount,
      likes: t.likes + r.likeCount,
      comments: t.comments + r.commentCount,
      shares: t.shares + r.shareCount,
    }),
    { views: 0, likes: 0, comments: 0, shares: 0 },
  );
  return {
    ...sum,
    engagementRate: sum.views > 0 ? (sum.likes + sum.comments + sum.shares) / sum.views : null,
  };
};

const rank = async (
  rows: VideoRow[],
  keyOf: (row: VideoRow) => string | null,
  labelOf: (key: string, row: VideoRow) => Promise<string> | string,
): Promise<TAnalyticsRanked[]> => {
  const groups = new Map<string, VideoRow[]>();
  for (const row of rows) {
    const key = keyOf(row);
    if (!key) continue;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  const ranked = [...groups.entries()]
    .map(([key, group]) => ({ key, group, counts: counts(group) }))
    .sort((a, b) => b.counts.views - a.counts.views)
    .slice(0, TOP);
  return Promise.all(
    ranked.map(async ({ key, group, counts }) => ({
      key,
      label: await labelOf(key, group[0]!),
      posts: group.length,
      counts,
    })),
  );
};

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The analytics page's figures for the posts published in the range (decision 045): totals and
 * engagement, by content type, top posts, hooks, characters and templates, a daily series drawn
 * from the stored snapshots, and recent activity. Only the user's own rows are read.
 */
export const buildOverview = async (
  deps: OverviewDeps,
  userId: string,
  range: TAnalyticsRange,
): Promise<TAnalyticsOverview> => {
  const { db, names } = deps;
  const now = deps.now?.() ?? new Date();
  const days = ANALYTICS_RANGES[range].days;
  const firstDay = Date.parse(`${isoDay(now.getTime() - (days - 1) * DAY_MS)}T00:00:00.000Z`);
  const from = new Date(firstDay);

  const [connected, syncs] = await Promise.all([
    createConnectedAccounts(db).ofUser(userId),
    listAccountSyncs(db, userId),
  ]);
  const openIds = connected.map((a) => a.openId);
  const [videos, products, sent, more] = await Promise.all([
    listVideosSince(db, userId, openIds, from),
    names.products(userId),
    createSentPosts(db).since(userId, from),
    deps.moreActivity?.(userId, from) ?? Promise.resolve([]),
  ]);
  const snapshots = await listSnapshots(
    db,
    userId,
    videos.map((v) => v.id),
  );

  const accounts = connected.map((account) => {
    const sync = syncs.find((s) => s.openId === account.openId);
    return {
      openId: account.openId,
      displayName: account.displayName,
      username: account.username,
      status: sync?.status ?? ('pending' as const),
      message: sync?.message ?? null,
      syncedAt: sync?.syncedAt.toISOString() ?? null,
      followerCount: sync?.followerCount ?? null,
      videoCount: sync?.videoCount ?? null,
    };
  });
  const synced = syncs
    .filter((s) => openIds.includes(s.openId) && s.status === 'ok')
    .map((s) => s.syncedAt.getTime());

  const toPost = (row: VideoRow): TAnalyticsPost => ({
    id: row.id,
    videoId: row.videoId,
    title: row.title,
    hook: row.hook,
    contentType: row.contentType,
    productName: row.productId ? (products.get(row.productId) ?? null) : null,
    shareUrl: row.shareUrl,
    publishedAt: row.createTime.toISOString(),
    fromHookreel: row.productId !== null && products.has(row.productId),
    counts: counts([row]),
  });

  // The views of the range's posts at the end of each day: each video's last reading by then.
  const byVideo = new Map<string, typeof snapshots>();
  for (const s of snapshots) byVideo.set(s.videoRowId, [...(byVideo.get(s.videoRowId) ?? []), s]);
  const daily: TAnalyticsOverview['daily'] = [];
  for (let day = firstDay; day <= now.getTime(); day += DAY_MS) {
    const end = Math.min(day + DAY_MS, now.getTime() + 1);
    let views = 0;
    let engagements = 0;
    for (const list of byVideo.values()) {
      let last: (typeof snapshots)[number] | undefined;
      for (const s of list) if (s.takenAt.getTime() < end) last = s;
      if (last) {
        views += last.viewCount;
        engagements += last.likeCount + last.commentCount + last.shareCount;
      }
    }
    daily.push({ date: isoDay(day), views, engagements });
  }

  const activity: AnalyticsActivity[] = [
    ...sent.flatMap((post): AnalyticsActivity[] => {
      const what = `${post.kind === 'photo' ? 'Carousel' : 'Video'} “${post.title || 'Untitled'}”`;
      const byCampaign = post.clientKey.startsWith('campaign-');
      // "Sent to TikTok" only once TikTok took it: a refused or failed send never reads as sent,
      // and one still being prepared has not reached TikTok yet (decision 085).
      const reached = ['uploading', 'downloading', 'in_inbox', 'published'].includes(post.state);
      const events: AnalyticsActivity[] = !reached
        ? []
        : [
            byCampaign
              ? {
                  kind: 'campaign_sent',
                  at: post.createdAt.toISOString(),
                  text: `${what} sent to TikTok by a campaign`,
                }
              : {
                  kind: 'post_sent',
                  at: post.createdAt.toISOString(),
                  text: `${what} sent to TikTok`,
                },
          ];
      if (post.state === 'published') {
        events.push({
          kind: 'post_published',
          at: post.updatedAt.toISOString(),
          text: `${what} posted on TikTok`,
        });
      }
      if (post.state === 'failed') {
        events.push({
          kind: 'post_failed',
          at: post.updatedAt.toISOString(),
          text: `${what} could not be sent`,
        });
      }
      return events;
    }),
    ...videos
      .filter((v) => v.firstSeenAt >= from)
      .map((v): AnalyticsActivity => ({
        kind: 'video_counted',
        at: v.firstSeenAt.toISOString(),
        text: `First views counted for “${v.title || 'Untitled'}”`,
      })),
    ...more,
  ]
    .sort((a, b) => b.at.localeCompare(a.at))
    .slice(0, 10);

  const typeLabels = { carousel: 'Photo carousel', hook_demo: 'Hook + Demo video' } as const;
  const byType = (['carousel', 'hook_demo'] as const).map((type) => {
    const group = videos.filter((v) => v.contentType === type);
    return { key: type, label: typeLabels[type], posts: group.length, counts: counts(group) };
  });

  return {
    range,
    from: from.toISOString(),
    to: now.toISOString(),
    connected: connected.length > 0,
    accounts,
    lastSyncedAt: synced.length > 0 ? new Date(Math.max(...synced)).toISOString() : null,
    totals: { ...counts(videos), posts: videos.length },
    conversions: { available: false, reason: CONVERSIONS_UNAVAILABLE },
    completion: { available: false, reason: COMPLETION_UNAVAILABLE },
    byType,
    topPosts: videos.slice(0, TOP).map(toPost),
    topHooks: await rank(
      videos,
      (v) => v.hook,
      (key) => key,
    ),
    topCharacters: await rank(
      videos,
      (v) => v.characterId ?? v.characterUrl,
      async (key, row) =>
        (row.characterId && (await names.character?.(row.characterId))) ||
        (row.characterId ? `Character ${key}` : 'Your own character'),
    ),
    topTemplates: await rank(
      videos,
      (v) => v.templateId,
      async (key) => (await names.template?.(key)) ?? `Template ${key}`,
    ),
    daily,
    activity,
  };
};
