import type { TikTokConfig } from '../../config-adapters';
import type {
  TikTokApi,
  TikTokCreatorInfo,
  TikTokPostStatus,
  TikTokTokenSet,
  TikTokUser,
  TikTokUserStats,
  TikTokVideo,
  TikTokVideoPage,
} from './tiktok-api';
import { readUploadProgress, TikTokApiError, TikTokUploadRangeError } from './tiktok-api';
import type { TikTokHttp, TikTokLog } from './tiktok-http';
import { readEnvelope, readOAuth, send } from './tiktok-http';
import { int64String } from './tiktok-json';

export type TikTokClientOptions = Omit<TikTokConfig, 'kind'> & {
  /** Per request; a chunk PUT gets `uploadTimeoutMs`. */
  timeoutMs?: number;
  uploadTimeoutMs?: number;
  /** Failure lines (with `log_id`); never given a token or a secret. */
  log?: TikTokLog;
};

export type TikTokClient = TikTokApi & { describe: string };

const JSON_TYPE = 'application/json; charset=UTF-8';
const FORM_TYPE = 'application/x-www-form-urlencoded';

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);
const num = (value: unknown): number | null =>
  typeof value === 'number' ? value : typeof value === 'string' && value ? Number(value) : null;
const bool = (value: unknown): boolean => value === true;

/** Scope → the user-info fields it unlocks (TikTok's scopes overview); asking for more is a scope error. */
const FIELDS_BY_SCOPE: Record<string, string[]> = {
  'user.info.basic': ['open_id', 'union_id', 'avatar_url', 'display_name'],
  'user.info.profile': ['username'],
};

/**
 * The one TikTok client (Login Kit v2 and the Content Posting API). It is configured by the
 * client credentials and two origins; pointed at `{APP_URL}/tiktok-sandbox` it talks to the
 * built-in sandbox over the same HTTP API.
 */
