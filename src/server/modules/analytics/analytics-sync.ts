import type { TikTokApi, TikTokUserStats, TikTokVideo } from '../../adapters/tiktok/tiktok-api';
import type { Database } from '../../db/client';
import type { DraftOrigin } from '../drafts';
import { createDraftOrigins } from '../drafts';
import type { SentPost } from '../publishing';
import { createSentPosts } from '../publishing';
import type { TikTokAccounts } from '../tiktok';
import {
  createConnectedAccounts,
  createTikTokCallBudget,
  tiktokFailureToAppError,
} from '../tiktok';
import { matchVideosToPosts } from './analytics-match';
import type { VideoOrigin } from './analytics-repo';
import { matchedPostIds, recordReading, saveAccountSync } from './analytics-repo';

export type AnalyticsLog = (
  level: 'info' | 'warn' | 'error',
  message: string,
  extra?: object,
) => void;

export type AnalyticsSyncDeps = {
  db: Database;
  tiktok: Pick<TikTokApi, 'listVideos' | 'queryVideos' | 'userStats'>;
  callWithToken: TikTokAccounts['callWithToken'];
  log: AnalyticsLog;
  now?: () => Date;
};

/** 20 a page: up to 500 of the newest videos per sync, well inside 600 calls a minute. */
const MAX_PAGES = 25;
/** Older videos are not read again; their last reading stays. */
const HORIZON_DAYS = 400;
const QUERY_BATCH = 20;

export const RECONNECT_FOR_ANALYTICS =
  'Reconnect TikTok to see analytics: this connection was made without permission to read your videos.';
export const RECONNECT_EXPIRED = 'Reconnect TikTok to see analytics: the connection has expired.';

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : null);

/**
 * What made the post: what was copied onto it when it was sent (decision 111), else, for a post
 * sent before that, its draft if it still exists.
 */
const originOf = (
  post: SentPost,
  draft: DraftOrigin | undefined,
  matchedBy: VideoOrigin['matchedBy'],
): VideoOrigin => {
  const assets = draft?.assets ?? {};
  const firstSlide = draft?.carouselPlan?.slides[0]?.text;
  const sent = post.origin;
  return {
    tiktokPostId: post.id,
    matchedBy,
    contentType: post.kind === 'photo' ? 'carousel' : 'hook_demo',
    draftId: draft?.id ?? post.originDraftId,
    productId: sent?.productId ?? draft?.productId ?? null,
    hook: text(sent?.hook) ?? text(draft?.hook) ?? text(firstSlide) ?? text(post.title),
    templateId: text(sent?.templateId) ?? text(assets.templateId),
    characterId: text(sent?.characterId) ?? text(assets.selectedCharacterId),
    characterUrl: text(sent?.characterUrl) ?? text(assets.selectedCharacter),
  };
};

/**
 * Reads one connected account's public videos through the Display API (decision 044): every
 * page of `video/list` (cursor paging, 20 at a time), `video/query` for posts Hookreel knows by
 * id that the list does not show (private ones), and the account totals when `user.info.stats`
 * was granted; each call first takes one from the account's per-endpoint budget. Then ties the
 * videos to Hookreel's posts and stores a reading of each.
 */
