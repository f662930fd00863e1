import { REQUESTED_TIKTOK_SCOPES, REQUIRED_TIKTOK_SCOPES } from '#contract/tiktok-permissions';

/**
 * The seam between Hookreel and TikTok (Login Kit v2 + Content Posting API).
 * One implementation (`tiktok-client.ts`) speaks TikTok's HTTP API; pointed at `{APP_URL}/tiktok-sandbox`
 * it talks to the built-in sandbox instead. Modules use only this interface.
 */

/**
 * Scopes Hookreel asks for (`#contract/tiktok-permissions`, with their consent words); the
 * callback refuses a grant missing any of `REQUIRED_SCOPES`. Analytics' scopes (Display API)
 * are asked for, not required; without them the analytics page asks the user to
 * reconnect.
 */
export const REQUESTED_SCOPES = REQUESTED_TIKTOK_SCOPES;
export const ANALYTICS_SCOPES = ['video.list', 'user.info.stats'] as const;
export const REQUIRED_SCOPES = REQUIRED_TIKTOK_SCOPES;

export interface TikTokTokenSet {
  openId: string;
  /** Scopes the user actually granted. */
  scopes: string[];
  accessToken: string;
  /** Absolute expiry, computed from `expires_in` when the answer arrived. */
  accessTokenExpiresAt: Date;
  refreshToken: string;
  refreshTokenExpiresAt: Date;
}

export interface TikTokUser {
  openId: string;
  displayName: string;
  username: string | null;
  avatarUrl: string | null;
}

export interface TikTokCreatorInfo {
  creatorAvatarUrl: string;
  creatorUsername: string;
  creatorNickname: string;
  privacyLevelOptions: string[];
  commentDisabled: boolean;
  duetDisabled: boolean;
  stitchDisabled: boolean;
  maxVideoPostDurationSec: number;
}

export interface TikTokPhotoInit {
  /** Public URLs on a verified prefix (our own origin), JPEG or WebP, short side ≤ 1080 px; at most 35. */
  photoUrls: string[];
  photoCoverIndex: number;
  title?: string;
  description?: string;
}

export interface TikTokVideoInit {
  videoSize: number;
  chunkSize: number;
  totalChunkCount: number;
}

export type TikTokPostStatusName =
  | 'PROCESSING_UPLOAD'
  | 'PROCESSING_DOWNLOAD'
  | 'SEND_TO_USER_INBOX'
  | 'PUBLISH_COMPLETE'
  | 'FAILED';

export interface TikTokPostStatus {
  status: TikTokPostStatusName | (string & {});
  failReason: string | null;
  /** int64 ids kept as strings so no precision is lost. */
  publiclyAvailablePostIds: string[];
  uploadedBytes: number | null;
  downloadedBytes: number | null;
}

/** A public video as the Display API describes it; ids are int64 strings. */
export interface TikTokVideo {
  id: string;
  /** Unix seconds. */
  createTime: number;
  title: string;
  description: string;
  coverImageUrl: string | null;
  shareUrl: string | null;
  durationSec: number | null;
  viewCount: number;
  likeCount: number;
  commentCount: number;
  shareCount: number;
}

export interface TikTokVideoPage {
  videos: TikTokVideo[];
  /** Pass back to get the videos posted before these (UTC ms). */
  cursor: number | null;
  hasMore: boolean;
}

export interface TikTokUserStats {
  followerCount: number;
  followingCount: number;
  likesCount: number;
  videoCount: number;
}

/**
 * Every failure TikTok reports (the `{data, error}` envelope's code, or an OAuth `error`), with its `log_id`.
 * `httpStatus` is TikTok's; `retryAfterSeconds` is set for 429s and 5xx worth retrying.
 */
export class TikTokApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly httpStatus: number,
    readonly logId: string | null,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'TikTokApiError';
  }
}

/**
 * The chunk receiver's 416: the range sent is not the next one. `receivedBytes` is how much TikTok
 * holds, from its `Content-Range: bytes 0-{n-1}/{total}` answer, or null when it did not say.
 */
export class TikTokUploadRangeError extends TikTokApiError {
  constructor(
    message: string,
    logId: string | null,
    readonly receivedBytes: number | null,
  ) {
    super('content_range_mismatch', message, 416, logId);
    this.name = 'TikTokUploadRangeError';
  }
}

/** TikTok's progress header: `bytes 0-{n-1}/{total}` when it holds n bytes, a star when none. */
export const readUploadProgress = (header: string | null): number | null => {
  if (!header) return null;
  if (/^bytes \*\/\d+$/.test(header.trim())) return 0;
  const match = /^bytes 0-(\d+)\/\d+$/.exec(header.trim());
  return match ? Number(match[1]) + 1 : null;
};

export interface TikTokApi {
  /** The authorize page URL (TikTok's or the sandbox's). */
  authorizeUrl(input: {
    state: string;
    scopes: readonly string[];
    disableAutoAuth: boolean;
    /** PKCE (S256) on every request; the verifier stays on the server (decision 056). */
    codeChallenge: string;
  }): string;
  exchangeCode(code: string, codeVerifier: string): Promise<TikTokTokenSet>;
  /** May rotate the refresh token: always store the returned one. */
  refresh(refreshToken: string): Promise<TikTokTokenSet>;
  revoke(accessToken: string): Promise<void>;
  userInfo(accessToken: string, scopes: readonly string[]): Promise<TikTokUser>;
  creatorInfo(accessToken: string): Promise<TikTokCreatorInfo>;
  initPhotoPost(accessToken: string, input: TikTokPhotoInit): Promise<{ publishId: string }>;
  initInboxVideo(
    accessToken: string,
    input: TikTokVideoInit,
  ): Promise<{ publishId: string; uploadUrl: string }>;
  /** One chunk PUT with `Content-Range: bytes {first}-{last}/{total}`. */
  uploadChunk(
    uploadUrl: string,
    chunk: Uint8Array,
    range: { first: number; last: number; total: number },
    contentType: string,
  ): Promise<void>;
  fetchStatus(accessToken: string, publishId: string): Promise<TikTokPostStatus>;
  /** Display API `GET /v2/user/info/` with the `user.info.stats` fields. */
  userStats(accessToken: string): Promise<TikTokUserStats>;
  /** Display API `POST /v2/video/list/`: the user's public videos, newest first, ≤ 20 a page. */
  listVideos(
    accessToken: string,
    page?: { cursor?: number | null; maxCount?: number },
  ): Promise<TikTokVideoPage>;
  /** Display API `POST /v2/video/query/`: up to 20 of the user's own videos by id. */
  queryVideos(accessToken: string, videoIds: readonly string[]): Promise<TikTokVideo[]>;
}
