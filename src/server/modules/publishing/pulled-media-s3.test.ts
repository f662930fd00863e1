import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTikTokClient } from '../../adapters/tiktok/tiktok-client';
import { tiktokPosts } from '../../db/schema';
import { tiktokSandboxPosts } from '../../adapters/tiktok/sandbox/sandbox-schema';
import type { ListeningTestApp } from '../../testing/listening-test-app';
import { createTestApp } from '../../testing/test-app';
import { connectedSeller, hostSlide } from '../../testing/publishing-fixtures';
import type { S3Server } from '../../testing/s3-server';
import { startS3Server } from '../../testing/s3-server';
import { tikTokApiError } from '../../testing/sandbox-client-fixture';
import { freePort } from '../../testing/tiktok-sandbox-fixtures';
import { pulledMediaKey, pulledMediaUrl } from './pulled-media';

const until = async <T>(what: string, probe: () => Promise<T | null | undefined>) => {
  for (let i = 0; i < 150; i++) {
    const value = await probe();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} did not happen`);
};

/**
 * Issue 23: TikTok pulls photos only from a verified domain or URL prefix and follows no
 * redirect, so S3's presigned bucket URLs were refused (`url_ownership_unverified`). With storage
 * on a real S3-compatible server, the slides TikTok pulls come from the one public origin the
 * operator verified (here MEDIA_PUBLIC_ORIGIN, another name of this server, as a CDN would be).
 */
describe('media TikTok pulls, with S3 storage', () => {
  let s3: S3Server;
  let t: ListeningTestApp;
  let mediaOrigin: string;

  beforeAll(async () => {
    s3 = await startS3Server();
    const port = await freePort();
    const appUrl = `http://127.0.0.1:${port}`;
    mediaOrigin = `http://localhost:${port}`;
    const app = await createTestApp(
      {},
      { env: { APP_URL: appUrl, MEDIA_PUBLIC_ORIGIN: mediaOrigin, ...s3.env } },
    );
    await app.app.listen({ port, host: '127.0.0.1' });
    t = { ...app, appUrl };
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('stores slides in the bucket and hands TikTok URLs on the verified origin, which it pulls', async () => {
    expect(t.storage.describe).toContain('s3 bucket');
    const u = await connectedSeller(t, { plan: 'pro' });
    const slide = await hostSlide(t, u.headers);
    // The browser's link is the bucket's own (presigned), as S3 storage gives it.
    expect(slide.startsWith(s3.endpoint)).toBe(true);

    const init = await t.app.inject({
      method: 'POST',
      url: '/api/tiktok/photo/upload/init',
      headers: u.headers,
      payload: { title: 'From the bucket', photo_images: [slide], idempotency_key: 's3-slides-1' },
    });
    expect(init.statusCode, init.body).toBe(200);
    const publishId = init.json<{ data: { publish_id: string } }>().data.publish_id;

    const [received] = await t.db.db
      .select()
      .from(tiktokSandboxPosts)
      .where(eq(tiktokSandboxPosts.publishId, publishId));
    expect(received!.photoUrls).toHaveLength(1);
    expect(received!.photoUrls[0]).toMatch(
      new RegExp(`^${mediaOrigin}/media/tiktok/${u.userId}/[0-9a-f-]{36}\\.jpg\\?e=\\d+&k=`),
    );

    const row = await until('the carousel to reach the inbox', async () => {
      const [post] = await t.db.db
        .select()
        .from(tiktokPosts)
        .where(eq(tiktokPosts.publishId, publishId));
      return post && ['in_inbox', 'failed'].includes(post.state) ? post : null;
    });
    expect(row.state, row.message ?? '').toBe('in_inbox');

    // The URL answers the bytes at once (no redirect), to anyone holding it, HEAD included.
    const direct = await fetch(received!.photoUrls[0]!, { redirect: 'manual' });
    expect(direct.status).toBe(200);
    expect(direct.headers.get('content-type')).toBe('image/jpeg');
    expect((await direct.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    const head = await fetch(received!.photoUrls[0]!, { method: 'HEAD' });
    expect(head.status).toBe(200);
  }, 60_000);

  it('the sandbox refuses a presigned bucket URL as TikTok does', async () => {
    const u = await connectedSeller(t, { plan: 'pro' });
    const slide = await hostSlide(t, u.headers);
    const client = createTikTokClient(t.config.tiktok);
    const error = await tikTokApiError(
      client.initPhotoPost(u.accessToken, { photoUrls: [slide], photoCoverIndex: 0 }),
    );
    expect(error).toMatchObject({ code: 'url_ownership_unverified', httpStatus: 403 });
  });

  it('serves a slide only by its own link: another seller, a forged or an expired link is a 404', async () => {
    const u = await connectedSeller(t, { plan: 'pro' });
    const other = await connectedSeller(t, { plan: 'pro' });
    const slide = await hostSlide(t, u.headers);
    const key = /\/(temp\/[^?]+\.jpg)/.exec(new URL(slide).pathname)![1]!;
    const signer = { origin: mediaOrigin, secret: t.config.secret };
    const good = new URL(pulledMediaUrl(signer, key, 3600));
    const get = (url: URL | string) =>
      t.app.inject({
        method: 'GET',
        url: typeof url === 'string' ? url : url.pathname + url.search,
      });
    expect((await get(good)).statusCode).toBe(200);

    const forged = new URL(good);
    forged.searchParams.set('k', 'A'.repeat(22));
    const elsewhere = new URL(good);
    elsewhere.pathname = elsewhere.pathname.replace(u.userId, other.userId);
    const later = new URL(good);
    later.searchParams.set('e', String(Number(good.searchParams.get('e')) + 60));
    for (const url of [forged, elsewhere, later]) {
      const res = await get(url);
      expect(res.statusCode, url.href).toBe(404);
      expect(res.json()).toMatchObject({ code: 'not_found' });
    }
    // Past its expiry the link is refused however it was signed.
    const expired = new URL(pulledMediaUrl(signer, key, 60, Date.now() - 120_000));
    expect((await get(expired)).statusCode).toBe(404);
    expect(
      pulledMediaKey(t.config.secret, u.userId, good.pathname.split('/').at(-1)!, {
        e: good.searchParams.get('e')!,
        k: good.searchParams.get('k')!,
      }),
    ).toBe(key);
    // Only the kind of file TikTok pulls can be signed at all.
    expect(() => pulledMediaUrl(signer, `users/${u.userId}/product-videos/x.mp4`, 60)).toThrow();
  });
});
