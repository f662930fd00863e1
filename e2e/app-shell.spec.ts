import { expect, test } from './test';
import { axeViolations } from './axe';
import { signInWithAppAccess } from './helpers';

test('onboarding opens the app: dashboard, sidebar, 404, settings and logout', async ({
  page,
  request,
}) => {
  const cspViolations: string[] = [];
  page.on('console', (m) => {
    if (m.text().includes('Content Security Policy')) cspViolations.push(m.text());
  });
  await signInWithAppAccess(page, request);

  await page.goto('/app');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(
    page.getByText("Welcome back! Here's an overview of your UGC content."),
  ).toBeVisible();
  await expect(page.getByText('Welcome, Maya')).toBeVisible();
  const nav = page.getByRole('navigation');
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.getByText('Free Plan')).toBeVisible();
  await expect(page.getByText('No items in queue')).toBeVisible();
  // Campaigns are built (decision 051): a link, and the dashboard's schedule card is real.
  await expect(nav.getByRole('link', { name: 'Campaigns' })).toHaveAttribute('href', '/campaigns');
  await expect(page.getByRole('heading', { name: 'Campaigns schedule' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/dashboard.png', fullPage: true });
  expect(await axeViolations(page)).toEqual([]);

  // "/" sends a user with access on to the dashboard.
  await page.goto('/');
  await expect(page).toHaveURL(/\/app$/);

  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();

  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Maya');
  await expect(page.getByLabel('Last name')).toHaveValue('Seller');

  // A fake image is refused by content.
  await page.getByLabel('Avatar').setInputFiles('e2e/fixtures/fake.png');
  await expect(page.getByText('Upload failed', { exact: true })).toBeVisible();

  await page.getByLabel('Avatar').setInputFiles('e2e/fixtures/avatar.png');
  await expect(page.getByText('Avatar uploaded', { exact: true })).toBeVisible();
  await expect(page.getByText("Don't forget to save changes.", { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Save Avatar' }).click();
  await expect(page.getByText('Profile updated', { exact: true })).toBeVisible();

  await page.getByLabel('Timezone').selectOption('Asia/Tokyo');
  await page.getByRole('button', { name: 'Save Timezone' }).click();
  await expect(page.getByText('Timezone updated', { exact: true })).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Timezone')).toHaveValue('Asia/Tokyo');
  const avatar = page.getByRole('main').locator('img').first();
  await expect(avatar).toBeVisible();
  expect(await avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await page.screenshot({ path: 'test-results/screens/settings.png', fullPage: true });
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password reset email sent', { exact: true })).toBeVisible();

  // The built app runs under its own CSP without a single violation.
  expect(cspViolations).toEqual([]);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Launch App' }).first()).toBeVisible();

  // Signed out, a private path shows the landing page and an unknown one too.
  await page.goto('/settings');
  await expect(page.getByRole('button', { name: 'Launch App' }).first()).toBeVisible();
  await page.goto('/no/such/page');
  await expect(page.getByRole('button', { name: 'Launch App' }).first()).toBeVisible();
});

test('public pages: examples, plan cards, legal pages and pricing', async ({ page }) => {
  await page.goto('/');
  const examples = page.locator('#examples');
  const videos = examples.locator('video');
  await expect(videos).toHaveCount(5);
  // Below the fold the examples wait with their first frame; they play once in view (decision 251).
  const playing = () =>
    videos.evaluateAll((all: HTMLVideoElement[]) =>
      all.map((v) => v.autoplay || (!v.paused && v.currentTime > 0)).filter(Boolean),
    );
  await expect(examples).not.toBeInViewport();
  await expect
    .poll(() => videos.first().evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 10_000 })
    .toBeGreaterThanOrEqual(2);
  expect(await playing()).toEqual([]);
  await page.getByRole('link', { name: 'View real examples' }).click();
  await expect(examples).toBeInViewport();
  await expect.poll(async () => (await playing()).length, { timeout: 15_000 }).toBe(5);
  for (let i = 1; i <= 5; i++) {
    const res = await page.request.get(`/videos/ugc-example-${i}.mp4`);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('video/mp4');
  }
  const pricing = page.locator('#pricing');
  await expect(pricing.getByText('Most Popular')).toBeVisible();
  await expect(pricing.getByRole('button', { name: 'Buy Now' })).toHaveCount(3);
  // A visitor buying is asked to create an account first.
  await pricing.getByRole('button', { name: 'Buy Now' }).nth(1).click();
  await expect(page.getByRole('dialog').getByLabel('Full Name')).toBeVisible();
  await page.keyboard.press('Escape');
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('link', { name: 'Terms and Conditions' }).first().click();
  await expect(page.getByRole('heading', { name: 'Terms and Conditions', level: 1 })).toBeVisible();
  await expect(page.getByText('October 14, 2025')).toBeVisible();
  await expect(page.getByRole('link', { name: 'help@hookreel.test' }).first()).toBeVisible();
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/privacy');
  await expect(page.getByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeVisible();
  await expect(page.getByText('July 19, 2025')).toBeVisible();

  await page.goto('/pricing?reason=limit');
  await expect(page.getByRole('heading', { name: 'Pricing', level: 1 })).toBeVisible();
  await expect(page.getByText('All features included under Fair Use.')).toBeVisible();
  await expect(page.getByText('Reason: limit')).toBeVisible();
});
