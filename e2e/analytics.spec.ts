import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './test';
import type { TAnalyticsOverview } from '../src/contract/analytics';
import type { TEntitlements } from '../src/contract/entitlements';
import type { TSandboxInbox } from '../src/contract/tiktok-sandbox-inbox';
import { signInWithAppAccess } from './helpers';

/**
 * Issue 13's journey: a seller with no TikTok sees where to start; connects a sandbox account;
 * sends a carousel to its inbox; the test account posts it and a day passes; a refresh runs the
 * stats job, and /analytics shows the post's views, its hook and "Make more like this".
 */

/** The user's bearer call, as the app makes it. */
const api = <T>(page: Page, path: string, method = 'GET', body?: unknown) =>
  page.evaluate(
    async ([p, m, b]) => {
      const session = JSON.parse(localStorage.getItem('hookreel.session') ?? '{}') as {
        token?: string;
      };
      const res = await fetch(p as string, {
        method: m as string,
        headers: {
          Authorization: `Bearer ${session.token}`,
          ...(b === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      const text = await res.text();
      return (text ? JSON.parse(text) : null) as unknown;
    },
    [path, method, body] as const,
  ) as Promise<T>;

const buyPlus = async (page: Page) => {
  await page.goto('/pricing');
  await page.getByRole('region', { name: 'Plus' }).getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/billing\/checkout\/[^/]+$/);
  const landed = page.waitForURL(/\/settings\?billing=success$/, { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Complete test purchase' }).click();
  await landed;
  await expect(page.getByText('Plan updated', { exact: true })).toBeVisible();
};

const noAxeViolations = async (page: Page) =>
  expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

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
  const credits = await api<TEntitlements>(page, '/api/entitlements');
  await expect(page.getByText(`${credits.remainingQuota} credits left this period`)).toBeVisible();
  await expect(page.getByText('2847')).toHaveCount(0);
  await page.screenshot({ path: '/tmp/analytics-empty.png', fullPage: true });

  // Connect a sandbox account; the consent page grants what Hookreel asks, video.list included.
  await page.goto('/settings?tab=tiktok');
  await page.getByRole('button', { name: /Connect TikTok Account/ }).click();
  await expect(page.getByRole('heading', { name: 'Log in to TikTok' })).toBeVisible();
  await expect(page.getByText('Read your public videos')).toBeVisible();
  const fresh = page.getByRole('radio', { name: 'A new test account' });
  if (!(await fresh.isChecked())) await fresh.check();
  await page.getByLabel('Display name', { exact: true }).fill('Maya Stats');
  await page.getByLabel('Username', { exact: true }).fill('maya.stats');
  await page.getByRole('button', { name: 'Authorize' }).click();
  await expect(page).not.toHaveURL(/tiktok-sandbox/);

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
  const viewsOf = async () => {
    const inbox = await api<TSandboxInbox>(page, '/tiktok-sandbox/api/inbox');
    return inbox.accounts[0]!.items.find((i) => i.title === 'Glow serum in 3 slides')!.stats!.views;
  };
  const viewsBefore = await viewsOf();
  expect(viewsBefore).toBeGreaterThan(100);

  // Refresh runs the stats job; the page follows it and shows the post.
  await page.goto('/analytics?range=7d');
  await expect(page.getByLabel('Date range')).toHaveValue('7d');
  await page.getByRole('button', { name: 'Refresh' }).click();
  const topPosts = page.getByRole('region', { name: 'Top posts' });
  await expect(topPosts).toContainText('Glow serum in 3 slides', { timeout: 60_000 });
  const viewsAfter = await viewsOf();
  const overview = await api<TAnalyticsOverview>(page, '/api/analytics?range=7d');
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
