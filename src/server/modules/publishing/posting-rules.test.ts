import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { renders, tiktokPosts, usageEvents, users } from '../../db/schema';
import { multipart, solidPng } from '../../testing/multipart';
import { seedFinishedRender } from '../../testing/render-fixtures';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';
import { makeMp4 } from '../../testing/tiktok-sandbox-fixtures';
import type { ScriptedTikTok } from '../../testing/scripted-tiktok';
import { startScriptedTikTok } from '../../testing/scripted-tiktok';

/**
 * Issue 22: the same plan rules and ownership rules hold for every way to post (decision 075).
 * Campaign sends and the queue's "Upload to TikTok" reach TikTok through these same two inits.
 */
describe('who may post what', () => {
  let t: TestApp;
  let seams: ScriptedTikTok;
  let mp4: Buffer;
  beforeAll(async () => {
    seams = await startScriptedTikTok();
    t = await createTestApp({}, { env: seams.env });
    mp4 = await makeMp4(t.config.ffmpeg);
  });
  afterAll(async () => {
    await t.close();
    await seams.close();
  });

  const userOn = async (
    plan: 'free' | 'basic' | 'pro',
    subscriptionStatus: string | null = null,
  ) => {
    const u = await t.createUser();
    await t.db.db
      .update(users)
      .set({ plan, subscriptionStatus: plan === 'free' ? null : (subscriptionStatus ?? 'active') })
      .where(eq(users.id, u.userId));
    await seams.connect(t, u.userId);
    return u;
  };

  const hostSlide = async (headers: Record<string, string>) => {
    const body = multipart([
      { field: 'image', filename: 's.png', type: 'image/png', data: await solidPng(1080, 1080) },
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

  const postVideo = (headers: Record<string, string>, videoUrl: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/tiktok/video/upload/init',
      headers,
      payload: { title: 'Clip', video_url: videoUrl },
    });
  const postPhotos = (headers: Record<string, string>, photos: string[]) =>
    t.app.inject({
      method: 'POST',
      url: '/api/tiktok/photo/upload/init',
      headers,
      payload: { title: 'Slides', photo_images: photos },
    });
  const postsOf = (userId: string) =>
    t.db.db.select().from(tiktokPosts).where(eq(tiktokPosts.userId, userId));

  it('refuses a free user’s video exactly as their carousel: 402, nothing sent', async () => {
    const u = await userOn('free');
    const render = await seedFinishedRender(t, u.userId, mp4);
    const before = seams.calls.videoInits.length + seams.calls.photoInits.length;

    const photo = await postPhotos(u.headers, [await hostSlide(u.headers)]);
    const video = await postVideo(u.headers, render.url);
    expect(photo.statusCode).toBe(402);
    expect(video.statusCode, video.body).toBe(402);
    expect(video.json()).toEqual(photo.json());
    expect(video.json()).toMatchObject({
      code: 'no_plan',
      error: expect.stringMatching(/paid plan/),
    });
    expect(seams.calls.videoInits.length + seams.calls.photoInits.length).toBe(before);
    expect(await postsOf(u.userId)).toHaveLength(0);
  });

  it('refuses both while the last payment has failed', async () => {
    const u = await userOn('pro', 'past_due');
    const render = await seedFinishedRender(t, u.userId, mp4);
    const photo = await postPhotos(u.headers, [await hostSlide(u.headers)]);
    const video = await postVideo(u.headers, render.url);
    expect(video.statusCode).toBe(402);
    expect(video.json()).toEqual(photo.json());
    expect(video.json()).toMatchObject({ code: 'payment_issue' });
  });

  it('refuses a paid user another user’s render, by its URL or through the proxy', async () => {
    const owner = await userOn('pro');
    const theirs = await seedFinishedRender(t, owner.userId, mp4);
    const attacker = await userOn('pro');
    const before = seams.calls.videoInits.length;
    const wrapped = Buffer.from(theirs.url).toString('base64');
    for (const url of [
      theirs.url,
      `${t.config.appUrl}/api/video-proxy/url/${encodeURIComponent(wrapped)}`,
      `${t.config.appUrl}/api/image-proxy/video-url/url/${wrapped}`,
    ]) {
      const res = await postVideo(attacker.headers, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({
        code: 'not_found',
        error: expect.stringMatching(/not one of your finished renders/),
      });
    }
    expect(seams.calls.videoInits.length).toBe(before);
    expect(await postsOf(attacker.userId)).toHaveLength(0);
  });

  it('refuses anything that is not a render: product videos, other media, outside URLs', async () => {
    const owner = await userOn('pro');
    const attacker = await userOn('pro');
    const theirs = `users/${owner.userId}/product-videos/clip.mp4`;
    const mine = `users/${attacker.userId}/product-videos/clip.mp4`;
    await t.storage.put(theirs, mp4, 'video/mp4');
    await t.storage.put(mine, mp4, 'video/mp4');
    const unfinished = await seedFinishedRender(t, attacker.userId, mp4);
    await t.db.db.update(renders).set({ status: 'rendering' }).where(eq(renders.id, unfinished.id));
    const before = seams.calls.videoInits.length;
    for (const url of [
      await t.storage.signedUrl(theirs),
      await t.storage.signedUrl(mine),
      'https://cdn.example.com/video.mp4',
      'http://169.254.169.254/latest/meta-data/',
      `https://elsewhere.example${new URL(unfinished.url).pathname}`,
    ]) {
      const res = await postVideo(attacker.headers, url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toMatchObject({
        code: 'forbidden',
        field: 'video_url',
        error: expect.stringMatching(/Only videos you rendered/),
      });
    }
    const notDone = await postVideo(attacker.headers, unfinished.url);
    expect(notDone.statusCode).toBe(404);
    expect(seams.calls.videoInits.length).toBe(before);
  });

  it('sends a paid user’s own render, even with the period’s quota used up', async () => {
    const u = await userOn('basic');
    // Basic's 15 videos/photos of this period, all used (a video counts when it is rendered).
    await t.db.db.insert(usageEvents).values(
      Array.from({ length: 15 }, (_, i) => ({
        id: randomUUID(),
        userId: u.userId,
        kind: 'video' as const,
        idempotencyKey: `render:${i}`,
        createdAt: new Date(),
      })),
    );
    const render = await seedFinishedRender(t, u.userId, mp4);
    const before = seams.calls.videoInits.length;
    const res = await postVideo(u.headers, render.url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.publish_id).toMatch(/^v_inbox_file/);
    expect(seams.calls.videoInits.length - before).toBe(1);
    expect(seams.calls.videoInits.at(-1)).toMatchObject({ videoSize: mp4.length });

    // The k of the stable URL is not what grants it: the owner is.
    const bare = new URL(render.url);
    bare.search = '';
    const again = await postVideo(u.headers, bare.toString());
    expect(again.statusCode, again.body).toBe(200);
  });
});
