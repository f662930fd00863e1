import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { axeViolations } from './axe';
import type { TAnalyticsOverview } from '../src/contract/analytics';
import type { TEntitlements } from '../src/contract/entitlements';
import { signInWithAppAccess } from './helpers';
import { buyPlus, connectSandboxAccount, sandboxAccount, userApi } from './sandbox';

/**
 * Issue 13's journey: a seller with no TikTok sees where to start; connects a sandbox account;
 * sends a carousel to its inbox; the test account posts it and a day passes; a refresh runs the
 * stats job, and /analytics shows the post's views, its hook and "Make more like this".
 */

const SHOTS = process.env.SHOTS_DIR ?? 'test-results';

const noAxeViolations = async (page: Page) => expect(await axeViolations(page)).toEqual([]);

test('a posted carousel shows its views, hook and "Make more like this" on /analytics', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  await signInWithAppAccess(page, request);
  await buyPlus(page);

  // No account yet: the page says where to start, and the header shows the real credits.
  await page.goto('/analytics');
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  const noAccount = page.getByRole('region', { name: 'Connect TikTok to see analytics' });
  await expect(noAccount).toBeVisible();
  await expect(noAccount.getByRole('link', { name: 'Connect TikTok' })).toHaveAttribute(
    'href',
    '/settings?tab=tiktok',
  );
  const credits = await userApi<TEntitlements>(page, '/api/entitlements');
  await expect(page.getByText(`${credits.remainingQuota} credits left this period`)).toBeVisible();
  await expect(page.getByText('2847')).toHaveCount(0);
  await page.screenshot({ path: '/tmp/analytics-empty.png', fullPage: true });

  // Connect a sandbox account; the consent page grants what Hookreel asks, video.list included.
  await connectSandboxAccount(page, { name: 'Maya Stats', username: 'maya.stats' });

  await page.goto('/analytics');
  await expect(page.getByRole('region', { name: 'No published posts yet' })).toBeVisible();

  // Send a carousel to the account's inbox.
  await page.goto('/create');
  await page.getByRole('button', { name: 'Create Photo (Carousel)' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Carousel Maker' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Product' }).selectOption({ label: 'Glow Serum' });
  await page.getByLabel('Slide Text').fill('Dark spots? Meet Glow Serum');
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
  await page.getByRole('button', { name: 'Upload to TikTok' }).click();
  const dialog = page.getByRole('dialog', { name: /Upload to TikTok/ });
  await dialog.getByLabel('Title').fill('Glow serum in 3 slides');
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('Draft sent to Inbox', { exact: true })).toBeVisible({
    timeout: 30_000,
  });
  const queued = page
    .getByRole('list', { name: 'Queue items' })
    .getByRole('listitem')
    .filter({ hasText: 'Glow serum in 3 slides' });
  await expect(queued).toContainText('In Review', { timeout: 60_000 });

  // The test account posts it from its inbox, and a day passes on its clock.
  await page.goto('/tiktok-sandbox');
  const account = page.getByRole('region', { name: 'Maya Stats' });
  const item = account
    .getByRole('list', { name: 'Inbox of Maya Stats' })
    .getByRole('listitem', { name: 'Glow serum in 3 slides' });
  await item.getByRole('button', { name: 'Post' }).click();
  await expect(item.getByText('Posted')).toBeVisible();
  await account.getByRole('button', { name: 'Let a day pass' }).click();
  await expect(account).toContainText('24 hours ahead');
  await expect(item.getByLabel('Stats on TikTok')).toContainText('views');
  const viewsOf = async () =>
    (await sandboxAccount(page, 'Maya Stats')).items.find(
      (i) => i.title === 'Glow serum in 3 slides',
    )!.stats!.views;
  const viewsBefore = await viewsOf();
  expect(viewsBefore).toBeGreaterThan(100);

  // Refresh runs the stats job; the page follows it and shows the post.
  // Before TikTok is read, the page says so rather than "No published posts yet" (issue 29).
  await page.goto('/analytics?range=7d');
  await expect(page.getByLabel('Date range')).toHaveValue('7d');
  await expect(
    page.getByRole('region', { name: 'Your posts have not been read from TikTok yet' }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'No published posts yet' })).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/analytics-before-first-read.png` });
  // Refresh reads TikTok within seconds and says when it is done.
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByRole('status', { name: 'Last refresh' })).toHaveText(
    'Read 1 video from TikTok just now.',
    { timeout: 30_000 },
  );
  const topPosts = page.getByRole('region', { name: 'Top posts' });
  await expect(topPosts).toContainText('Glow serum in 3 slides');
  await page.screenshot({ path: `${SHOTS}/analytics-after-refresh.png` });
  const viewsAfter = await viewsOf();
  const overview = await userApi<TAnalyticsOverview>(page, '/api/analytics?range=7d');
  const views = overview.totals.views;
  expect(views).toBeGreaterThanOrEqual(viewsBefore);
  expect(views).toBeLessThanOrEqual(viewsAfter);
  const shown = views < 10_000 ? views.toLocaleString('en-US') : null;
  const totalCard = page.getByRole('group', { name: 'Total Views' });
  if (shown) await expect(totalCard).toContainText(shown);
  await expect(totalCard).toContainText('1 post published in this range');
  await expect(page.getByRole('group', { name: 'Engagement Rate' })).toContainText('%');
  await expect(page.getByRole('group', { name: 'Conversions' })).toContainText('Not available');
  await expect(page.getByRole('group', { name: 'Video Completion' })).toContainText(
    'does not share watch time',
  );
  // The carousel's hook is its first slide, tied through the draft it was sent from.
  expect(overview.topHooks.map((h) => h.label)).toEqual(['Dark spots? Meet Glow Serum']);
  await expect(page.getByRole('region', { name: 'Top hooks' })).toContainText(
    'Dark spots? Meet Glow Serum',
  );
  await expect(topPosts).toContainText('Glow Serum · posted');
  await expect(
    page.getByRole('region', { name: 'Performance by content type' }).getByRole('row', {
      name: /Photo carousel 1/,
    }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Recent activity' })).toContainText(
    'Carousel “Glow serum in 3 slides” sent to TikTok',
  );
  await expect(page.getByRole('figure', { name: 'Views over time' })).toBeVisible();
  await noAxeViolations(page);
  // The app scrolls inside its main area, so a tall window shows the whole page at once.
  await page.setViewportSize({ width: 1440, height: 2200 });
  await page.screenshot({ path: '/tmp/analytics-page.png' });
  await page.setViewportSize({ width: 1280, height: 720 });

  // "Make more like this" makes a new carousel draft for the same product with a fresh hook.
  await topPosts.getByRole('button', { name: /Make more like this/ }).click();
  await expect(page).toHaveURL(/\/create\?type=carousel&draftId=/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Carousel Maker' })).toBeVisible();
  await expect(page.getByText('Draft created', { exact: true })).toBeVisible();
});
