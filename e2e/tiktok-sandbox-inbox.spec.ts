import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { APIRequestContext, Page } from '@playwright/test';
import { serverDataDir } from './servers';
import { expect, test } from './test';
import sharp from 'sharp';
import { sandboxClientSecret } from '../src/server/config-adapters';
import { loadFfmpegSettings } from '../src/server/config';
import { TikTokApiError } from '../src/server/adapters/tiktok/tiktok-api';
import { createTikTokClient } from '../src/server/adapters/tiktok/tiktok-client';
import { newPkcePair } from '../src/server/adapters/tiktok/tiktok-pkce';
import { resolveFfmpeg } from '../src/server/media/ffmpeg-path';
import { createConfirmedUser, signInThroughDialog } from './helpers';

/**
 * The built-in TikTok sandbox's inbox page: the test drives the sandbox through the real client
 * (as Hookreel's publishing does), and the seller sees the slides and the video arrive, posts a
 * draft from the inbox, and flips a failure switch that the next API call then answers with.
 */

const run = promisify(execFile);

// This worker's server keeps its app secret in its data folder (e2e/servers.ts); the sandbox's
// client secret is derived from it.
const clientSecret = () =>
  sandboxClientSecret(
    readFileSync(path.join(serverDataDir(test.info().parallelIndex), 'app-secret'), 'utf8').trim(),
  );

/** PKCE, as the product sends it (decision 056); the spec exchanges the code itself. */
const pkce = newPkcePair();

const authorizeUrl = (baseURL: string) =>
  `/tiktok-sandbox/v2/auth/authorize/?${new URLSearchParams({
    client_key: 'sbx_hookreel',
    scope: 'user.info.basic,user.info.profile,video.upload',
    redirect_uri: `${baseURL}/api/tiktok/auth/callback`,
    state: 'inbox-spec',
    response_type: 'code',
    code_challenge: pkce.challenge,
    code_challenge_method: 'S256',
  }).toString()}`;

const connectTestAccount = async (page: Page, baseURL: string) => {
  // The app's own callback would spend the code and move on; the spec exchanges it itself.
  await page.route('**/api/tiktok/auth/callback?**', (route) =>
    route.fulfill({ contentType: 'text/plain', body: 'callback reached' }),
  );
  await page.goto(authorizeUrl(baseURL));
  await page.getByLabel('Display name', { exact: true }).fill('Inbox Tester');
  await page.getByLabel('Username', { exact: true }).fill('inbox.tester');
  await page.getByRole('button', { name: 'Authorize' }).click();
  await page.waitForURL(/\/api\/tiktok\/auth\/callback\?/);
  return new URL(page.url()).searchParams.get('code')!;
};

const hostSlide = async (request: APIRequestContext, token: string, hue: string) => {
  const image = await sharp({
    create: { width: 1080, height: 1350, channels: 3, background: hue },
  })
    .jpeg()
    .toBuffer();
  const res = await request.post('/api/temp-images/upload', {
    headers: { authorization: `Bearer ${token}` },
    multipart: { image: { name: 'slide.jpg', mimeType: 'image/jpeg', buffer: image } },
  });
  expect(res.ok()).toBeTruthy();
  return ((await res.json()) as { url: string }).url;
};

const sampleVideo = async () => {
  const file = path.join(os.tmpdir(), `inbox-spec-${process.pid}.mp4`);
  await run(await resolveFfmpeg(loadFfmpegSettings()), [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=360x640:rate=30:duration=2',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-y',
    file,
  ]);
  return readFileSync(file);
};

test('a seller sees what the test account received, posts it, and makes the next call fail', async ({
  page,
  request,
  baseURL,
}) => {
  const user = await createConfirmedUser(request);
  await signInThroughDialog(page, user.email, user.password);
  await expect(page).toHaveURL(/\/onboarding$/);
  const signedIn = await request.post('/api/auth/sign-in/email', {
    data: { email: user.email, password: user.password },
  });
  const bearer = ((await signedIn.json()) as { token: string }).token;

  const code = await connectTestAccount(page, baseURL!);
  const sandbox = `${baseURL}/tiktok-sandbox`;
  const client = createTikTokClient({
    clientKey: 'sbx_hookreel',
    clientSecret: clientSecret(),
    redirectUri: `${baseURL}/api/tiktok/auth/callback`,
    apiOrigin: sandbox,
    authOrigin: sandbox,
  });
  const { accessToken } = await client.exchangeCode(code, pkce.verifier);

  const slides = [
    await hostSlide(request, bearer, '#e4572e'),
    await hostSlide(request, bearer, '#17bebb'),
  ];
  const photo = await client.initPhotoPost(accessToken, {
    photoUrls: slides,
    photoCoverIndex: 0,
    title: 'Glow serum before and after',
    description: 'Dark spots fade in 2 weeks #skincare',
  });
  const video = await sampleVideo();
  const clip = await client.initInboxVideo(accessToken, {
    videoSize: video.length,
    chunkSize: video.length,
    totalChunkCount: 1,
  });
  await client.uploadChunk(
    clip.uploadUrl,
    video,
    { first: 0, last: video.length - 1, total: video.length },
    'video/mp4',
  );

  await page.goto('/tiktok-sandbox');
  await expect(page.getByRole('heading', { name: 'TikTok sandbox inbox' })).toBeVisible();
  const account = page.getByRole('region', { name: 'Inbox Tester' });
  await expect(account.getByText('@inbox.tester')).toBeVisible();
  const carousel = account.getByRole('listitem', { name: 'Glow serum before and after' });
  await expect(carousel.getByText('In inbox')).toBeVisible();
  await expect(carousel.getByRole('img', { name: 'Slide 1 (cover)' })).toBeVisible();
  await expect(carousel.getByRole('img', { name: 'Slide 2' })).toBeVisible();
  await expect(carousel.getByText('Dark spots fade in 2 weeks #skincare')).toBeVisible();
  const movie = account.getByRole('listitem', { name: 'Video' });
  await expect(movie.getByText('In inbox')).toBeVisible();
  const player = movie.locator('video');
  await expect(player).toHaveJSProperty('readyState', 4, { timeout: 15_000 });
  expect(await player.evaluate((v: HTMLVideoElement) => v.duration)).toBeGreaterThan(1.5);

  expect((await client.fetchStatus(accessToken, photo.publishId)).status).toBe(
    'SEND_TO_USER_INBOX',
  );
  await carousel.getByRole('button', { name: 'Post' }).click();
  await expect(carousel.getByText('Posted')).toBeVisible();
  const done = await client.fetchStatus(accessToken, photo.publishId);
  expect(done.status).toBe('PUBLISH_COMPLETE');
  await expect(carousel.getByText(done.publiclyAvailablePostIds[0]!)).toBeVisible();
  await expect(carousel.getByRole('button', { name: 'Post' })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('inbox.png'), fullPage: true });

  const rateLimit = account.getByRole('switch', { name: /Rate limit/ });
  await rateLimit.check();
  await expect(rateLimit).toBeChecked();
  await expect
    .poll(async () =>
      client.fetchStatus(accessToken, clip.publishId).then(
        () => 'ok',
        (e: unknown) => (e instanceof TikTokApiError ? e.code : 'other'),
      ),
    )
    .toBe('rate_limit_exceeded');
  await page.reload();
  await expect(account.getByRole('switch', { name: /Rate limit/ })).toBeChecked();
  await account.getByRole('switch', { name: /Rate limit/ }).uncheck();
  await expect
    .poll(async () => (await client.fetchStatus(accessToken, clip.publishId)).status)
    .toBe('SEND_TO_USER_INBOX');
});
