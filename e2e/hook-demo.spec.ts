import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { axeViolations } from './axe';
import { createConfirmedUser, signInThroughDialog } from './helpers';

const toast = (page: Page, text: string) => page.getByText(text, { exact: true });
const saved = (page: Page) => page.getByRole('status').filter({ hasText: 'All changes saved' });

/** A 4 s landscape clip with sound, as a seller's phone or screen recorder might give one. */
const makeProductVideo = () => {
  const dir = path.join('test-results', 'hook-demo');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'product-demo.mp4');
  execFileSync(process.env.FFMPEG_PATH ?? 'ffmpeg', [
    ...['-y', '-loglevel', 'error'],
    ...['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=30'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
    ...['-t', '4', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-shortest', file],
  ]);
  return file;
};

test('a seller makes a Hook + Demo video: hook, character, product video, render, and finds it all again', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const productVideo = makeProductVideo();
  // As signInWithAppAccess, with room for a machine busy rendering other people's videos.
  const user = await createConfirmedUser(request);
  await signInThroughDialog(page, user.email, user.password);
  await expect(page).toHaveURL(/\/onboarding$/, { timeout: 60_000 });
  await page.getByLabel('Name').fill('Glow Serum');
  await page
    .getByLabel('Description')
    .fill('$24 vitamin C serum that fades dark spots in 2 weeks, for busy moms');
  await page.getByRole('button', { name: 'Create and preview' }).click();
  await expect(page).toHaveURL(/\/create/, { timeout: 60_000 });
  await page.getByRole('button', { name: 'Create Video' }).click();
  await expect(page).toHaveURL(/\/create\?type=video&draftId=[^&]+$/);
  const draftUrl = new URL(page.url());
  await expect(page.getByRole('heading', { level: 1, name: 'Hook + Demo' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Prefer photos?' })).toBeVisible();

  // 1. Hook: the product's first suitable hook, then one of the AI's.
  await page.getByRole('combobox', { name: 'Product' }).selectOption({ label: 'Glow Serum' });
  const hook = page.getByLabel('Hook text', { exact: true });
  await expect(hook).not.toHaveValue('', { timeout: 60_000 });
  const regenerate = page.getByRole('button', { name: 'Regenerate with AI' });
  const first = await hook.inputValue();
  await regenerate.click();
  await expect(hook).not.toHaveValue(first, { timeout: 30_000 });
  await expect(page.getByText(/^\d+\/\d+$/).first()).toBeVisible();
  const hookText = await hook.inputValue();
  expect(hookText.length).toBeLessThanOrEqual(120);

  // 2. UGC Media: one of the pre-made characters, chosen in the Browse More dialog.
  await expect(page.getByRole('radio', { name: 'Pre-made AI Characters' })).toBeChecked();
  await expect(page.getByText('8/10')).toBeVisible();
  await page.getByRole('button', { name: 'Browse More characters' }).click();
  const characters = page.getByRole('dialog', { name: 'Select a Pre‑made Character' });
  const ninth = characters.getByRole('button').nth(8);
  const characterName = (await ninth.getAttribute('aria-label'))!;
  await ninth.click();
  await expect(ninth).toHaveAttribute('aria-pressed', 'true');
  await characters.getByRole('button', { name: 'Done' }).click();
  await expect(characters).toHaveCount(0);

  // 3. Product Video: uploaded, checked and normalised by the server.
  await expect(page.getByText('0/1 video uploaded')).toBeVisible();
  await page.getByLabel('Upload product video').setInputFiles(productVideo);
  await expect(toast(page, 'Video Uploaded Successfully')).toBeVisible({ timeout: 90_000 });
  await expect(toast(page, '1 video(s) uploaded and ready for generation.')).toBeVisible();
  await expect(page.getByText('1/1 video uploaded')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'My Videos' })).toBeVisible();

  // The overlay: bigger text, a little higher.
  const size = page.getByRole('slider', { name: 'Text size' });
  await size.focus();
  for (let i = 0; i < 4; i++) await size.press('ArrowRight');
  await expect(size).toHaveAttribute('aria-valuenow', '1.2');
  const position = page.getByRole('slider', { name: 'Vertical position' });
  await position.focus();
  for (let i = 0; i < 10; i++) await position.press('ArrowRight');
  await expect(position).toHaveAttribute('aria-valuetext', '10%');
  await expect(saved(page)).toBeVisible();

  // The preview plays the character with the hook over it, drawn in TikTok Sans.
  await expect(page.getByText('UGC Media', { exact: true }).last()).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => document.fonts.check('16px "Hookreel Hook"')))
    .toBe(true);
  expect(await axeViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1440, height: 1500 });
  await page.screenshot({ path: 'test-results/screens/hook-demo-editor.png' });

  // Generate: the free plan is offered an upgrade first. The button says it is unavailable
  // (aria-disabled) but still answers a press, which Playwright only sends when forced.
  const generate = page.getByRole('button', { name: 'Generate', exact: true });
  await expect(generate).toHaveAttribute('aria-disabled', 'true');
  await generate.click({ force: true });
  const upgrade = page.getByRole('dialog', { name: 'Upgrade to Generate' });
  await expect(upgrade).toBeVisible();
  await upgrade
    .getByRole('region', { name: 'Plus' })
    .getByRole('button', { name: 'Buy Now' })
    .click();
  await expect(page).toHaveURL(/\/billing\/checkout\/[^/]+$/);
  const landed = page.waitForURL(/\/settings\?billing=success$/, { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Complete test purchase' }).click();
  await landed;

  // Back in the draft, everything is as it was left.
  await page.goto(draftUrl.pathname + draftUrl.search);
  await expect(page.getByLabel('Hook text', { exact: true })).toHaveValue(hookText);
  // The ninth character is in the Browse More dialog, still chosen.
  await page.getByRole('button', { name: 'Browse More characters' }).click();
  await expect(characters.getByRole('button', { name: characterName })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await characters.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText('1/1 video uploaded')).toBeVisible();
  await expect(page.getByRole('slider', { name: 'Text size' })).toHaveAttribute(
    'aria-valuenow',
    '1.2',
  );

  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(toast(page, 'Hook + Demo Generation Started')).toBeVisible();
  await expect(toast(page, 'Added to queue. Tracking rendering progress...')).toBeVisible();
  await expect(page.getByText('Generating your demo...')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Generation progress' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Check Status' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/hook-demo-generating.png' });
  // The queue panel follows the render.
  const queue = page.getByRole('list', { name: 'Queue items' });
  await expect(queue.getByRole('listitem').first()).toBeVisible({ timeout: 20_000 });

  // The result plays: the browser reads a 10 s video (5 s character + 5 s product).
  const video = page.getByLabel('Generated video', { exact: true });
  await expect(video).toBeVisible({ timeout: 240_000 });
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.duration), { timeout: 30_000 })
    .toBeGreaterThan(9);
  expect(await video.evaluate((v: HTMLVideoElement) => v.duration)).toBeLessThan(11);
  await expect(queue.getByText('Complete').first()).toBeVisible({ timeout: 20_000 });
  await page.screenshot({ path: 'test-results/screens/hook-demo-result.png' });

  // Upload to TikTok opens the video dialog with the default title.
  await page.getByRole('button', { name: 'Upload to TikTok', exact: true }).click();
  const upload = page.getByRole('dialog', { name: /^Upload to TikTok/ });
  await expect(upload.getByLabel('Title')).toHaveValue('Check out this amazing Hook + Demo! 🎬');
  await upload.getByRole('button', { name: 'Cancel' }).click();

  // The queue offers the same dialog for the finished render.
  const finished = queue.getByRole('listitem').filter({ hasText: 'Complete' }).first();
  await finished.screenshot({ path: 'test-results/screens/hook-demo-queue-upload.png' });
  await finished.getByRole('button', { name: /^Upload to TikTok/ }).click();
  await expect(upload.getByLabel('Title')).toHaveValue('Check out this amazing Hook + Demo! 🎬');
  await expect(upload.locator('video')).toHaveAttribute('src', /\/media\/renders\//);
  await upload.getByRole('button', { name: 'Cancel' }).click();
  await expect(upload).toBeHidden();

  // Reloaded, the draft and the last video are back.
  const src = await video.getAttribute('src');
  await page.reload();
  await expect(page.getByLabel('Hook text', { exact: true })).toHaveValue(hookText);
  await expect(page.getByLabel('Generated video', { exact: true })).toHaveAttribute('src', src!);
  await expect
    .poll(() =>
      page
        .getByLabel('Generated video', { exact: true })
        .evaluate((v: HTMLVideoElement) => v.duration),
    )
    .toBeGreaterThan(9);

  // The hub lists it with the character as its picture and the hook as its title.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('heading', { name: 'Choose Your Creation Tool' })).toBeVisible();
  await expect(page.getByText(hookText).first()).toBeVisible();
});
