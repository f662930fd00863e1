import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tiktokSandboxPosts } from '../../adapters/tiktok/sandbox/sandbox-schema';
import type { ListeningTestApp } from '../../testing/listening-test-app';
import { createListeningTestApp } from '../../testing/listening-test-app';
import {
  connectedSeller as connectSeller,
  hostSlide as hostOne,
  settlePost,
} from '../../testing/publishing-fixtures';
import { seedFinishedRender } from '../../testing/render-fixtures';
import { makeMp4 } from '../../testing/tiktok-sandbox-fixtures';

/**
 * Publishing end to end against the built-in sandbox over HTTP: the real client, the real
 * accounts module, the sandbox's real downloads and checks, and its signed webhooks arriving at
 * our webhook route.
 */
describe('publishing against the TikTok sandbox', () => {
  let t: ListeningTestApp;
  beforeAll(async () => {
    t = await createListeningTestApp();
  });
  afterAll(() => t.close());

  const connectedSeller = () => connectSeller(t, { plan: 'pro' });
  const hostSlide = (headers: Record<string, string>) => hostOne(t, headers);
  const settle = (publishId: string, states: string[]) => settlePost(t, { publishId }, states);

  it('sends a carousel to the sandbox inbox once, even when the init is repeated', async () => {
    const u = await connectedSeller();
    const payload = {
      title: 'Sandbox carousel',
      photo_images: [await hostSlide(u.headers), await hostSlide(u.headers)],
      idempotency_key: 'sandbox-key-1',
    };
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/tiktok/photo/upload/init',
      headers: u.headers,
      payload,
    });
    expect(first.statusCode, first.body).toBe(200);
    const publishId = first.json().data.publish_id as string;
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/tiktok/photo/upload/init',
      headers: u.headers,
      payload,
    });
    expect(again.json().data.publish_id).toBe(publishId);

    const row = await settle(publishId, ['in_inbox', 'failed']);
    expect(row.state, row.message ?? '').toBe('in_inbox');
    const received = await t.db.db
      .select()
      .from(tiktokSandboxPosts)
      .where(eq(tiktokSandboxPosts.openId, u.openId));
    expect(received).toHaveLength(1);
    expect(received[0]!.publishId).toBe(publishId);
  });

  it('sends a finished render through the chunk upload to the inbox; put answers at once', async () => {
    const u = await connectedSeller();
    const mp4 = await makeMp4(t.config.ffmpeg);
    const { url: videoUrl } = await seedFinishedRender(t, u.userId, mp4);
    // The upload job is held back so the first put surely meets it still waiting.
    const send = t.jobs.send;
    t.jobs.send = (job, payload, options) =>
      send(job, payload, { ...options, startAfter: options?.startAfter ?? 3600 });
    let init;
    try {
      init = await t.app.inject({
        method: 'POST',
        url: '/api/tiktok/video/upload/init',
        headers: u.headers,
        payload: { title: 'Clip', video_url: videoUrl, idempotency_key: 'sandbox-video-1' },
      });
    } finally {
      t.jobs.send = send;
    }
    expect(init.statusCode, init.body).toBe(200);
    const { publish_id: publishId, upload_url: uploadUrl } = init.json().data;
    const put = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/tiktok/upload/put',
        headers: u.headers,
        payload: { upload_url: uploadUrl, proxiedUrl: videoUrl },
      });
    const early = await put();
    expect(early.statusCode, early.body).toBe(200);
    expect(early.json().data).toEqual({
      publish_id: publishId,
      uploaded_bytes: 0,
      uploading: true,
    });

    await t.db.executor.executeSql(
      `UPDATE pgboss.job SET start_after = now() WHERE name = 'tiktok-post-upload'`,
    );
    await t.jobs.drain();
    const done = await put();
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toEqual({
      publish_id: publishId,
      uploaded_bytes: mp4.length,
      uploading: false,
    });
    const row = await settle(publishId, ['in_inbox', 'failed']);
    expect(row.state, row.message ?? '').toBe('in_inbox');
  });
});
