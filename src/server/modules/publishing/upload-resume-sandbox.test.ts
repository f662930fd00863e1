import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tiktokPosts } from '../../db/schema';
import { tiktokSandboxPosts } from '../../adapters/tiktok/sandbox/sandbox-schema';
import { startDroppingProxy } from '../../testing/fakes/dropping-proxy';
import type { ListeningTestApp } from '../../testing/listening-test-app';
import { createListeningTestApp } from '../../testing/listening-test-app';
import { connectedSeller } from '../../testing/publishing-fixtures';
import { seedFinishedRender } from '../../testing/render-fixtures';
import { makeMp4 } from '../../testing/tiktok-sandbox-fixtures';

/** An MP4 grown past 64 MB by a trailing `free` box, which every reader skips. */
const paddedMp4 = (mp4: Buffer, size: number) => {
  const pad = Buffer.alloc(size - mp4.length);
  pad.writeUInt32BE(pad.length, 0);
  pad.write('free', 4, 'latin1');
  return Buffer.concat([mp4, pad]);
};

const until = async <T>(what: string, probe: () => Promise<T | null | undefined>) => {
  for (let i = 0; i < 300; i++) {
    const value = await probe();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} did not happen`);
};

/**
 * Issue 23: a chunked upload (over 64 MB) cut off after TikTok took some chunks was sent again
 * from byte 0, which TikTok answers with 416, so the post never arrived. Against the built-in
 * sandbox over HTTP with the real client, the second sender goes on from what TikTok holds.
 */
describe('a chunked upload that broke off after TikTok took some chunks', () => {
  let t: ListeningTestApp;
  // The app's own address is the proxy, so the real client reaches the sandbox through it; the
  // proxy loses one chunk's answer after the sandbox took the chunk (a dropped connection).
  let proxy: Awaited<ReturnType<typeof startDroppingProxy>>;

  beforeAll(async () => {
    proxy = await startDroppingProxy();
    t = await createListeningTestApp({}, { env: { APP_URL: proxy.url } });
    proxy.forwardTo(t.appUrl);
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
  });

  it('goes on from the byte TikTok holds instead of starting again at 0', async () => {
    const u = await connectedSeller(t, { plan: 'pro' });
    const video = paddedMp4(await makeMp4(t.config.ffmpeg), 70_000_123);
    const render = await seedFinishedRender(t, u.userId, video);
    // 7 chunks of 10 MB, the last with the remainder; the answer to the second one is lost.
    proxy.dropAnswerOfChunkAt(10_000_000);

    const init = await t.app.inject({
      method: 'POST',
      url: '/api/tiktok/video/upload/init',
      headers: u.headers,
      payload: { title: 'Big clip', video_url: render.url, idempotency_key: 'resume-chunks-1' },
    });
    expect(init.statusCode, init.body).toBe(200);
    const publishId = init.json<{ data: { publish_id: string } }>().data.publish_id;

    const delivered = await until('the post to reach the inbox', async () => {
      const [row] = await t.db.db
        .select()
        .from(tiktokPosts)
        .where(eq(tiktokPosts.publishId, publishId));
      if (row?.state === 'failed') throw new Error(`the post failed: ${row.message}`);
      return row?.state === 'in_inbox' ? row : null;
    });
    expect(delivered.media.uploaded).toBe(true);

    // First sender: chunks 0 and 1 arrived. The next asked for byte 0, was told (416) that
    // TikTok holds 20 MB, and sent the rest once each.
    expect(proxy.chunks.slice(0, 3)).toEqual([
      { first: 0, answer: 206 },
      { first: 10_000_000, answer: 'dropped' },
      { first: 0, answer: 416 },
    ]);
    expect(proxy.chunks.slice(3).map((c) => c.first)).toEqual([
      20_000_000, 30_000_000, 40_000_000, 50_000_000, 60_000_000,
    ]);
    const [received] = await t.db.db
      .select()
      .from(tiktokSandboxPosts)
      .where(eq(tiktokSandboxPosts.publishId, publishId));
    expect(received).toMatchObject({ status: 'SEND_TO_USER_INBOX', receivedBytes: video.length });
  }, 120_000);
});
