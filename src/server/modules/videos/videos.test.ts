import { execFile } from 'node:child_process';
import { readdir, writeFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_VIDEO_PATH } from '#contract/user-videos';
import type { TUploadVideosResponse } from '#contract/user-videos';
import { productVideos } from '../../db/schema';
import { multipart } from '../../testing/multipart';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';
import { makeTestVideo } from '../../testing/test-videos';
import { listProductVideos, signProductVideo, signProductVideoOriginal } from './index';

const runFile = promisify(execFile);

/** What ffmpeg reads from served bytes: the canonical format is checked on the real output. */
const describeVideo = async (bytes: Buffer) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'hookreel-probe-'));
  try {
    const file = path.join(dir, 'v.mp4');
    await writeFile(file, bytes);
    const { stdout } = await runFile('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'stream=codec_name,profile,width,height,pix_fmt,r_frame_rate,sample_rate,channels:format=duration',
      '-of',
      'json',
      file,
    ]);
    return JSON.parse(stdout) as {
      streams: Record<string, string | number>[];
      format: { duration: string };
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};

describe('product videos', () => {
  let t: TestApp;
  let landscape: Buffer;
  beforeAll(async () => {
    t = await createTestApp();
    landscape = await makeTestVideo({ seconds: 2, width: 320, height: 180 });
  }, 60_000);
  afterAll(() => t.close());

  const upload = (headers: Record<string, string>, parts: Parameters<typeof multipart>[0]) => {
    const body = multipart(parts);
    return t.app.inject({
      method: 'POST',
      url: '/api/upload/videos',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  };
  const get = (url: string, headers: Record<string, string> = {}) => {
    const u = new URL(url, 'http://localhost:3999');
    return t.app.inject({ method: 'GET', url: u.pathname + u.search, headers });
  };
  /** Every stored key under users/{userId}/ (what "nothing stored" means on disk). */
  const storedKeys = async (userId: string) => {
    const root = path.join(t.dir, 'storage', 'users', userId);
    try {
      return (await readdir(root, { recursive: true, withFileTypes: true }))
        .filter((e) => e.isFile())
        .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
    } catch {
      return [];
    }
  };
  const rowsOf = async (userId: string) =>
    (await t.db.db.select().from(productVideos)).filter((r) => r.userId === userId);

  it('stores an upload normalised (1080x1920 over a blurred fill, H.264 High, AAC stereo) with a thumbnail and its original', async () => {
    const u = await t.createUser();
    const res = await upload(u.headers, [
      { field: 'videos', filename: 'blender demo.mp4', type: 'video/mp4', data: landscape },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<TUploadVideosResponse>();
    expect(body.error).toBeNull();
    const [file] = body.files;
    expect(file!.path).toMatch(PRODUCT_VIDEO_PATH);
    expect(file!.path.startsWith(`users/${u.userId}/product-videos/`)).toBe(true);
    expect(body.paths).toEqual([file!.path]);
    expect(body.urls).toEqual([file!.signedUrl]);
    expect(file!.name).toBe('blender demo.mp4');
    expect(file!.durationSec).toBeGreaterThan(1.9);
    expect(file!.durationSec).toBeLessThan(2.2);
    expect(new URL(file!.signedUrl).pathname).toBe(`/files/${file!.path}`);

    const served = await get(file!.signedUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('video/mp4');
    const probe = await describeVideo(served.rawPayload);
    const video = probe.streams.find((s) => s.codec_name === 'h264');
    const audio = probe.streams.find((s) => s.codec_name === 'aac');
    expect(video).toMatchObject({
      profile: 'High',
      width: 1080,
      height: 1920,
      pix_fmt: 'yuv420p',
      r_frame_rate: '30/1',
    });
    // The input had no sound: a silent stereo track keeps every stored video alike.
    expect(audio).toMatchObject({ sample_rate: '48000', channels: 2 });

    // No black bands: above and below the landscape picture is a darkened, blurred fill of it.
    const thumb = await sharp((await get(file!.thumbnailUrl)).rawPayload)
      .raw()
      .toBuffer({ resolveWithObject: true });
    // docs/product/hook-demo.md rule 8: at most 160 px wide; 9:16 like the stored video.
    expect([thumb.info.width, thumb.info.height]).toEqual([160, 284]);
    const thumbMeta = await sharp((await get(file!.thumbnailUrl)).rawPayload).metadata();
    expect(thumbMeta.format).toBe('jpeg');
    const pixel = (y: number) => {
      const i = (y * thumb.info.width + Math.floor(thumb.info.width / 2)) * thumb.info.channels;
      return thumb.data[i]! + thumb.data[i + 1]! + thumb.data[i + 2]!;
    };
    expect(pixel(5)).toBeGreaterThan(30);
    expect(pixel(Math.floor(thumb.info.height / 2))).toBeGreaterThan(60);

    // The picture as uploaded is kept beside it (decision 131), for Fill and Fit.
    expect(file).toMatchObject({ width: 320, height: 180 });
    expect(new URL(file!.originalUrl!).pathname).toBe(
      `/files/${file!.path.replace(/\.mp4$/, '.original.mp4')}`,
    );
    const original = await describeVideo((await get(file!.originalUrl!)).rawPayload);
    expect(original.streams.find((s) => s.codec_name === 'h264')).toMatchObject({
      width: 320,
      height: 180,
      r_frame_rate: '30/1',
    });
    const signed = await t.app.inject({
      method: 'POST',
      url: '/api/user-videos/sign',
      headers: u.headers,
      payload: { paths: [file!.path] },
    });
    expect(signed.json().signed[0].originalUrl).toContain('.original.mp4');
    expect(await signProductVideoOriginal(t.db.db, t.storage, u.userId, file!.path)).toContain(
      '.original.mp4',
    );

    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/user-videos/list?unsigned=1',
      headers: u.headers,
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().files).toHaveLength(1);
    expect(listed.json().files[0]).toMatchObject({ path: file!.path, name: 'blender demo.mp4' });

    // What campaigns read through the videos service.
    expect(await listProductVideos(t.db.db, u.userId)).toEqual([
      expect.objectContaining({ path: file!.path, name: 'blender demo.mp4' }),
    ]);
    expect(await signProductVideo(t.storage, u.userId, file!.path)).toContain(
      `/files/${file!.path}`,
    );
    const other = await t.createUser();
    await expect(signProductVideo(t.storage, other.userId, file!.path)).rejects.toMatchObject({
      code: 'not_found',
    });
    expect(await listProductVideos(t.db.db, other.userId)).toEqual([]);
  }, 120_000);

  it('fits a phone video stored sideways with a rotation flag upright, filling the frame', async () => {
    const u = await t.createUser();
    // 320x180 frames shown turned by 90°: a 180x320 (9:16) picture, so no black bands at all.
    const phone = await makeTestVideo({ seconds: 1, width: 320, height: 180, rotate: 90 });
    const res = await upload(u.headers, [
      { field: 'videos', filename: 'phone.mp4', type: 'video/mp4', data: phone },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const [file] = res.json<TUploadVideosResponse>().files;
    // Already 9:16: nothing to crop or fit later, so no original is kept.
    expect(file).toMatchObject({ originalUrl: null, width: null, height: null });
    const thumb = await sharp((await get(file!.thumbnailUrl)).rawPayload)
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([thumb.info.width, thumb.info.height]).toEqual([160, 284]);
    const { width, channels } = thumb.info;
    const rowBrightness = (y: number) => {
      let sum = 0;
      for (let x = 0; x < width; x++) {
        const i = (y * width + x) * channels;
        sum += thumb.data[i]! + thumb.data[i + 1]! + thumb.data[i + 2]!;
      }
      return sum / width;
    };
    // Squeezed into a letterbox, the top and bottom rows would be black.
    expect(rowBrightness(2)).toBeGreaterThan(60);
    expect(rowBrightness(thumb.info.height - 3)).toBeGreaterThan(20);
  }, 120_000);

  it('signs only the caller’s own paths', async () => {
    const owner = await t.createUser();
    const res = await upload(owner.headers, [
      { field: 'videos', filename: 'a.mp4', type: 'video/mp4', data: landscape },
    ]);
    const { paths } = res.json<TUploadVideosResponse>();
    const sign = (headers: Record<string, string>, body: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user-videos/sign',
        headers,
        payload: body as object,
      });

    const mine = await sign(owner.headers, { paths });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().signed).toEqual([
      {
        path: paths[0],
        signedUrl: expect.stringContaining('/files/'),
        originalUrl: expect.stringContaining('.original.mp4'),
      },
    ]);
    expect((await get(mine.json().signed[0].signedUrl)).statusCode).toBe(200);

    const thief = await t.createUser();
    const stolen = await sign(thief.headers, { paths });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toMatchObject({ code: 'not_found' });
    // A path of the thief's own shape that was never stored is not signed either.
    const forged = await sign(thief.headers, {
      paths: [`users/${thief.userId}/product-videos/00000000-0000-4000-8000-000000000000.mp4`],
    });
    expect(forged.statusCode).toBe(404);
    expect((await sign({}, { paths })).statusCode).toBe(401);
    expect((await sign(owner.headers, { paths: [] })).statusCode).toBe(400);
    // Another user's list does not show it.
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/user-videos/list',
      headers: thief.headers,
    });
    expect(list.json()).toEqual({ files: [] });
  }, 120_000);

  it('refuses a 31 s video with 422 and stores nothing', async () => {
    const u = await t.createUser();
    const long = await makeTestVideo({ seconds: 31, width: 64, height: 64 });
    const res = await upload(u.headers, [
      { field: 'videos', filename: 'long.mp4', type: 'video/mp4', data: long },
    ]);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'video_too_long',
      error: 'Video long.mp4 is too long. Maximum duration is 30 seconds.',
    });
    expect(await rowsOf(u.userId)).toEqual([]);
    expect(await storedKeys(u.userId)).toEqual([]);
  }, 60_000);

  it('refuses a 101 MB file with 413 and stores nothing', async () => {
    const u = await t.createUser();
    const big = Buffer.alloc(101 * 1024 * 1024);
    landscape.copy(big);
    const res = await upload(u.headers, [
      { field: 'videos', filename: 'huge.mp4', type: 'video/mp4', data: big },
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      code: 'payload_too_large',
      error: 'File huge.mp4 is too large. Maximum size is 100MB.',
    });
    expect(await rowsOf(u.userId)).toEqual([]);
    expect(await storedKeys(u.userId)).toEqual([]);
  }, 60_000);

  it('refuses a text file named .mp4 with 415 and stores nothing', async () => {
    const u = await t.createUser();
    const res = await upload(u.headers, [
      {
        field: 'videos',
        filename: 'notes.mp4',
        type: 'video/mp4',
        data: Buffer.from('These are my shopping notes, not a video.\n'.repeat(200)),
      },
    ]);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({
      code: 'unsupported_media_type',
      error: 'File notes.mp4 is not a valid video.',
    });
    // An image is not a video either, whatever it is called.
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const image = await upload(u.headers, [
      { field: 'videos', filename: 'photo.mp4', type: 'video/mp4', data: png },
    ]);
    expect(image.statusCode).toBe(415);
    expect(await rowsOf(u.userId)).toEqual([]);
    expect(await storedKeys(u.userId)).toEqual([]);
  });

  it('answers 400 without a file and 401 without a session', async () => {
    const u = await t.createUser();
    const none = await upload(u.headers, [
      { field: 'other', filename: 'a.mp4', type: 'video/mp4', data: landscape },
    ]);
    expect(none.statusCode).toBe(400);
    const anonymous = await upload({}, [
      { field: 'videos', filename: 'a.mp4', type: 'video/mp4', data: landscape },
    ]);
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses imports from loopback and private addresses with 403 and stores nothing', async () => {
    const u = await t.createUser();
    for (const url of [
      'http://127.0.0.1:3999/files/anything.mp4',
      'http://localhost:3999/video.mp4',
      'http://10.0.0.5/video.mp4',
      'http://192.168.1.20/video.mp4',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]/video.mp4',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/videos/import',
        headers: u.headers,
        payload: { url },
      });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code).toBe('forbidden');
    }
    const notHttp = await t.app.inject({
      method: 'POST',
      url: '/api/videos/import',
      headers: u.headers,
      payload: { url: 'file:///etc/passwd' },
    });
    expect(notHttp.statusCode).toBe(403);
    expect(await rowsOf(u.userId)).toEqual([]);
    expect(await storedKeys(u.userId)).toEqual([]);
  });
});
