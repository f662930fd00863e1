import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { signInWithAppAccess } from './helpers';
import {
  buyPlus,
  connectSandboxAccount,
  sandboxAccount,
  sandboxInbox,
  setSwitches,
} from './sandbox';

/**
 * Issue 9's journey: connect two sandbox accounts, make the second the default, build a
 * carousel, send it, watch the queue go Publishing → In Review, find it in the sandbox inbox;
 * then a failing switch shows the plain-words failure in the queue.
 */

const queueItems = (page: Page) => page.getByRole('list', { name: 'Queue items' });

test('a carousel goes to the default sandbox account: Publishing → In Review; a failing switch explains itself', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await signInWithAppAccess(page, request);
  await buyPlus(page);

  await connectSandboxAccount(page, { name: 'Maya First', username: 'maya.first' });
  await connectSandboxAccount(page, {
    button: /Add another TikTok account/,
    name: 'Maya Second',
    username: 'maya.second',
  });
  await page.goto('/settings?tab=tiktok');
  await page.getByRole('button', { name: 'Make Maya Second the default account' }).click();
  await expect(page.getByRole('list', { name: 'Connected TikTok accounts' })).toContainText(
    'Maya Second (default)',
  );

  // Slow the sandbox's status a little so "Publishing" is seen before "In Review".
  const second = await sandboxAccount(page, 'Maya Second');
  await setSwitches(page, second, { slow_polls: 3 });

  await page.goto('/create');
  await page.getByRole('button', { name: 'Create Photo (Carousel)' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Carousel Maker' })).toBeVisible();
  await page.getByRole('button', { name: 'Upload to TikTok' }).click();
  const dialog = page.getByRole('dialog', { name: /Upload to TikTok/ });
  await expect(dialog.getByLabel('Account')).toHaveValue(second.open_id);
  await expect(dialog.getByRole('heading')).toContainText('Posting as');
  await dialog.getByLabel('Title').fill('Glow serum in 3 slides');
  await expect(dialog.getByText('22/150 characters')).toBeVisible();
  await expect(dialog.getByRole('switch', { name: 'Direct Post' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('Draft sent to Inbox', { exact: true })).toBeVisible({
    timeout: 30_000,
  });

  const item = queueItems(page).getByRole('listitem').filter({ hasText: 'Glow serum in 3 slides' });
  await expect(item).toContainText('Publishing');
  await expect(item).toContainText('In Review', { timeout: 60_000 });
  await expect(item).toContainText('Uploaded. Open TikTok app to finish posting.');

  const after = await sandboxInbox(page);
  const received = after.accounts.find((a) => a.open_id === second.open_id)!.items;
  expect(received).toHaveLength(1);
  expect(received[0]).toMatchObject({ status: 'SEND_TO_USER_INBOX' });
  expect(received[0]!.media_urls.length).toBeGreaterThan(0);
  const first = after.accounts.find((a) => a.display_name === 'Maya First')!;
  expect(first.items).toHaveLength(0);

  // A failing switch: TikTok's picture size check fails the next carousel.
  await setSwitches(page, second, { picture_size_fails: true });
  await page.getByRole('button', { name: 'Upload to TikTok' }).click();
  await dialog.getByLabel('Title').fill('Second try');
  await dialog.getByRole('button', { name: 'Upload' }).click();
  const failed = queueItems(page).getByRole('listitem').filter({ hasText: 'Second try' });
  await expect(failed).toContainText('Failed', { timeout: 60_000 });
  await expect(failed).toContainText('One of the slides is too large for TikTok');

  // The sandbox's own inbox page shows what the test account received: the slides and status.
  await page.goto('/tiktok-sandbox');
  await expect(page.getByRole('heading', { level: 1, name: 'TikTok sandbox inbox' })).toBeVisible();
  const inbox = page
    .getByRole('region', { name: 'Maya Second' })
    .getByRole('list', { name: 'Inbox of Maya Second' });
  const sent = inbox.getByRole('listitem', { name: 'Glow serum in 3 slides' });
  await expect(sent.getByText('In inbox', { exact: true })).toBeVisible();
  await expect(sent.getByText('SEND_TO_USER_INBOX', { exact: true })).toBeVisible();
  await expect(sent).toContainText(received[0]!.publish_id);
  const slides = sent.getByRole('list', { name: 'Slides' }).getByRole('img');
  await expect(slides).toHaveCount(received[0]!.media_urls.length);
  await expect(slides.first()).toHaveAccessibleName('Slide 1 (cover)');
  // Each slide really loads from the sandbox's storage, not a broken image.
  for (const slide of await slides.all()) {
    await expect(slide).toBeVisible();
    await expect
      .poll(() => slide.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
  }
  const refused = inbox.getByRole('listitem', { name: 'Second try' });
  await expect(refused.getByText('Failed', { exact: true })).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Maya First' }).getByText('Nothing received yet.'),
  ).toBeVisible();
  await page.screenshot({
    path: 'test-results/tiktok-sandbox-inbox-after-send.png',
    fullPage: true,
  });

  // The creator posts the draft, then makes it private: TikTok tells Hookreel by webhook
  // (post.publish.no_longer_publicaly_available) and the seller's queue says so in words.
  await sent.getByRole('button', { name: 'Post', exact: true }).click();
  const makePrivate = sent.getByRole('button', { name: 'Make private' });
  await makePrivate.click();
  await expect(sent.getByText('Private', { exact: true })).toBeVisible();
  await expect(makePrivate).toBeHidden();
  await page.screenshot({ path: 'test-results/tiktok-sandbox-made-private.png', fullPage: true });
  await page.goto('/create');
  const hidden = queueItems(page)
    .getByRole('listitem')
    .filter({ hasText: 'Glow serum in 3 slides' });
  await expect(async () => {
    await page.reload();
    await expect(hidden).toContainText('No longer public on TikTok', { timeout: 3000 });
  }).toPass({ timeout: 60_000 });
  await page.screenshot({ path: 'test-results/queue-no-longer-public.png', fullPage: true });
});
