import { expect, test } from './test';

/**
 * The landing page paints as static HTML with one small script (decision 052), starts the app once
 * it is idle, so a first click is answered by the app itself, and a click before then starts the
 * app and does what the button says.
 */
test('the landing page paints without the app and a first click still opens sign-in', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('10 organic hooks instantly');
  await page.waitForLoadState('load');
  // What the page loaded before its load event: the boot script alone.
  const beforeLoad = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    return performance
      .getEntriesByType('resource')
      .filter((e) => e.startTime < nav.loadEventStart && /\.js$/.test(new URL(e.name).pathname))
      .map((e) => new URL(e.name).pathname);
  });
  expect(beforeLoad).toHaveLength(1);
  expect(beforeLoad[0]).toMatch(/^\/assets\/landing-boot-[0-9a-f]+\.js$/);
  // Then, while the visitor reads and before any click, the app arrives and takes the page over.
  await expect.poll(() => scripts.some((s) => /^\/assets\/index-[\w-]+\.js$/.test(s))).toBe(true);
  await expect(page.locator('#root [data-prerendered]')).toHaveCount(0);

  await page.getByRole('button', { name: 'Start now' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Email')).toBeVisible();
  expect(scripts.length).toBeGreaterThan(1);
  await page.screenshot({ path: 'test-results/landing-static-after-click.png' });
});

test('Buy Now on a plan card loads the app and asks a visitor to sign up', async ({ page }) => {
  await page.goto('/');
  const plus = page.locator('[data-plan="plus"]');
  await plus.getByRole('button', { name: /Buy Now/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Full Name')).toBeVisible();
});