export const createTikTokClient = (options: TikTokClientOptions): TikTokClient => {
  const http: TikTokHttp = {
    timeoutMs: options.timeoutMs ?? 20_000,
    log: options.log ?? (() => {}),
  };
  const api = (path: string) => `${options.apiOrigin}${path}`;

  const missing = (what: string): never => {
    http.log(`tiktok: answer without ${what}`);
    throw new TikTokApiError('invalid_response', `TikTok's answer has no ${what}`, 502, null);
  };

  const oauth = async (path: string, form: Record<string, string>) => {
    const url = api(path);
    const answer = await send(http, 'POST', url, {
      headers: { 'content-type': FORM_TYPE, 'cache-control': 'no-cache' },
      body: new URLSearchParams(form).toString(),
    });
    return readOAuth(http, 'POST', url, answer);
  };

  const call = async (
    method: 'GET' | 'POST',
    path: string,
    accessToken: string,
    body?: unknown,
  ) => {
    const url = api(path);
    const answer = await send(http, method, url, {
      headers: {
        authorization: `Bearer ${accessToken}`,
        ...(method === 'POST' ? { 'content-type': JSON_TYPE } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return readEnvelope(http, method, url, answer);
  };

  const tokenSet = (body: Record<string, unknown>): TikTokTokenSet => {
    const now = Date.now();
    const expiresIn = num(body.expires_in) ?? missing('expires_in');
    const refreshExpiresIn = num(body.refresh_expires_in) ?? missing('refresh_expires_in');
    return {
      openId: text(body.open_id) ?? missing('open_id'),
      scopes: (text(body.scope) ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
      accessToken: text(body.access_token) ?? missing('access_token'),
      accessTokenExpiresAt: new Date(now + expiresIn * 1000),
      refreshToken: text(body.refresh_token) ?? missing('refresh_token'),
      refreshTokenExpiresAt: new Date(now + refreshExpiresIn * 1000),
    };
  };

  const video = (raw: unknown): TikTokVideo | null => {
    if (typeof raw !== 'object' || raw === null) return null;
    const v = raw as Record<string, unknown>;
    const id = int64String(v.id);
    if (!id) return null;
    return {
      id,
      createTime: num(v.create_time) ?? 0,
      title: text(v.title) ?? '',
      description: text(v.video_description) ?? '',
      coverImageUrl: text(v.cover_image_url),
      shareUrl: text(v.share_url),
      durationSec: num(v.duration),
      viewCount: num(v.view_count) ?? 0,
      likeCount: num(v.like_count) ?? 0,
      commentCount: num(v.comment_count) ?? 0,
      shareCount: num(v.share_count) ?? 0,
    };
  };
  const videos = (data: Record<string, unknown>): TikTokVideo[] =>
    Array.isArray(data.videos) ? data.videos.flatMap((v) => video(v) ?? []) : [];

  const credentials = { client_key: options.clientKey, client_secret: options.clientSecret };

  return {
    describe: `${options.apiOrigin} (authorize at ${options.authOrigin})`,

    authorizeUrl: ({ state, scopes, disableAutoAuth, codeChallenge }) => {
      const params = new URLSearchParams({
        client_key: options.clientKey,
        scope: scopes.join(','),
        redirect_uri: options.redirectUri,
        state,
        response_type: 'code',
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      });
      if (disableAutoAuth) params.set('disable_auto_auth', '1');
      return `${options.authOrigin}/v2/auth/authorize/?${params.toString()}`;
    },

    exchangeCode: async (code, codeVerifier) =>
      tokenSet(
        await oauth('/v2/oauth/token/', {
          ...credentials,
          code,
          grant_type: 'authorization_code',
          redirect_uri: options.redirectUri,
          code_verifier: codeVerifier,
        }),
      ),

    refresh: async (refreshToken) =>
      tokenSet(
        await oauth('/v2/oauth/token/', {
          ...credentials,
          grant_type: 'refresh_token',
          refresh_token: refreshToken,
        }),
      ),

    revoke: async (accessToken) => {
      await oauth('/v2/oauth/revoke/', { ...credentials, token: accessToken });
    },

    userInfo: async (accessToken, scopes): Promise<TikTokUser> => {
      const fields = [...new Set(scopes.flatMap((scope) => FIELDS_BY_SCOPE[scope] ?? []))];
      if (fields.length === 0) fields.push('open_id');
      const data = await call(
        'GET',
        `/v2/user/info/?fields=${encodeURIComponent(fields.join(','))}`,
        accessToken,
      );
      const user =
        typeof data.user === 'object' && data.user !== null
          ? (data.user as Record<string, unknown>)
          : missing('user');
      return {
        openId: text(user.open_id) ?? missing('open_id'),
        displayName: text(user.display_name) ?? '',
        username: text(user.username),
        avatarUrl: text(user.avatar_url),
      };
    },

    creatorInfo: async (accessToken): Promise<TikTokCreatorInfo> => {
      // TikTok documents this POST without a body.
      const data = await call('POST', '/v2/post/publish/creator_info/query/', accessToken);
      return {
        creatorAvatarUrl: text(data.creator_avatar_url) ?? '',
        creatorUsername: text(data.creator_username) ?? '',
        creatorNickname: text(data.creator_nickname) ?? '',
        privacyLevelOptions: Array.isArray(data.privacy_level_options)
          ? data.privacy_level_options.filter((o): o is string => typeof o === 'string')
          : [],
        commentDisabled: bool(data.comment_disabled),
        duetDisabled: bool(data.duet_disabled),
        stitchDisabled: bool(data.stitch_disabled),
        maxVideoPostDurationSec:
          num(data.max_video_post_duration_sec) ?? missing('max_video_post_duration_sec'),
      };
    },

    initPhotoPost: async (accessToken, input) => {
      const postInfo: Record<string, string> = {};
      if (input.title !== undefined) postInfo.title = input.title;
      if (input.description !== undefined) postInfo.description = input.description;
      const data = await call('POST', '/v2/post/publish/content/init/', accessToken, {
        post_info: postInfo,
        source_info: {
          source: 'PULL_FROM_URL',
          photo_cover_index: input.photoCoverIndex,
          photo_images: input.photoUrls,
        },
        post_mode: 'MEDIA_UPLOAD',
        media_type: 'PHOTO',
      });
      return { publishId: text(data.publish_id) ?? missing('publish_id') };
    },

    initInboxVideo: async (accessToken, input) => {
      const data = await call('POST', '/v2/post/publish/inbox/video/init/', accessToken, {
        source_info: {
          source: 'FILE_UPLOAD',
          video_size: input.videoSize,
          chunk_size: input.chunkSize,
          total_chunk_count: input.totalChunkCount,
        },
      });
      return {
        publishId: text(data.publish_id) ?? missing('publish_id'),
        uploadUrl: text(data.upload_url) ?? missing('upload_url'),
      };
    },

    uploadChunk: async (uploadUrl, chunk, range, contentType) => {
      const answer = await send(http, 'PUT', uploadUrl, {
        headers: {
          'content-type': contentType,
          'content-range': `bytes ${range.first}-${range.last}/${range.total}`,
        },
        body: chunk,
        timeoutMs: options.uploadTimeoutMs ?? 120_000,
      });
      // 206: more expected; 201: the last part arrived and processing starts.
      if (answer.status === 201 || answer.status === 206) return;
      const body = answer.body;
      const error =
        typeof body === 'object' && body !== null && 'error' in body
          ? (body as { error: unknown }).error
          : null;
      const code =
        typeof error === 'object' && error !== null && text((error as { code?: unknown }).code)
          ? String((error as { code: string }).code)
          : (UPLOAD_FAILURES[answer.status] ??
            (answer.status >= 500 ? 'internal_error' : 'invalid_file_upload'));
      const logId =
        typeof error === 'object' && error !== null
          ? text((error as { log_id?: unknown }).log_id)
          : null;
      http.log(
        `tiktok: PUT ${new URL(uploadUrl).pathname} failed: ${code} (HTTP ${answer.status}, log_id ${logId ?? 'none'})`,
      );
      if (answer.status === 416) {
        throw new TikTokUploadRangeError(
          `The chunk upload was refused (HTTP 416): TikTok expects another range`,
          logId,
          readUploadProgress(answer.headers.get('content-range')),
        );
      }
      throw new TikTokApiError(
        code,
        `The chunk upload was refused (HTTP ${answer.status})`,
        answer.status,
        logId,
        answer.status >= 500 ? 5 : null,
      );
    },

    fetchStatus: async (accessToken, publishId): Promise<TikTokPostStatus> => {
      const data = await call('POST', '/v2/post/publish/status/fetch/', accessToken, {
        publish_id: publishId,
      });
      // TikTok spells it `publicaly_available_post_id` (sic); int64s arrive exact (tiktok-json).
      const ids = Array.isArray(data.publicaly_available_post_id)
        ? data.publicaly_available_post_id
        : [];
      return {
        status: text(data.status) ?? missing('status'),
        failReason: text(data.fail_reason),
        publiclyAvailablePostIds: ids.flatMap((id) => int64String(id) ?? []),
        uploadedBytes: num(data.uploaded_bytes),
        downloadedBytes: num(data.downloaded_bytes),
      };
    },

    userStats: async (accessToken): Promise<TikTokUserStats> => {
      const data = await call('GET', `/v2/user/info/?fields=${STATS_FIELDS}`, accessToken);
      const user =
        typeof data.user === 'object' && data.user !== null
          ? (data.user as Record<string, unknown>)
          : missing('user');
      return {
        followerCount: num(user.follower_count) ?? 0,
        followingCount: num(user.following_count) ?? 0,
        likesCount: num(user.likes_count) ?? 0,
        videoCount: num(user.video_count) ?? 0,
      };
    },

    listVideos: async (accessToken, page = {}): Promise<TikTokVideoPage> => {
      const body: Record<string, number> = { max_count: Math.min(20, page.maxCount ?? 20) };
      if (page.cursor !== undefined && page.cursor !== null) body.cursor = page.cursor;
      const data = await call('POST', `/v2/video/list/?fields=${VIDEO_FIELDS}`, accessToken, body);
      return {
        videos: videos(data),
        cursor: num(data.cursor),
        hasMore: bool(data.has_more),
      };
    },

    queryVideos: async (accessToken, videoIds): Promise<TikTokVideo[]> => {
      if (videoIds.length === 0) return [];
      if (videoIds.length > 20) throw new RangeError('video/query takes at most 20 ids');
      // Ids go out as JSON numbers would lose digits; TikTok takes them as strings.
      const data = await call('POST', `/v2/video/query/?fields=${VIDEO_FIELDS}`, accessToken, {
        filters: { video_ids: videoIds },
      });
      return videos(data);
    },
  };
};

/** The video fields analytics reads (Display API); `fields` is required by TikTok. */
export const VIDEO_FIELDS = [
  'id',
  'create_time',
  'title',
  'video_description',
  'cover_image_url',
  'share_url',
  'duration',
  'view_count',
  'like_count',
  'comment_count',
  'share_count',
].join(',');

const STATS_FIELDS = 'open_id,follower_count,following_count,likes_count,video_count';

/** The chunk receiver's statuses (TikTok's Media Transfer Guide) when it sends no envelope. */
const UPLOAD_FAILURES: Record<number, string> = {
  400: 'invalid_file_upload',
  403: 'upload_url_expired',
  404: 'upload_not_found',
  416: 'content_range_mismatch',
};