export const syncAnalyticsAccount = async (
  deps: AnalyticsSyncDeps,
  userId: string,
  openId: string,
) => {
  const { db, tiktok, log } = deps;
  const now = deps.now?.() ?? new Date();
  const account = (await createConnectedAccounts(db).ofUser(userId)).find(
    (a) => a.openId === openId,
  );
  if (!account) return { status: 'gone' as const };
  const save = (
    status: 'ok' | 'missing_scope' | 'reconnect_needed' | 'failed',
    message: string | null,
    stats: TikTokUserStats | null = null,
  ) =>
    saveAccountSync(db, {
      userId,
      openId,
      status,
      message,
      followerCount: stats?.followerCount ?? null,
      likesCount: stats?.likesCount ?? null,
      videoCount: stats?.videoCount ?? null,
      syncedAt: now,
    });
  if (account.reconnectNeeded) {
    await save('reconnect_needed', RECONNECT_EXPIRED);
    return { status: 'reconnect_needed' as const };
  }
  if (!account.scopes.includes('video.list')) {
    await save('missing_scope', RECONNECT_FOR_ANALYTICS);
    return { status: 'missing_scope' as const };
  }

  const posts = await createSentPosts(db).delivered(userId, openId);
  let read: { videos: TikTokVideo[]; stats: TikTokUserStats | null };
  try {
    read = await deps.callWithToken(userId, openId, async (token) => {
      const videos: TikTokVideo[] = [];
      const horizon = now.getTime() / 1000 - HORIZON_DAYS * 86_400;
      let cursor: number | null = null;
      for (let page = 0; page < MAX_PAGES; page++) {
        await createTikTokCallBudget(db).reserve(openId, 'video_list');
        const answer = await tiktok.listVideos(token.accessToken, { cursor, maxCount: 20 });
        videos.push(...answer.videos);
        const oldest = answer.videos.at(-1);
        if (!answer.hasMore || !oldest || answer.cursor === null) break;
        if (oldest.createTime < horizon) break;
        cursor = answer.cursor;
      }
      const listed = new Set(videos.map((v) => v.id));
      const unlisted = [...new Set(posts.flatMap((p) => p.postIds))].filter(
        (id) => !listed.has(id),
      );
      for (let i = 0; i < unlisted.length; i += QUERY_BATCH) {
        await createTikTokCallBudget(db).reserve(openId, 'video_query');
        videos.push(
          ...(await tiktok.queryVideos(token.accessToken, unlisted.slice(i, i + QUERY_BATCH))),
        );
      }
      let stats: TikTokUserStats | null = null;
      if (account.scopes.includes('user.info.stats')) {
        await createTikTokCallBudget(db).reserve(openId, 'user_info');
        stats = await tiktok.userStats(token.accessToken);
      }
      return { videos, stats };
    });
  } catch (error) {
    const appError = tiktokFailureToAppError(error, 'reading your videos');
    if (appError.code === 'tiktok_reconnect_needed') {
      await save('reconnect_needed', RECONNECT_EXPIRED);
      return { status: 'reconnect_needed' as const };
    }
    if (appError.status === 403) {
      await save('missing_scope', RECONNECT_FOR_ANALYTICS);
      return { status: 'missing_scope' as const };
    }
    if (appError.code !== 'tiktok_rate_limited') await save('failed', appError.message);
    log('warn', `analytics: reading ${openId} failed`, { code: appError.code, userId });
    // Worth another try later (the job retries with backoff); a 429 says when.
    throw appError;
  }

  const matches = matchVideosToPosts(read.videos, posts, await matchedPostIds(db, userId, openId));
  const postsById = new Map(posts.map((p) => [p.id, p]));
  const draftIds = [...matches.values()].flatMap(
    (m) => postsById.get(m.postId)?.originDraftId ?? [],
  );
  const drafts = new Map(
    (await createDraftOrigins(db).of(userId, [...new Set(draftIds)])).map((d) => [d.id, d]),
  );
  const seen = new Set<string>();
  for (const video of read.videos) {
    if (seen.has(video.id)) continue;
    seen.add(video.id);
    const match = matches.get(video.id);
    const post = match ? postsById.get(match.postId) : undefined;
    await recordReading(
      db,
      userId,
      openId,
      {
        videoId: video.id,
        createTime: new Date(video.createTime * 1000),
        // A video carries no title on TikTok (decision 045); the post's own title names it.
        title: video.title || video.description || post?.title || '',
        shareUrl: video.shareUrl,
        durationSec: video.durationSec === null ? null : Math.round(video.durationSec),
        viewCount: video.viewCount,
        likeCount: video.likeCount,
        commentCount: video.commentCount,
        shareCount: video.shareCount,
      },
      post && match ? originOf(post, drafts.get(post.originDraftId ?? ''), match.matchedBy) : null,
      now,
    );
  }
  await save('ok', null, read.stats);
  log('info', `analytics: read ${seen.size} videos of ${openId}`, {
    userId,
    matched: matches.size,
  });
  return { status: 'ok' as const, videos: seen.size, matched: matches.size };
};
