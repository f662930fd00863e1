import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tiktokSandboxAccounts } from './sandbox-schema';
import type { SandboxClientFixture } from '../../../testing/sandbox-client-fixture';
import {
  createSandboxClientFixture,
  tikTokApiError,
} from '../../../testing/sandbox-client-fixture';
import { makeMp4, seedSandboxAccount } from '../../../testing/tiktok-sandbox-fixtures';

/** The real client against the sandbox over HTTP: inbox video init, chunk PUTs, mp4 checks. */
let ctx: SandboxClientFixture['ctx'];
let client: SandboxClientFixture['client'];
let hooks: SandboxClientFixture['hooks'];
let seller: SandboxClientFixture['seller'];
let close: SandboxClientFixture['close'] | undefined;

beforeAll(async () => {
  ({ ctx, client, hooks, seller, close } = await createSandboxClientFixture());
});

afterAll(async () => {
  await close?.();
});

const uploadWhole = async (uploadUrl: string, video: Buffer, type = 'video/mp4') =>
  client.uploadChunk(
    uploadUrl,
    video,
    { first: 0, last: video.length - 1, total: video.length },
    type,
  );

const settled = async (accessToken: string, publishId: string) => {
  await ctx.jobs.drain(30_000);
  return client.fetchStatus(accessToken, publishId);
};

