import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
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
