import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { makeTestVideo } from '../src/server/testing/test-videos';
import { createConfirmedUser } from './helpers';

type UserVideo = { path: string; signedUrl: string; thumbnailUrl: string; durationSec: number };

/** Plays `src` in a <video> on one of the app's pages and reports what Chromium decoded. */
const playIn = async (page: Page, src: string) =>
  page.evaluate(async (url) => {
    const video = document.createElement('video');
    video.muted = true;
    video.loop = true;
    video.style.cssText = 'position:fixed;top:0;right:0;height:480px;z-index:9999;background:#333';
    document.body.append(video);
    video.src = url;
    await video.play();
    // Past the first second, then a seek back: the ranges a looping preview needs.
    await new Promise<void>((resolve, reject) => {
      const give = setTimeout(() => reject(new Error(`stuck at ${video.currentTime}`)), 15_000);
      const check = () => {
        if (video.currentTime > 1) {
          clearTimeout(give);
          resolve();
        } else requestAnimationFrame(check);
      };
      check();
    });
    video.currentTime = 0.2;
    await new Promise((resolve) => video.addEventListener('seeked', resolve, { once: true }));
    return {
      width: video.videoWidth,
      height: video.videoHeight,
      duration: video.duration,
      error: video.error?.code ?? null,
    };
  }, src);

test('a stored product video plays in Chromium from its signed URL and through the proxy', async ({
  page,
  request,
}) => {
  const user = await createConfirmedUser(request);
  const signIn = await request.post('/api/auth/sign-in/email', {
    data: { email: user.email, password: user.password },
  });
  const { token } = (await signIn.json()) as { token: string };
  const auth = { Authorization: `Bearer ${token}` };

  // A landscape clip with sound, as a phone's screen recording might be.
  const clip = await makeTestVideo({ seconds: 3, width: 640, height: 360, audio: true });
  const uploaded = await request.post('/api/upload/videos', {
    headers: auth,
    multipart: { videos: { name: 'blender-demo.mp4', mimeType: 'video/mp4', buffer: clip } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(200);
  const [video] = ((await uploaded.json()) as { files: UserVideo[] }).files;
  expect(video!.durationSec).toBeGreaterThan(2.9);

  const listed = await request.get('/api/user-videos/list?unsigned=1', { headers: auth });
  expect(((await listed.json()) as { files: UserVideo[] }).files[0]!.path).toBe(video!.path);

  await page.goto('/');
  const direct = await playIn(page, video!.signedUrl);
  expect(direct).toMatchObject({ width: 1080, height: 1920, error: null });
  expect(direct.duration).toBeGreaterThan(2.9);

  const proxied = `/api/video-proxy/url/${Buffer.from(video!.signedUrl).toString('base64url')}`;
  const throughProxy = await playIn(page, proxied);
  expect(throughProxy).toMatchObject({ width: 1080, height: 1920, error: null });

  const thumbWidth = await page.evaluate(async (url) => {
    const img = new Image();
    img.src = url;
    await img.decode();
    return img.naturalWidth;
  }, video!.thumbnailUrl);
  expect(thumbWidth).toBe(160);
  await page.screenshot({ path: '/tmp/videos-playback.png' });
});

test('the direct upload chain works from Chromium: signed-url, PUT of the file, complete, sign', async ({
  page,
  request,
}) => {
  const user = await createConfirmedUser(request);
  const signIn = await request.post('/api/auth/sign-in/email', {
    data: { email: user.email, password: user.password },
  });
  const { token } = (await signIn.json()) as { token: string };
  const clip = await makeTestVideo({ seconds: 2, width: 360, height: 640 });

  await page.goto('/');
  // The same calls lib/product-videos.ts makes after a 413, with a real File body.
  const result = await page.evaluate(
    async ({ bearer, bytes }) => {
      const auth = { Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/json' };
      const file = new File([new Uint8Array(bytes)], 'phone clip.mp4', { type: 'video/mp4' });
      const prepared = (await (
        await fetch('/api/upload/videos/signed-url', {
          method: 'POST',
          headers: auth,
          body: JSON.stringify({ fileName: file.name, contentType: file.type }),
        })
      ).json()) as { path: string; uploadUrl: string; uploadHeaders: Record<string, string> };
      const put = await fetch(prepared.uploadUrl, {
        method: 'PUT',
        headers: { 'Content-Type': file.type, ...prepared.uploadHeaders },
        body: file,
      });
      const reused = await fetch(prepared.uploadUrl, { method: 'PUT', body: file });
      const complete = await fetch('/api/upload/videos/complete', {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ path: prepared.path }),
      });
      const sign = await fetch('/api/user-videos/sign', {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ paths: [prepared.path] }),
      });
      const signed = (await sign.json()) as { signed: { signedUrl: string }[] };
      return {
        put: put.status,
        reused: reused.status,
        complete: complete.status,
        name: ((await complete.json()) as { files: { name: string }[] }).files[0]?.name,
        signedUrl: signed.signed[0]?.signedUrl ?? '',
      };
    },
    { bearer: token, bytes: [...clip] },
  );
  expect(result).toMatchObject({ put: 204, reused: 410, complete: 200, name: 'phone clip.mp4' });
  expect(await playIn(page, result.signedUrl)).toMatchObject({
    width: 1080,
    height: 1920,
    error: null,
  });
});