describe('inbox video (FILE_UPLOAD)', () => {
  it('receives a single-chunk mp4, checks it and delivers it; the upload URL is single-use', async () => {
    const account = await seedSandboxAccount(ctx.db.db, seller.userId);
    const video = await makeMp4(ctx.config.ffmpeg);
    const { publishId, uploadUrl } = await client.initInboxVideo(account.accessToken, {
      videoSize: video.length,
      chunkSize: video.length,
      totalChunkCount: 1,
    });
    expect(publishId).toMatch(/^v_inbox_file~v2\.\d{19}$/);
    expect(uploadUrl.startsWith(`${ctx.config.tiktok.apiOrigin}/video/?upload_id=`)).toBe(true);
    expect(uploadUrl.length).toBeLessThanOrEqual(256);
    expect((await client.fetchStatus(account.accessToken, publishId)).status).toBe(
      'PROCESSING_UPLOAD',
    );

    await uploadWhole(uploadUrl, video);
    const status = await settled(account.accessToken, publishId);
    expect(status).toMatchObject({ status: 'SEND_TO_USER_INBOX', uploadedBytes: video.length });
    expect(hooks.received).toContainEqual(
      expect.objectContaining({
        event: 'post.publish.inbox_delivered',
        content: { publish_id: publishId, publish_type: 'INBOX_SHARE' },
      }),
    );
    expect(await tikTokApiError(uploadWhole(uploadUrl, video))).toMatchObject({ httpStatus: 404 });

    const inbox = await ctx.app.inject({
      method: 'GET',
      url: '/tiktok-sandbox/api/inbox',
      headers: seller.headers,
    });
    const item = inbox
      .json<{ accounts: { open_id: string; items: { media_urls: string[] }[] }[] }>()
      .accounts.find((a) => a.open_id === account.openId)?.items[0];
    const played = await fetch(item!.media_urls[0]!);
    expect(Buffer.from(await played.arrayBuffer()).equals(video)).toBe(true);
  });

  it('enforces the chunk rules at init', async () => {
    const account = await seedSandboxAccount(ctx.db.db, seller.userId);
    const init = (videoSize: number, chunkSize: number, totalChunkCount: number) =>
      tikTokApiError(
        client.initInboxVideo(account.accessToken, { videoSize, chunkSize, totalChunkCount }),
      );
    // Under 5 MB: one chunk of the whole size.
    expect(await init(1_000_000, 500_000, 2)).toMatchObject({ httpStatus: 400 });
    // Counts round down: 12 MB in 5 MB chunks is 2 chunks, not 3.
    expect(await init(12_000_000, 5_000_000, 3)).toMatchObject({ httpStatus: 400 });
    // Chunks are at least 5 MB and at most 64 MB.
    expect(await init(20_000_000, 4_000_000, 5)).toMatchObject({ httpStatus: 400 });
    expect(await init(200_000_000, 70_000_000, 2)).toMatchObject({ httpStatus: 400 });
    // Over 64 MB must be several chunks.
    expect(await init(100_000_000, 100_000_000, 1)).toMatchObject({ httpStatus: 400 });
    // More than 1000 chunks.
    expect(await init(5_010_000_000, 5_000_000, 1002)).toMatchObject({ httpStatus: 400 });
  });

  it('takes chunks in order only: out of order is 416, a wrong size 400, the last absorbs the remainder', async () => {
    const account = await seedSandboxAccount(ctx.db.db, seller.userId);
    const size = 12_000_123;
    const bytes = randomBytes(size);
    const { publishId, uploadUrl } = await client.initInboxVideo(account.accessToken, {
      videoSize: size,
      chunkSize: 5_000_000,
      totalChunkCount: 2,
    });
    const put = (first: number, last: number) =>
      client.uploadChunk(
        uploadUrl,
        bytes.subarray(first, last + 1),
        { first, last, total: size },
        'video/mp4',
      );
    expect(await tikTokApiError(put(5_000_000, size - 1))).toMatchObject({ httpStatus: 416 });
    expect(await tikTokApiError(put(0, 3_999_999))).toMatchObject({ httpStatus: 400 });
    await put(0, 4_999_999);
    // The same chunk again overlaps what arrived.
    expect(await tikTokApiError(put(0, 4_999_999))).toMatchObject({ httpStatus: 416 });
    await put(5_000_000, size - 1);
    // Random bytes are no mp4.
    expect(await settled(account.accessToken, publishId)).toMatchObject({
      status: 'FAILED',
      failReason: 'file_format_check_failed',
      uploadedBytes: size,
    });
  });

  it('refuses a chunk PUT without video content type or with a wrong total', async () => {
    const account = await seedSandboxAccount(ctx.db.db, seller.userId);
    const { uploadUrl } = await client.initInboxVideo(account.accessToken, {
      videoSize: 10,
      chunkSize: 10,
      totalChunkCount: 1,
    });
    const body = Buffer.alloc(10);
    expect(
      await tikTokApiError(
        client.uploadChunk(uploadUrl, body, { first: 0, last: 9, total: 10 }, 'image/png'),
      ),
    ).toMatchObject({ httpStatus: 400 });
    expect(
      await tikTokApiError(
        client.uploadChunk(uploadUrl, body, { first: 0, last: 9, total: 11 }, 'video/mp4'),
      ),
    ).toMatchObject({ httpStatus: 400 });
    expect(
      await tikTokApiError(
        client.uploadChunk(`${uploadUrl}x`, body, { first: 0, last: 9, total: 10 }, 'video/mp4'),
      ),
    ).toMatchObject({ httpStatus: 404 });
  });

  it('fails a video longer than the creator may post with duration_check_failed', async () => {
    const account = await seedSandboxAccount(ctx.db.db, seller.userId, {
      maxVideoPostDurationSec: 1,
    });
    const video = await makeMp4(ctx.config.ffmpeg, { seconds: 2 });
    const { publishId, uploadUrl } = await client.initInboxVideo(account.accessToken, {
      videoSize: video.length,
      chunkSize: video.length,
      totalChunkCount: 1,
    });
    await uploadWhole(uploadUrl, video);
    expect(await settled(account.accessToken, publishId)).toMatchObject({
      status: 'FAILED',
      failReason: 'duration_check_failed',
    });
  });

  it('fails 15 fps with frame_rate_check_failed and MPEG-4 Part 2 with file_format_check_failed', async () => {
    const account = await seedSandboxAccount(ctx.db.db, seller.userId);
    for (const [video, reason] of [
      [await makeMp4(ctx.config.ffmpeg, { fps: 15 }), 'frame_rate_check_failed'],
      [await makeMp4(ctx.config.ffmpeg, { codec: 'mpeg4' }), 'file_format_check_failed'],
    ] as const) {
      const { publishId, uploadUrl } = await client.initInboxVideo(account.accessToken, {
        videoSize: video.length,
        chunkSize: video.length,
        totalChunkCount: 1,
      });
      await uploadWhole(uploadUrl, video);
      expect(await settled(account.accessToken, publishId)).toMatchObject({
        status: 'FAILED',
        failReason: reason,
      });
    }
  });

  it('takes what TikTok takes (WebM VP8/VP9, MOV H.265) and refuses what it does not, by the one table', async () => {
    const account = await seedSandboxAccount(ctx.db.db, seller.userId);
    const ffmpeg = ctx.config.ffmpeg;
    const cases = [
      [await makeMp4(ffmpeg, { codec: 'libvpx-vp9', container: 'webm' }), 'video/webm', null],
      [await makeMp4(ffmpeg, { codec: 'libvpx', container: 'webm' }), 'video/webm', null],
      [await makeMp4(ffmpeg, { codec: 'libx265', container: 'mov' }), 'video/quicktime', null],
      [await makeMp4(ffmpeg, { fps: 60, size: '640x360' }), 'video/mp4', null],
      // Under 360 px on a side, and H.264 in Matroska (an MKV, not a WebM).
      [await makeMp4(ffmpeg, { size: '320x568' }), 'video/mp4', 'picture_size_check_failed'],
      [await makeMp4(ffmpeg, { container: 'mkv' }), 'video/webm', 'file_format_check_failed'],
    ] as const;
    for (const [video, type, reason] of cases) {
      const { publishId, uploadUrl } = await client.initInboxVideo(account.accessToken, {
        videoSize: video.length,
        chunkSize: video.length,
        totalChunkCount: 1,
      });
      await uploadWhole(uploadUrl, video, type);
      expect(await settled(account.accessToken, publishId), `${type} ${reason}`).toMatchObject(
        reason ? { status: 'FAILED', failReason: reason } : { status: 'SEND_TO_USER_INBOX' },
      );
    }
  });

  it('takes a direct video post from its unaudited client only as SELF_ONLY to a private account', async () => {
    const scopes = ['user.info.basic', 'video.upload', 'video.publish'];
    const open = await seedSandboxAccount(ctx.db.db, seller.userId, { scopes });
    const closed = await seedSandboxAccount(ctx.db.db, seller.userId, { scopes });
    await ctx.db.db
      .update(tiktokSandboxAccounts)
      .set({ privateAccount: true })
      .where(eq(tiktokSandboxAccounts.openId, closed.openId));
    const video = await makeMp4(ctx.config.ffmpeg);
    const direct = (accessToken: string, privacy: string) =>
      fetch(`${ctx.config.tiktok.apiOrigin}/v2/post/publish/video/init/`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${accessToken}`,
          'content-type': 'application/json; charset=UTF-8',
        },
        body: JSON.stringify({
          post_info: { privacy_level: privacy, title: 'Direct clip' },
          source_info: {
            source: 'FILE_UPLOAD',
            video_size: video.length,
            chunk_size: video.length,
            total_chunk_count: 1,
          },
        }),
      });
    const refused = await direct(open.accessToken, 'SELF_ONLY');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      error: { code: 'unaudited_client_can_only_post_to_private_accounts' },
    });

    const taken = await direct(closed.accessToken, 'SELF_ONLY');
    expect(taken.status).toBe(200);
    const { data } = (await taken.json()) as { data: { publish_id: string; upload_url: string } };
    expect(data.publish_id).toMatch(/^v_pub_file~v2\.\d{19}$/);
    await uploadWhole(data.upload_url, video);
    expect(await settled(closed.accessToken, data.publish_id)).toMatchObject({
      status: 'PUBLISH_COMPLETE',
      publiclyAvailablePostIds: [],
    });
    expect(hooks.received).toContainEqual(
      expect.objectContaining({
        event: 'post.publish.complete',
        content: { publish_id: data.publish_id, publish_type: 'DIRECT_PUBLISH' },
      }),
    );
  });
});
