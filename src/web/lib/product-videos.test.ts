import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeSession } from '@/lib/session-store';
import { apiError, json, stubFetch } from '@/testing/fetch-mock';
import {
  checkProductVideoFile,
  listProductVideos,
  uploadProductVideo,
  UPLOAD_CHAIN_ERRORS,
  videoFileErrors,
} from './product-videos';

const video = (path = 'users/u1/product-videos/0b8f7c3e-8a55-4c11-9a0e-1f2d3c4b5a69.mp4') => ({
  name: 'demo.mp4',
  path,
  signedUrl: `http://localhost/files/${path}?expires=1&sig=a`,
  thumbnailUrl: `http://localhost/files/${path.replace('.mp4', '.jpg')}?expires=1&sig=b`,
  durationSec: 4.2,
  createdAt: '2026-11-24T21:00:00.000Z',
  originalUrl: null,
  width: null,
  height: null,
});
const uploaded = (v = video()) => ({
  urls: [v.signedUrl],
  paths: [v.path],
  files: [v],
  error: null,
});
const file = (size = 1000, type = 'video/mp4', name = 'demo.mp4') => {
  const f = new File([new Uint8Array(Math.min(size, 16))], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

beforeEach(() => {
  writeSession({ token: 'tok', expiresAt: '2099-01-01T00:00:00.000Z' });
});
afterEach(() => {
  vi.unstubAllGlobals();
  writeSession(null);
});

describe('product videos (docs/product/hook-demo.md rule 4)', () => {
  it('lists only paths under /product-videos/', async () => {
    const other = { ...video(), path: 'users/u1/other/x.mp4' };
    stubFetch((url) =>
      url === '/api/user-videos/list?unsigned=1' ? json({ files: [video(), other] }) : undefined,
    );
    expect((await listProductVideos()).map((v) => v.path)).toEqual([video().path]);
  });

  it('uploads through multipart field "videos"', async () => {
    const fetch = stubFetch((url, init) => {
      if (url !== '/api/upload/videos') return undefined;
      const form = init.body as FormData;
      expect((form.get('videos') as File).name).toBe('demo.mp4');
      return json(uploaded());
    });
    expect(await uploadProductVideo(file())).toEqual(video());
    expect(fetch.fetchMock).toHaveBeenCalledTimes(1);
  });

  it('falls back on a 413 to signed-url → PUT → complete → sign', async () => {
    const order: string[] = [];
    const uploadUrl = 'http://localhost/api/upload/videos/direct/tok-123';
    stubFetch((url, init) => {
      order.push(`${init.method ?? 'GET'} ${url}`);
      if (url === '/api/upload/videos')
        return new Response('request entity too large', { status: 413 });
      if (url === '/api/upload/videos/signed-url') {
        expect(JSON.parse(init.body as string)).toEqual({
          fileName: 'demo.mp4',
          contentType: 'video/mp4',
        });
        return json({ token: 'tok-123', path: video().path, uploadUrl, uploadHeaders: {} });
      }
      if (url === uploadUrl) return new Response(null, { status: 204 });
      if (url === '/api/upload/videos/complete') return json(uploaded());
      if (url === '/api/user-videos/sign') {
        return json({
          signed: [
            { path: video().path, signedUrl: 'http://localhost/files/fresh', originalUrl: null },
          ],
        });
      }
      return undefined;
    });
    const result = await uploadProductVideo(file());
    expect(result.signedUrl).toBe('http://localhost/files/fresh');
    expect(order).toEqual([
      'POST /api/upload/videos',
      'POST /api/upload/videos/signed-url',
      `PUT ${uploadUrl}`,
      'POST /api/upload/videos/complete',
      'POST /api/user-videos/sign',
    ]);
  });

  it('names the step of the chain that failed', async () => {
    const tooLarge = () => new Response('', { status: 413, statusText: 'Payload Too Large' });
    const uploadUrl = 'http://localhost/api/upload/videos/direct/t';
    const ready = () => json({ token: 't', path: video().path, uploadUrl, uploadHeaders: {} });

    const f = stubFetch((url) =>
      url === '/api/upload/videos' ? tooLarge() : new Response('', { status: 500 }),
    );
    await expect(uploadProductVideo(file())).rejects.toThrow(UPLOAD_CHAIN_ERRORS.prepare);

    f.setHandler((url) =>
      url === '/api/upload/videos'
        ? tooLarge()
        : url === '/api/upload/videos/signed-url'
          ? ready()
          : new Response('', { status: 403 }),
    );
    await expect(uploadProductVideo(file())).rejects.toThrow(UPLOAD_CHAIN_ERRORS.direct);

    f.setHandler((url) => {
      if (url === '/api/upload/videos') return tooLarge();
      if (url === '/api/upload/videos/signed-url') return ready();
      if (url === uploadUrl) return new Response(null, { status: 204 });
      if (url === '/api/upload/videos/complete') return json(uploaded());
      return new Response('', { status: 500 });
    });
    await expect(uploadProductVideo(file())).rejects.toThrow(UPLOAD_CHAIN_ERRORS.sign);

    f.setHandler((url) => {
      if (url === '/api/upload/videos') return tooLarge();
      if (url === '/api/upload/videos/signed-url') return ready();
      if (url === uploadUrl) return new Response(null, { status: 204 });
      if (url === '/api/upload/videos/complete') return json(uploaded());
      if (url === '/api/user-videos/sign') return json({ signed: [] });
      return undefined;
    });
    await expect(uploadProductVideo(file())).rejects.toThrow(UPLOAD_CHAIN_ERRORS.noUrl);

    // Any other failure: the server's own words, at most 180 characters; "Upload failed" without.
    const long = `Video demo.mp4 is too long. ${'x'.repeat(300)}`;
    f.setHandler(() => apiError(422, long, 'video_too_long'));
    await expect(uploadProductVideo(file())).rejects.toThrow(long.slice(0, 180));
    f.setHandler(() => new Response('', { status: 500 }));
    await expect(uploadProductVideo(file())).rejects.toThrow(UPLOAD_CHAIN_ERRORS.upload);
  });

  it('needs a session', async () => {
    writeSession(null);
    const fetch = stubFetch();
    await expect(uploadProductVideo(file())).rejects.toThrow(videoFileErrors.signedOut);
    expect(fetch.fetchMock).not.toHaveBeenCalled();
  });
});

describe('checkProductVideoFile (docs/product/hook-demo.md rule 4)', () => {
  const seconds = (n: number) => () => Promise.resolve(n);
  it('says what is wrong in the product’s words', async () => {
    expect(await checkProductVideoFile(file(101 * 1024 * 1024), seconds(3))).toBe(
      'File demo.mp4 is too large. Maximum size is 100MB.',
    );
    expect(await checkProductVideoFile(file(10, 'text/plain', 'notes.mp4'), seconds(3))).toBe(
      'File notes.mp4 is not a valid video.',
    );
    expect(await checkProductVideoFile(file(), seconds(31))).toBe(
      'Video demo.mp4 is too long. Maximum duration is 30 seconds.',
    );
    expect(await checkProductVideoFile(file(), () => Promise.reject(new Error('x')))).toBe(
      'Failed to load video demo.mp4',
    );
    expect(await checkProductVideoFile(file(), seconds(30))).toBeNull();
  });
});
