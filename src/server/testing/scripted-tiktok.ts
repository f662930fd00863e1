import type {
  TikTokPhotoInit,
  TikTokTokenSet,
  TikTokUser,
  TikTokVideoInit,
} from '../adapters/tiktok/tiktok-api';
import type { FakeTikTokReply, FakeTikTokRequest } from './fakes/fake-tiktok-server';
import { startFakeTikTokServer } from './fakes/fake-tiktok-server';

/**
 * What the scripted host answers instead of success: TikTok's own refusal (its envelope, a status,
 * a log id), a gateway's answer without an envelope (`code` left out), or no answer at all.
 */
export type ScriptedFailure = { status: number; code?: string; logId?: string } | 'dropped';

/** TikTok refusing with its envelope (4xx by default). */
export const refusal = (code: string, status = 403, logId = 'log-123'): ScriptedFailure => ({
  status,
  code,
  logId,
});

/** The app's key pair on the scripted host; TikTok signs its webhooks with the client secret. */
const CLIENT_KEY = 'scripted-client-key';
const CLIENT_SECRET = 'scripted-client-secret';

const PATHS = {
  creatorInfo: '/v2/post/publish/creator_info/query/',
  photoInit: '/v2/post/publish/content/init/',
  videoInit: '/v2/post/publish/inbox/video/init/',
  status: '/v2/post/publish/status/fetch/',
};

const ok = (data: string) => ({
  status: 200,
  body: `{"data":${data},"error":{"code":"ok","message":"","log_id":"log-ok"}}`,
});

const failed = (failure: ScriptedFailure): FakeTikTokReply => {
  if (failure === 'dropped') return { status: 0, body: '', drop: true };
  if (!failure.code) return { status: failure.status, body: '<html>Gateway</html>' };
  const error = { code: failure.code, message: failure.code, log_id: failure.logId ?? '' };
  return { status: failure.status, body: JSON.stringify({ data: {}, error }) };
};

type Json = Record<string, Record<string, unknown> | undefined>;

/**
 * A Content Posting host for the publishing tests that script what TikTok answers (a refusal at
 * init, a status, a dropped or refused chunk upload) and count the calls (decision 181): a local
 * HTTP fake (`fakes/fake-tiktok-server.ts`) reached by the real client, which the app is pointed
 * at through `env` (the config's `kind: tiktok`). Calls are read from the recorded requests.
 * Sellers connect an account (`open-{userId}`) through the accounts module with `connect`.
 */
