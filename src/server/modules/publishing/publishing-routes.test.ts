import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { tempImages, tiktokAccounts, tiktokPosts, usageEvents, users } from '../../db/schema';
import { multipart, solidPng } from '../../testing/multipart';
import { seedFinishedRender } from '../../testing/render-fixtures';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';
import { makeMp4 } from '../../testing/tiktok-sandbox-fixtures';
import { probeVideo } from '../../media/probe-video';
import type { ScriptedTikTok } from '../../testing/scripted-tiktok';
import { refusal, startScriptedTikTok } from '../../testing/scripted-tiktok';
import { createTikTokCallBudget } from '../tiktok';

describe('publishing routes', () => {
  let t: TestApp;
  let seams: ScriptedTikTok;
  beforeAll(async () => {
    seams = await startScriptedTikTok();
    t = await createTestApp({}, { env: seams.env });
  });
  afterAll(async () => {
    await t.close();
    await seams.close();
  });
  beforeEach(() => {
    seams.script.initError = null;
    seams.script.status = 'SEND_TO_USER_INBOX';
    seams.script.failReason = null;
  });

  const paidUser = async () => {
    const u = await t.createUser();
    await t.db.db
      .update(users)
      .set({ plan: 'pro', subscriptionStatus: 'active' })
      .where(eq(users.id, u.userId));
    await seams.connect(t, u.userId);
    return u;
  };

  const hostSlide = async (headers: Record<string, string>, width = 1080, height = 1080) => {
    const body = multipart([
      { field: 'image', filename: 's.png', type: 'image/png', data: await solidPng(width, height) },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/temp-images/upload',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    return res.json<{ url: string }>().url;
  };

  /** Polling starts 3 s after the init (a delayed job), so tests wait for the record to move. */
  const settle = async (publishId: string, state: string) => {
    for (let i = 0; i < 100; i++) {
      const [row] = await t.db.db
        .select()
        .from(tiktokPosts)
        .where(eq(tiktokPosts.publishId, publishId));
      if (row?.state === state) return row;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`post ${publishId} never reached ${state}`);
  };

  const init = (headers: Record<string, string>, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/tiktok/photo/upload/init', headers, payload });

  it('sends a carousel once, resumes it by key, counts usage once and polls it into the inbox', async () => {
    const u = await paidUser();
    const slides = [await hostSlide(u.headers), await hostSlide(u.headers)];
    const before = seams.calls.photoInits.length;
    const payload = { title: 'My ad', photo_images: slides, idempotency_key: 'key-aaaaaaaa' };
    const first = await init(u.headers, payload);
    expect(first.statusCode).toBe(200);
    const { data, error } = first.json();
    expect(error.code).toBe('ok');
    expect(data.publish_id).toMatch(/^p_inbox_url/);

    const again = await init(u.headers, payload);
    expect(again.json().data.publish_id).toBe(data.publish_id);
    expect(seams.calls.photoInits.length - before).toBe(1);
    const sent = seams.calls.photoInits.at(-1)!;
    for (const url of sent.photoUrls) expect(new URL(url).origin).toBe('http://localhost:3999');

    const usage = await t.db.db.select().from(usageEvents).where(eq(usageEvents.userId, u.userId));
    expect(usage).toHaveLength(1);

    await settle(data.publish_id, 'in_inbox');
    const status = await t.app.inject({
      method: 'POST',
      url: '/api/tiktok/post/status',
      headers: u.headers,
      payload: { publish_id: data.publish_id },
    });
    expect(status.json().data).toMatchObject({ status: 'SEND_TO_USER_INBOX', state: 'in_inbox' });
    const queue = await t.app.inject({ method: 'GET', url: '/api/queue', headers: u.headers });
    expect(queue.json().items[0]).toMatchObject({
      status: 'review',
      progress: 90,
      prompt: 'My ad',
      hint: 'Uploaded. Open TikTok app to finish posting.',
    });
  });

  it('converts a slide larger than 1080 px on its short side before sending it', async () => {
    const u = await paidUser();
    const big = await hostSlide(u.headers, 1440, 1800);
    const res = await init(u.headers, { photo_images: [big] });
    expect(res.statusCode).toBe(200);
    const url = new URL(seams.calls.photoInits.at(-1)!.photoUrls[0]!);
    const served = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    expect(Math.min(meta.width!, meta.height!)).toBe(1080);
  });

  it('takes a hosted slide’s size from its record, reading the file back only for older rows', async () => {
    const u = await paidUser();
    const slide = await hostSlide(u.headers, 1080, 1350);
    const id = /\/temp\/[^/]+\/([0-9a-f-]{36})\.jpg$/.exec(new URL(slide).pathname)![1]!;
    const [row] = await t.db.db.select().from(tempImages).where(eq(tempImages.id, id));
    expect(row).toMatchObject({ width: 1080, height: 1350 });
    // The stored file is swapped for one the preflight would convert, so a read would show in
    // what TikTok is sent.
    const wide = await sharp(await solidPng(1440, 1800))
      .jpeg()
      .toBuffer();
    await t.storage.put(row!.storageKey, wide, 'image/jpeg');
    const widthSent = async () => {
      const res = await init(u.headers, { photo_images: [slide] });
      expect(res.statusCode).toBe(200);
      const url = new URL(seams.calls.photoInits.at(-1)!.photoUrls[0]!);
      const served = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
      return (await sharp(served.rawPayload).metadata()).width;
    };
    expect(await widthSent()).toBe(1440);

    // A row hosted before its size was recorded (migration 0026) is read and checked as before.
    await t.db.db
      .update(tempImages)
      .set({ width: null, height: null })
      .where(eq(tempImages.id, id));
    expect(await widthSent()).toBe(1080);
  });

  it('names the first slide that is not the user’s, whatever its place', async () => {
    const u = await paidUser();
    const other = await paidUser();
    const own = await hostSlide(u.headers);
    const res = await init(u.headers, {
      photo_images: [own, own, await hostSlide(other.headers), own],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'tiktok_preflight_failed',
      error: expect.stringMatching(/^Slide 3 is not one of your hosted slides/),
    });
  });

  it('refuses slides that are not the user’s hosted slides: 422, nothing stored, nothing sent', async () => {
    const u = await paidUser();
    const other = await paidUser();
    const foreign = await hostSlide(other.headers);
    const before = seams.calls.photoInits.length;
    for (const photo_images of [
      [foreign],
      ['http://169.254.169.254/latest/meta-data/x.jpg'],
      ['http://localhost:3999/files/temp/x/y.jpg'],
    ]) {
      const res = await init(u.headers, { photo_images });
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe('tiktok_preflight_failed');
    }
    expect(seams.calls.photoInits.length).toBe(before);
    const rows = await t.db.db.select().from(tiktokPosts).where(eq(tiktokPosts.userId, u.userId));
    expect(rows).toHaveLength(0);
  });

  it('answers 404 for another user’s publish id and upload URL', async () => {
    const owner = await paidUser();
    const sent = await init(owner.headers, { photo_images: [await hostSlide(owner.headers)] });
    const publishId = sent.json().data.publish_id;
    const stranger = await paidUser();
    const status = await t.app.inject({
      method: 'POST',
      url: '/api/tiktok/post/status',
      headers: stranger.headers,
      payload: { publish_id: publishId },
    });
    expect(status.statusCode).toBe(404);
    const put = await t.app.inject({
      method: 'POST',
      url: '/api/tiktok/upload/put',
      headers: stranger.headers,
      payload: { upload_url: 'https://upload.example/1?sig=x' },
    });
    expect(put.statusCode).toBe(404);
    const hide = await t.app.inject({
      method: 'DELETE',
      url: `/api/queue/${sent.json().data.post_id}`,
      headers: stranger.headers,
    });
    expect(hide.statusCode).toBe(404);
  });

  it('a refused init is failed in plain words; an unknown outcome is never sent again by its key', async () => {
    const u = await paidUser();
    seams.script.initError = refusal('spam_risk_too_many_posts');
    const refused = await init(u.headers, {
      photo_images: [await hostSlide(u.headers)],
      idempotency_key: 'key-refused1',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatch(/posted too much today/);
    // An unaudited client's direct-post rule (decision 109), told as what to do.
    seams.script.initError = refusal('unaudited_client_can_only_post_to_private_accounts');
    const unaudited = await init(u.headers, {
      photo_images: [await hostSlide(u.headers)],
      idempotency_key: 'key-unaudited1',
    });
    expect(unaudited.json().error).toBe(
      'Until TikTok has reviewed Hookreel, TikTok takes its direct posts only as private ones ("Only me") to a private account. Make the account private in the TikTok app and choose Only me, or send it as a draft to your inbox instead.',
    );

    seams.script.initError = 'dropped';
    const payload = { photo_images: [await hostSlide(u.headers)], idempotency_key: 'key-unknown1' };
    const lost = await init(u.headers, payload);
    expect(lost.statusCode).toBe(502);
    // Decision 085: the call is over, so the post ends at once, telling the seller to look first.
    expect(lost.json().error).toMatch(
      /Check your TikTok inbox: if the post is not there, send it again/,
    );
    const [row] = await t.db.db
      .select()
      .from(tiktokPosts)
      .where(and(eq(tiktokPosts.userId, u.userId), eq(tiktokPosts.clientKey, 'key-unknown1')));
    expect(row).toMatchObject({ state: 'failed', failReason: 'init_unconfirmed', publishId: null });
    seams.script.initError = null;
    const before = seams.calls.photoInits.length;
    const retry = await init(u.headers, payload);
    expect(retry.statusCode).toBe(422);
    expect(retry.json().error).toBe(lost.json().error);
    expect(seams.calls.photoInits.length).toBe(before);
    // A new attempt (the dialog's new key once the server answered) is sent.
    const fresh = await init(u.headers, { ...payload, idempotency_key: 'key-unknown2' });
    expect(fresh.statusCode).toBe(200);
  });

  it('a video whose init got no answer is failed at once: nothing can arrive, send it again', async () => {
    const u = await paidUser();
    const mp4 = await makeMp4(t.config.ffmpeg);
    // Only the user's own finished render may be posted (decision 075).
    const render = await seedFinishedRender(t, u.userId, mp4);
    const payload = {
      title: 'Lost clip',
      video_url: render.url,
      idempotency_key: 'key-video-lost',
    };
    // A gateway's 504 without TikTok's envelope: no answer from TikTok itself.
    seams.script.initError = { status: 504 };
    const lost = await t.app.inject({
      method: 'POST',
      url: '/api/tiktok/video/upload/init',
      headers: u.headers,
      payload,
    });
    expect(lost.statusCode).toBe(502);
    expect(lost.json().error).toMatch(
      /did not answer, so the video was not uploaded .* Send it again\./,
    );
    seams.script.initError = null;
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/tiktok/video/upload/init',
      headers: u.headers,
      payload,
    });
    expect(again.statusCode, again.body).toBe(200);
  });

  it('converts a video TikTok would refuse (15 fps, 320 px) and refuses one longer than the creator may post', async () => {
    const u = await paidUser();
    const source = await makeMp4(t.config.ffmpeg, { fps: 15, size: '320x180', seconds: 2 });
    const render = await seedFinishedRender(t, u.userId, source);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/tiktok/video/upload/init',
      headers: u.headers,
      payload: { title: 'Converted', video_url: render.url, idempotency_key: 'key-convert1' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const [row] = await t.db.db
      .select()
      .from(tiktokPosts)
      .where(and(eq(tiktokPosts.userId, u.userId), eq(tiktokPosts.clientKey, 'key-convert1')));
    const stored = await t.storage.get(row!.media.keys[0]!);
    const probe = await probeVideo(stored!.body, t.config.ffmpeg);
    expect(probe.video).toMatchObject({ codec: 'h264', width: 640, height: 360 });
    expect(probe.video!.fps).toBeCloseTo(30, 1);
    expect(seams.calls.videoInits.at(-1)!.videoSize).toBe(stored!.body.length);

    seams.script.maxDuration = 1;
    try {
      const long = await t.app.inject({
        method: 'POST',
        url: '/api/tiktok/video/upload/init',
        headers: u.headers,
        payload: { title: 'Long', video_url: render.url, idempotency_key: 'key-convert2' },
      });
      expect(long.statusCode).toBe(422);
      expect(long.json()).toMatchObject({ code: 'tiktok_preflight_failed' });
      expect(long.json().error).toBe(
        'Video duration: 2s (exceeds max allowed 1s). Trim it and send it again.',
      );
    } finally {
      seams.script.maxDuration = 300;
    }
  });

  it('an upload URL that expired ends the post in words, resendable, when TikTok holds nothing', async () => {
    const u = await paidUser();
    const render = await seedFinishedRender(t, u.userId, await makeMp4(t.config.ffmpeg));
    seams.script.status = 'PROCESSING_UPLOAD';
    seams.script.uploadError = refusal('upload_url_expired', 403, 'log-expired');
    try {
      const sent = await t.app.inject({
        method: 'POST',
        url: '/api/tiktok/video/upload/init',
        headers: u.headers,
        payload: { title: 'Late', video_url: render.url, idempotency_key: 'key-expired1' },
      });
      expect(sent.statusCode, sent.body).toBe(200);
      const row = await settle(sent.json().data.publish_id, 'failed');
      expect(row).toMatchObject({ failReason: 'upload_url_expired', logId: 'log-expired' });
      expect(row.message).toBe(
        'TikTok stopped waiting for the video an hour after the upload began, so it will not reach your inbox. Send it again.',
      );
    } finally {
      seams.script.uploadError = null;
    }
    // Nothing of it is on TikTok's side: the same key is a new attempt (decision 085).
    const before = seams.calls.videoInits.length;
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/tiktok/video/upload/init',
      headers: u.headers,
      payload: { title: 'Late', video_url: render.url, idempotency_key: 'key-expired1' },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(seams.calls.videoInits.length).toBe(before + 1);
  });

  it('a spent init budget refuses the send without leaving a pending post', async () => {
    const u = await paidUser();
    // TikTok's six inits a minute for this account were taken (by other tabs, a campaign).
    const budget = createTikTokCallBudget(t.db.db);
    for (let i = 0; i < 6; i++) await budget.reserve(`open-${u.userId}`, 'init');
    const res = await init(u.headers, { photo_images: [await hostSlide(u.headers)] });
    expect(res.statusCode).toBe(429);
    const queue = await t.app.inject({ method: 'GET', url: '/api/queue', headers: u.headers });
    expect(queue.json().items).toEqual([]);
  });

  it('explains the sixth pending share before trying it', async () => {
    const u = await paidUser();
    for (let i = 0; i < 5; i++) {
      const res = await init(u.headers, { photo_images: [await hostSlide(u.headers)] });
      expect(res.statusCode).toBe(200);
    }
    const before = seams.calls.photoInits.length;
    const sixth = await init(u.headers, { photo_images: [await hostSlide(u.headers)] });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ code: 'tiktok_pending_limit' });
    expect(sixth.json().error).toMatch(/at most 5 posts waiting/);
    expect(seams.calls.photoInits.length).toBe(before);
  });

  it('a FAILED status becomes a failed queue item with plain words', async () => {
    const u = await paidUser();
    seams.script.status = 'FAILED';
    seams.script.failReason = 'picture_size_check_failed';
    const sent = await init(u.headers, { photo_images: [await hostSlide(u.headers)] });
    await settle(sent.json().data.publish_id, 'failed');
    const queue = await t.app.inject({ method: 'GET', url: '/api/queue', headers: u.headers });
    expect(queue.json().items[0]).toMatchObject({
      status: 'failed',
      progress: 0,
      fail_reason: 'picture_size_check_failed',
    });
    expect(queue.json().items[0].hint).toMatch(/^Failed: One of the slides is too large/);
  });

  describe('webhooks', () => {
    const sign = (body: string, t0 = Math.floor(Date.now() / 1000), secret = seams.webhookSecret) =>
      `t=${t0},s=${createHmac('sha256', secret).update(`${t0}.${body}`).digest('hex')}`;
    const event = (name: string, openId: string, content: object) =>
      JSON.stringify({
        client_key: 'sbx',
        event: name,
        create_time: Math.floor(Date.now() / 1000),
        user_openid: openId,
        content: JSON.stringify(content),
      });
    const deliver = (body: string, signature: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/tiktok/webhooks',
        headers: { 'content-type': 'application/json', 'tiktok-signature': signature },
        payload: body,
      });

    /** Whether the accounts module marked the connection to `openId` for a reconnect. */
    const reconnectNeeded = async (openId: string) => {
      const [row] = await t.db.db
        .select({ flag: tiktokAccounts.reconnectNeeded })
        .from(tiktokAccounts)
        .where(eq(tiktokAccounts.openId, openId));
      return row!.flag;
    };

    it('refuses a bad signature and a stale one, changing nothing', async () => {
      await seams.connect(t, (await t.createUser()).userId, 'open-x');
      const body = event('authorization.removed', 'open-x', {});
      expect((await deliver(body, sign(body, undefined, 'wrong'))).statusCode).toBe(400);
      // Past TikTok's 72 hours of retries (and our hour of slack), or from the future.
      const stale = Math.floor(Date.now() / 1000) - 74 * 3600;
      expect((await deliver(body, sign(body, stale))).statusCode).toBe(400);
      const ahead = Math.floor(Date.now() / 1000) + 600;
      expect((await deliver(body, sign(body, ahead))).statusCode).toBe(400);
      expect((await deliver(body, 't=1,s=')).statusCode).toBe(400);
      expect(await reconnectNeeded('open-x')).toBe(false);
      expect((await deliver(body, sign(body))).statusCode).toBe(200);
      expect(await reconnectNeeded('open-x')).toBe(true);
    });

    it('applies an event TikTok retried for up to 72 hours once, and a replay changes nothing', async () => {
      const now = Math.floor(Date.now() / 1000);
      const body = event('authorization.removed', 'open-late', {});
      const seller = (await t.createUser()).userId;
      await seams.connect(t, seller, 'open-late');
      // Each application marks the connection; counted and reconnected here, so a second
      // application would mark it again.
      let applied = 0;
      const times = async () => {
        if (await reconnectNeeded('open-late')) {
          applied++;
          await seams.connect(t, seller, 'open-late');
        }
        return applied;
      };
      // TikTok's first tries failed (our server was down); its retry 70 hours later arrives.
      expect((await deliver(body, sign(body, now - 70 * 3600))).statusCode).toBe(200);
      expect(await times()).toBe(1);
      // Another retry of the same event, and an attacker replaying the captured delivery.
      expect((await deliver(body, sign(body, now - 71 * 3600))).statusCode).toBe(200);
      expect((await deliver(body, sign(body))).statusCode).toBe(200);
      expect(await times()).toBe(1);
      // A new event for the same account (it was connected and removed again) is applied.
      const again = JSON.stringify({ ...JSON.parse(body), create_time: now + 1 });
      expect((await deliver(again, sign(again))).statusCode).toBe(200);
      expect(await times()).toBe(2);
    });

    it('applies webhook-before-poll and replays idempotently, keeping int64 post ids exact', async () => {
      const u = await paidUser();
      seams.script.status = 'PROCESSING_DOWNLOAD';
      const sent = await init(u.headers, { photo_images: [await hostSlide(u.headers)] });
      const publishId = sent.json().data.publish_id;
      const delivered = event('post.publish.inbox_delivered', `open-${u.userId}`, {
        publish_id: publishId,
        publish_type: 'INBOX_SHARE',
      });
      expect((await deliver(delivered, sign(delivered))).statusCode).toBe(200);
      expect((await deliver(delivered, sign(delivered))).statusCode).toBe(200);
      const raw = `{"client_key":"sbx","event":"post.publish.publicly_available","create_time":1,"user_openid":"open-${u.userId}","content":"{\\"publish_id\\":\\"${publishId}\\",\\"post_id\\":7311111111111111123}"}`;
      expect((await deliver(raw, sign(raw))).statusCode).toBe(200);
      // A late poll saying "still downloading" must not move it back.
      await new Promise((r) => setTimeout(r, 4000));
      const [row] = await t.db.db
        .select()
        .from(tiktokPosts)
        .where(eq(tiktokPosts.publishId, publishId));
      expect(row).toMatchObject({ state: 'published', postIds: ['7311111111111111123'] });
      const late = event('post.publish.failed', `open-${u.userId}`, {
        publish_id: publishId,
        reason: 'internal',
      });
      await deliver(late, sign(late));
      const [after] = await t.db.db
        .select()
        .from(tiktokPosts)
        .where(eq(tiktokPosts.publishId, publishId));
      expect(after!.state).toBe('published');
    });

    it('keeps TikTok’s post id when two webhooks about one post arrive at once', async () => {
      // The sandbox (like TikTok) sends post.publish.complete without a post id and
      // post.publish.publicly_available with one; each handler reads the post before the other
      // writes it. CI once lost the id this way, and analytics then could not name the video.
      const u = await paidUser();
      seams.script.status = 'PROCESSING_DOWNLOAD';
      for (let round = 0; round < 4; round++) {
        const sent = await init(u.headers, { photo_images: [await hostSlide(u.headers)] });
        const publishId = sent.json().data.publish_id;
        const postId = `73111111111111111${20 + round}`;
        const complete = event('post.publish.complete', `open-${u.userId}`, {
          publish_id: publishId,
        });
        const available = event('post.publish.publicly_available', `open-${u.userId}`, {
          publish_id: publishId,
          post_id: postId,
        });
        const both = [
          () => deliver(complete, sign(complete)),
          () => deliver(available, sign(available)),
        ];
        if (round % 2) both.reverse();
        const answers = await Promise.all(both.map((send) => send()));
        expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
        const [row] = await t.db.db
          .select()
          .from(tiktokPosts)
          .where(eq(tiktokPosts.publishId, publishId));
        expect(row).toMatchObject({ state: 'published', postIds: [postId] });
      }
    });

    it('shows a posted item TikTok no longer shows publicly as such, in words, by the events’ own times', async () => {
      const u = await paidUser();
      seams.script.status = 'PROCESSING_DOWNLOAD';
      const sent = await init(u.headers, { photo_images: [await hostSlide(u.headers)] });
      const publishId = sent.json().data.publish_id;
      const at = (seconds: number, name: string, content: object) =>
        JSON.stringify({
          client_key: 'sbx',
          event: name,
          create_time: seconds,
          user_openid: `open-${u.userId}`,
          content: JSON.stringify({
            publish_id: publishId,
            publish_type: 'INBOX_SHARE',
            ...content,
          }),
        });
      const queueItem = async () => {
        const queue = await t.app.inject({ method: 'GET', url: '/api/queue', headers: u.headers });
        return queue
          .json<{ items: { publish_id: string; hint: string; status: string }[] }>()
          .items.find((i) => i.publish_id === publishId)!;
      };
      const now = Math.floor(Date.now() / 1000);
      const shown = at(now - 30, 'post.publish.publicly_available', {
        post_id: '7311111111111111999',
      });
      expect((await deliver(shown, sign(shown))).statusCode).toBe(200);
      expect(await queueItem()).toMatchObject({ status: 'completed', hint: 'Posted on TikTok.' });

      const gone = at(now - 10, 'post.publish.no_longer_publicaly_available', {
        post_id: '7311111111111111999',
      });
      expect((await deliver(gone, sign(gone))).statusCode).toBe(200);
      const item = await queueItem();
      expect(item.status).toBe('completed');
      expect(item.hint).toMatch(
        /^No longer public on TikTok: it was made private or removed there/,
      );

      // A retry of the older "public" event arriving late does not undo it; a newer one does.
      const retried = at(now - 20, 'post.publish.publicly_available', {
        post_id: '7311111111111111999',
      });
      expect((await deliver(retried, sign(retried))).statusCode).toBe(200);
      expect((await queueItem()).hint).toMatch(/^No longer public on TikTok/);
      const again = at(now, 'post.publish.publicly_available', { post_id: '7311111111111111999' });
      expect((await deliver(again, sign(again))).statusCode).toBe(200);
      expect((await queueItem()).hint).toBe('Posted on TikTok.');
    });

    it('poll-before-webhook: the webhook repeating the poll changes nothing', async () => {
      const u = await paidUser();
      const sent = await init(u.headers, { photo_images: [await hostSlide(u.headers)] });
      const publishId = sent.json().data.publish_id;
      await settle(publishId, 'in_inbox');
      const [polled] = await t.db.db
        .select()
        .from(tiktokPosts)
        .where(eq(tiktokPosts.publishId, publishId));
      expect(polled!.state).toBe('in_inbox');
      const delivered = event('post.publish.inbox_delivered', `open-${u.userId}`, {
        publish_id: publishId,
      });
      expect((await deliver(delivered, sign(delivered))).statusCode).toBe(200);
      const [row] = await t.db.db
        .select()
        .from(tiktokPosts)
        .where(eq(tiktokPosts.publishId, publishId));
      expect(row!.state).toBe('in_inbox');
      expect(row!.updatedAt.getTime()).toBeGreaterThanOrEqual(polled!.updatedAt.getTime());
    });
  });
});
