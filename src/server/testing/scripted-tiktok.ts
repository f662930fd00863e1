import type {
  TikTokApi,
  TikTokPhotoInit,
  TikTokPostStatus,
  TikTokVideoInit,
} from '../adapters/tiktok/tiktok-api';
import { TikTokApiError } from '../adapters/tiktok/tiktok-api';
import type { PublishingAccounts } from '../modules/publishing';

/**
 * An in-process TikTok for the publishing tests that script what TikTok answers (a refusal at
 * init, a status, a dropped upload) and count the calls: it stands in for the client and for the
 * accounts module's tokens, so those tests never reach the HTTP client. Tests of how the client
 * speaks TikTok's HTTP API run it against the sandbox or `fakes/fake-tiktok-server.ts`; moving
 * these scripts behind a local HTTP fake of the Content Posting API is what remains (decision 181).
 */
export const scriptedTikTok = () => {
  const calls = {
    photoInits: [] as TikTokPhotoInit[],
    videoInits: [] as TikTokVideoInit[],
    chunks: [] as { first: number; last: number; total: number; bytes: number }[],
    statusChecks: [] as string[],
    removed: [] as string[],
    /** Chunk sends begun, finished or not. */
    uploadsStarted: 0,
  };
  let next = 1;
  const script = {
    initError: null as TikTokApiError | Error | null,
    status: 'SEND_TO_USER_INBOX' as string,
    failReason: null as string | null,
    maxDuration: 300,
    /** The next chunk send fails: its sender died mid-upload (its bytes never arrive). */
    dieOnNextUpload: false,
    /** Every chunk PUT is answered with this (an expired upload URL, say). */
    uploadError: null as TikTokApiError | null,
  };
  const tiktok: TikTokApi = {
    authorizeUrl: () => 'http://unused',
    exchangeCode: () => Promise.reject(new Error('unused')),
    refresh: () => Promise.reject(new Error('unused')),
    revoke: () => Promise.resolve(),
    userInfo: () => Promise.reject(new Error('unused')),
    creatorInfo: async () => ({
      creatorAvatarUrl: '',
      creatorUsername: 'seller',
      creatorNickname: 'Seller',
      privacyLevelOptions: ['PUBLIC_TO_EVERYONE'],
      commentDisabled: false,
      duetDisabled: false,
      stitchDisabled: false,
      maxVideoPostDurationSec: script.maxDuration,
    }),
    initPhotoPost: async (_token, input) => {
      calls.photoInits.push(input);
      if (script.initError) throw script.initError;
      return { publishId: `p_inbox_url~v2.${next++}` };
    },
    initInboxVideo: async (_token, input) => {
      calls.videoInits.push(input);
      if (script.initError) throw script.initError;
      const id = next++;
      return {
        publishId: `v_inbox_file~v2.${id}`,
        uploadUrl: `https://upload.example/${id}?sig=x`,
      };
    },
    uploadChunk: async (_url, chunk, range) => {
      calls.uploadsStarted++;
      if (script.uploadError) throw script.uploadError;
      if (script.dieOnNextUpload) {
        script.dieOnNextUpload = false;
        throw new Error('the sender died mid-upload');
      }
      calls.chunks.push({ ...range, bytes: chunk.length });
    },
    fetchStatus: async (_token, publishId): Promise<TikTokPostStatus> => {
      calls.statusChecks.push(publishId);
      return {
        status: script.status,
        failReason: script.failReason,
        publiclyAvailablePostIds:
          script.status === 'PUBLISH_COMPLETE' ? ['7311111111111111111'] : [],
        uploadedBytes: null,
        downloadedBytes: null,
      };
    },
    userStats: () => Promise.reject(new Error('unused')),
    listVideos: () => Promise.reject(new Error('unused')),
    queryVideos: () => Promise.reject(new Error('unused')),
  };
  const accounts: PublishingAccounts = {
    withAccessToken: async (userId, openId) => ({
      openId: openId ?? `open-${userId}`,
      accessToken: 'act.test',
      displayName: 'Seller',
      username: 'seller',
      scopes: ['user.info.basic', 'video.upload', 'video.publish'],
    }),
    reserveTikTokCall: async () => {},
    markAuthorizationRemoved: async (openId) => {
      calls.removed.push(openId);
    },
  };
  return { tiktok, accounts, calls, script, webhookSecret: 'test-webhook-secret' };
};

export const refusal = (code: string, status = 403) =>
  new TikTokApiError(code, code, status, 'log-123');
