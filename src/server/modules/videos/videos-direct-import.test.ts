import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIRECT_UPLOAD_TTL_SECONDS, PRODUCT_VIDEO_PATH } from '#contract/user-videos';
import type { TDirectUploadResponse, TUploadVideosResponse } from '#contract/user-videos';
import { productVideos } from '../../db/schema';
import { allowLocalOrigins } from '../../net/safe-fetch';
import { cleanupDirectVideoUploads, DIRECT_UPLOAD_GRACE_MS } from './direct-uploads-sweep';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';
import { makeTestVideo } from '../../testing/test-videos';
import { createVideosService } from './index';

describe('direct upload and import of product videos', () => {
  let t: TestApp;
  let clip: Buffer;
  beforeAll(async () => {
    t = await createTestApp();
    clip = await makeTestVideo({ seconds: 1, width: 180, height: 320, audio: true });
  }, 60_000);
  afterAll(() => t.close());

  const post = (url: string, headers: Record<string, string>, payload: object) =>
    t.app.inject({ method: 'POST', url, headers, payload });
  const put = (uploadUrl: string, body: Buffer, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'PUT',
      url: new URL(uploadUrl).pathname,
      headers: { 'content-type': 'video/mp4', ...headers },
      payload: body,
    });
  const stored = async (userId: string) => {
    try {
      const root = path.join(t.dir, 'storage', 'users', userId);
      return (await readdir(root, { recursive: true, withFileTypes: true }))
        .filter((e) => e.isFile())
        .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
    } catch {
      return [];
    }
  };

  it('takes a file by a single-use PUT, then checks and normalises it on completion', async () => {
    const u = await t.createUser();
    const prepared = await post('/api/upload/videos/signed-url', u.headers, {
      fileName: 'demo.mp4',
      contentType: 'video/mp4',
    });
    expect(prepared.statusCode, prepared.body).toBe(200);
    const { token, path: videoPath, uploadUrl } = prepared.json<TDirectUploadResponse>();
    expect(videoPath).toMatch(PRODUCT_VIDEO_PATH);
    expect(videoPath.startsWith(`users/${u.userId}/product-videos/`)).toBe(true);
    expect(uploadUrl).toBe(`http://localhost:3999/api/upload/videos/direct/${token}`);

    // Nothing to complete before the file came.
    expect(
      (await post('/api/upload/videos/complete', u.headers, { path: videoPath })).statusCode,
    ).toBe(409);

    expect((await put(uploadUrl, clip)).statusCode).toBe(204);
    // Single use: the same token cannot write again.
    const again = await put(uploadUrl, clip);
    expect(again.statusCode).toBe(410);
    expect(again.json().code).toBe('link_expired');

    // Only its owner completes it.
    const other = await t.createUser();
    expect(
      (await post('/api/upload/videos/complete', other.headers, { path: videoPath })).statusCode,
    ).toBe(404);

    const done = await post('/api/upload/videos/complete', u.headers, { path: videoPath });
    expect(done.statusCode, done.body).toBe(200);
    const body = done.json<TUploadVideosResponse>();
    expect(body.paths).toEqual([videoPath]);
    expect(body.files[0]).toMatchObject({ name: 'demo.mp4', path: videoPath });
    // The upload chain ends by signing the path (docs/product/hook-demo.md rule 4).
    const signed = await post('/api/user-videos/sign', u.headers, { paths: [videoPath] });
    expect(signed.statusCode).toBe(200);
    const served = await t.app.inject({
      method: 'GET',
      url:
        new URL(signed.json().signed[0].signedUrl).pathname +
        new URL(signed.json().signed[0].signedUrl).search,
      headers: { range: 'bytes=0-99' },
    });
    expect(served.statusCode).toBe(206);
    expect(served.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');

    // Completing twice answers the same video; the raw upload is gone, one row stays.
    const twice = await post('/api/upload/videos/complete', u.headers, { path: videoPath });
    expect(twice.statusCode).toBe(200);
    expect(twice.json().paths).toEqual([videoPath]);
    const rows = (await t.db.db.select().from(productVideos)).filter((r) => r.userId === u.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.source).toBe('direct');
    const id = videoPath.split('/').pop()!.replace('.mp4', '');
    expect((await stored(u.userId)).sort()).toEqual([
      `product-videos/${id}.jpg`,
      `product-videos/${id}.mp4`,
    ]);
  }, 120_000);

  it('refuses what is not a video, at preparation by its type and at completion by its content', async () => {
    const u = await t.createUser();
    const declared = await post('/api/upload/videos/signed-url', u.headers, {
      fileName: 'notes.txt',
      contentType: 'text/plain',
    });
    expect(declared.statusCode).toBe(415);
    expect(declared.json().error).toBe('File notes.txt is not a valid video.');

    const prepared = (
      await post('/api/upload/videos/signed-url', u.headers, {
        fileName: 'renamed.mp4',
        contentType: 'video/mp4',
      })
    ).json<TDirectUploadResponse>();
    expect(
      (await put(prepared.uploadUrl, Buffer.from('plain text, not a video\n'.repeat(50))))
        .statusCode,
    ).toBe(204);
    const done = await post('/api/upload/videos/complete', u.headers, { path: prepared.path });
    expect(done.statusCode).toBe(415);
    expect(done.json()).toMatchObject({
      code: 'unsupported_media_type',
      error: 'File renamed.mp4 is not a valid video.',
    });
    expect(
      (await t.db.db.select().from(productVideos)).filter((r) => r.userId === u.userId),
    ).toEqual([]);
    // The refused raw file is gone too.
    expect(await stored(u.userId)).toEqual([]);
  }, 60_000);

  it('refuses a PUT over 100 MB with 413 and keeps the token usable', async () => {
    const u = await t.createUser();
    const prepared = (
      await post('/api/upload/videos/signed-url', u.headers, {
        fileName: 'huge.mp4',
        contentType: 'video/mp4',
      })
    ).json<TDirectUploadResponse>();
    const big = Buffer.alloc(101 * 1024 * 1024);
    const res = await put(prepared.uploadUrl, big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      code: 'payload_too_large',
      error: 'File huge.mp4 is too large. Maximum size is 100MB.',
    });
    expect(await stored(u.userId)).toEqual([]);
    expect((await put(prepared.uploadUrl, clip)).statusCode).toBe(204);
  }, 60_000);

  it('forgets abandoned direct uploads and their raw files after the grace period', async () => {
    const u = await t.createUser();
    const prepared = (
      await post('/api/upload/videos/signed-url', u.headers, {
        fileName: 'left.mp4',
        contentType: 'video/mp4',
      })
    ).json<TDirectUploadResponse>();
    expect((await put(prepared.uploadUrl, clip)).statusCode).toBe(204);
    expect(await stored(u.userId)).toHaveLength(1);
    // Within the token's life and the grace after it, nothing is removed.
    expect(await cleanupDirectVideoUploads({ db: t.db.db, storage: t.storage })).toBe(0);
    const later = new Date(
      Date.now() + DIRECT_UPLOAD_TTL_SECONDS * 1000 + DIRECT_UPLOAD_GRACE_MS + 1000,
    );
    expect(
      await cleanupDirectVideoUploads({ db: t.db.db, storage: t.storage, now: later }),
    ).toBeGreaterThanOrEqual(1);
    expect(await stored(u.userId)).toEqual([]);
    const done = await post('/api/upload/videos/complete', u.headers, { path: prepared.path });
    expect(done.statusCode).toBe(404);
  });

  describe('import from a URL', () => {
    let server: http.Server;
    let origin: string;
    beforeAll(async () => {
      server = http.createServer((request, response) => {
        if (request.url === '/clips/My%20Blender.mp4') {
          response.writeHead(200, { 'content-type': 'video/mp4', 'content-length': clip.length });
          response.end(clip);
        } else if (request.url === '/page.html') {
          response.writeHead(200, { 'content-type': 'text/html' });
          response.end('<html></html>');
        } else if (request.url === '/huge.mp4') {
          response.writeHead(200, {
            'content-type': 'video/mp4',
            'content-length': 101 * 1024 * 1024,
          });
          response.end();
        } else if (request.url === '/to-private') {
          response.writeHead(302, { location: 'http://10.1.2.3/video.mp4' });
          response.end();
        } else {
          response.writeHead(404);
          response.end();
        }
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    // This test server is on loopback: only it counts as public; its redirect to 10.1.2.3 does not.
    const service = () =>
      createVideosService({
        db: t.db.db,
        storage: t.storage,
        ffmpegSettings: t.config.ffmpeg,
        appUrl: t.config.appUrl,
        importAllowLocal: allowLocalOrigins(origin),
      });

    it('stores a fetched video like an upload and answers its proxied and signed URLs', async () => {
      const u = await t.createUser();
      const answer = await service().importFromUrl(u.userId, `${origin}/clips/My%20Blender.mp4`);
      expect(answer.path).toMatch(PRODUCT_VIDEO_PATH);
      expect(answer.file.name).toBe('My Blender.mp4');
      expect(answer.url).toBe(answer.file.signedUrl);
      const proxied = new URL(answer.proxiedUrl);
      expect(proxied.pathname.startsWith('/api/video-proxy/url/')).toBe(true);
      // The proxy plays our stored copy.
      const played = await t.app.inject({ method: 'GET', url: proxied.pathname });
      expect(played.statusCode).toBe(200);
      expect(played.headers['content-type']).toBe('video/mp4');
      // …and answers the ranges <video> asks for when it seeks and loops.
      const ranged = await t.app.inject({
        method: 'GET',
        url: proxied.pathname,
        headers: { range: 'bytes=100-199' },
      });
      expect(ranged.statusCode).toBe(206);
      expect(ranged.headers['content-range']).toBe(`bytes 100-199/${played.rawPayload.length}`);
      expect(ranged.rawPayload).toEqual(played.rawPayload.subarray(100, 200));
      const listed = await t.app.inject({
        method: 'GET',
        url: '/api/user-videos/list',
        headers: u.headers,
      });
      expect(listed.json().files.map((f: { path: string }) => f.path)).toEqual([answer.path]);
    }, 120_000);

    it('refuses a redirect to a private address, a page, a 404 and an oversized answer', async () => {
      const u = await t.createUser();
      const videos = service();
      await expect(videos.importFromUrl(u.userId, `${origin}/to-private`)).rejects.toMatchObject({
        status: 403,
      });
      await expect(videos.importFromUrl(u.userId, `${origin}/page.html`)).rejects.toMatchObject({
        status: 415,
      });
      await expect(videos.importFromUrl(u.userId, `${origin}/missing.mp4`)).rejects.toMatchObject({
        status: 422,
      });
      await expect(videos.importFromUrl(u.userId, `${origin}/huge.mp4`)).rejects.toMatchObject({
        status: 413,
      });
      expect(await stored(u.userId)).toEqual([]);
    });
  });
});