export const startScriptedTikTok = async () => {
  const fake = await startFakeTikTokServer();
  const script = {
    initError: null as ScriptedFailure | null,
    status: 'SEND_TO_USER_INBOX' as string,
    failReason: null as string | null,
    maxDuration: 300,
    /** The next chunk PUT arrives but its answer never does: its sender died mid-upload. */
    dieOnNextUpload: false,
    /** Every chunk PUT is answered with this (an expired upload URL, say). */
    uploadError: null as ScriptedFailure | null,
  };
  /** The chunk PUTs the host took (answered 201/206), as opposed to those it refused or dropped. */
  const taken = new Set<FakeTikTokRequest>();
  let next = 1;

  fake.handle(`POST ${PATHS.creatorInfo}`, () =>
    ok(
      JSON.stringify({
        creator_avatar_url: '',
        creator_username: 'seller',
        creator_nickname: 'Seller',
        privacy_level_options: ['PUBLIC_TO_EVERYONE'],
        comment_disabled: false,
        duet_disabled: false,
        stitch_disabled: false,
        max_video_post_duration_sec: script.maxDuration,
      }),
    ),
  );
  fake.handle(`POST ${PATHS.photoInit}`, () =>
    script.initError
      ? failed(script.initError)
      : ok(JSON.stringify({ publish_id: `p_inbox_url~v2.${next++}` })),
  );
  fake.handle(`POST ${PATHS.videoInit}`, () => {
    if (script.initError) return failed(script.initError);
    const id = next++;
    fake.handle(`PUT /upload/${id}`, (request) => {
      if (script.uploadError) return failed(script.uploadError);
      if (script.dieOnNextUpload) {
        script.dieOnNextUpload = false;
        return failed('dropped');
      }
      taken.add(request);
      const [, last, total] = /(\d+)-(\d+)\/(\d+)/.exec(String(request.headers['content-range']))!;
      return { status: Number(last) + 1 === Number(total) ? 201 : 206, body: '' };
    });
    return ok(
      JSON.stringify({
        publish_id: `v_inbox_file~v2.${id}`,
        upload_url: `${fake.origin}/upload/${id}?sig=x`,
      }),
    );
  });
  fake.handle(`POST ${PATHS.status}`, () =>
    ok(
      // Written out: TikTok's post ids are int64s past 2^53.
      `{"status":${JSON.stringify(script.status)},"fail_reason":${JSON.stringify(script.failReason)},"publicaly_available_post_id":[${script.status === 'PUBLISH_COMPLETE' ? '7311111111111111111' : ''}]}`,
    ),
  );

  const bodies = (path: string) =>
    fake.requests.filter((r) => r.path === path).map((r) => JSON.parse(r.body) as Json);
  const puts = () => fake.requests.filter((r) => r.method === 'PUT');
  const calls = {
    get photoInits(): TikTokPhotoInit[] {
      return bodies(PATHS.photoInit).map(({ post_info: post, source_info: source }) => ({
        photoUrls: source?.photo_images as string[],
        photoCoverIndex: source?.photo_cover_index as number,
        ...(post?.title === undefined ? {} : { title: post.title as string }),
        ...(post?.description === undefined ? {} : { description: post.description as string }),
      }));
    },
    get videoInits(): TikTokVideoInit[] {
      return bodies(PATHS.videoInit).map(({ source_info: source }) => ({
        videoSize: source?.video_size as number,
        chunkSize: source?.chunk_size as number,
        totalChunkCount: source?.total_chunk_count as number,
      }));
    },
    /** The chunks TikTok took: their ranges and sizes. */
    get chunks() {
      return puts()
        .filter((r) => taken.has(r))
        .map((r) => {
          const [first, last, total] = /(\d+)-(\d+)\/(\d+)/
            .exec(String(r.headers['content-range']))!
            .slice(1)
            .map(Number);
          return {
            first: first!,
            last: last!,
            total: total!,
            bytes: Number(r.headers['content-length']),
          };
        });
    },
    get statusChecks() {
      return bodies(PATHS.status).map((body) => String(body.publish_id));
    },
    /** Chunk sends begun, finished or not. */
    get uploadsStarted() {
      return puts().length;
    },
  };

  return {
    /** The environment that points the app's TikTok client at this host. */
    env: {
      TIKTOK_CLIENT_KEY: CLIENT_KEY,
      TIKTOK_CLIENT_SECRET: CLIENT_SECRET,
      TIKTOK_API_ORIGIN: fake.origin,
      TIKTOK_AUTH_ORIGIN: fake.origin,
    },
    webhookSecret: CLIENT_SECRET,
    script,
    calls,
    /** Connects TikTok account `openId` (by default `open-{userId}`) for the seller. */
    connect: async (
      t: { tiktokAccounts: { connect: ConnectAccount } },
      userId: string,
      openId = `open-${userId}`,
    ) => {
      const day = new Date(Date.now() + 86_400_000);
      await t.tiktokAccounts.connect(
        userId,
        {
          openId,
          scopes: ['user.info.basic', 'video.upload', 'video.publish'],
          accessToken: 'act.test',
          accessTokenExpiresAt: day,
          refreshToken: 'rft.unused',
          refreshTokenExpiresAt: day,
        },
        { openId, displayName: 'Seller', username: 'seller', avatarUrl: null },
      );
      return openId;
    },
    close: fake.close,
  };
};

type ConnectAccount = (
  userId: string,
  tokens: TikTokTokenSet,
  user: TikTokUser,
) => Promise<unknown>;

export type ScriptedTikTok = Awaited<ReturnType<typeof startScriptedTikTok>>;
