import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { axeViolations } from './axe';
import { createConfirmedUser, signInThroughDialog } from './helpers';

/**
 * Issue 12's journey: a paid seller connects a sandbox TikTok account, creates a campaign with a
 * prompt, sees it on the calendar, generates a carousel for one item, opens it in the Carousel
 * Maker from its chip and comes back, schedules it a minute ahead, and watches it arrive in the
 * sandbox inbox while its badge turns done.
 */

type Inbox = {
  accounts: {
    open_id: string;
    display_name: string;
    items: { publish_id: string; status: string; title: string | null; media_urls: string[] }[];
  }[];
};
type Item = {
  id: string;
  type: string;
  dateScheduled: string | null;
  carouselPlan: { slides: { text: string; imageUrl?: string }[] } | null;
  lastJob: { status: string; last_error: string | null } | null;
};

/** The user's bearer call, as the app makes it. */
const api = (page: Page, path: string) =>
  page.evaluate(async (p) => {
    const session = JSON.parse(localStorage.getItem('hookreel.session') ?? '{}') as {
      token?: string;
    };
    const res = await fetch(p, { headers: { Authorization: `Bearer ${session.token}` } });
    return (await res.json()) as unknown;
  }, path);

// By text, not by role: while a dialog is open the rest of the page, the toasts included, is
// aria-hidden; Radix announces each toast through its own live region.
const toast = (page: Page, text: string) =>
  page.locator('li[data-state="open"]').getByText(text, { exact: true });

const buyPlus = async (page: Page) => {
  await page.goto('/pricing');
  await page.getByRole('region', { name: 'Plus' }).getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/billing\/checkout\/[^/]+$/);
  const landed = page.waitForURL(/\/settings\?billing=success$/, { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Complete test purchase' }).click();
  await landed;
  await expect(page.getByText('Plan updated', { exact: true })).toBeVisible();
};

const connectSandboxAccount = async (page: Page) => {
  await page.goto('/settings?tab=tiktok');
  await page.getByRole('button', { name: /Connect TikTok Account/ }).click();
  await expect(page.getByRole('heading', { name: 'Log in to TikTok' })).toBeVisible();
  const fresh = page.getByRole('radio', { name: 'A new test account' });
  if (!(await fresh.isChecked())) await fresh.check();
  await page.getByLabel('Display name', { exact: true }).fill('Maya Campaigns');
  await page.getByLabel('Username', { exact: true }).fill('maya.campaigns');
  await page.getByRole('button', { name: 'Authorize' }).click();
  await expect(page).not.toHaveURL(/tiktok-sandbox/);
};

const utcDay = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

const axe = async (page: Page) => expect(await axeViolations(page)).toEqual([]);

test('a campaign is planned, a carousel made, edited, scheduled and sent to the sandbox inbox', async ({
  page,
  request,
}) => {
  test.setTimeout(360_000);
  await page.setViewportSize({ width: 1440, height: 1000 });
  // As signInWithAppAccess, with room for a first start that is still drawing its library on a
  // busy machine (the loading screen waits for it).
  const user = await createConfirmedUser(request);
  await signInThroughDialog(page, user.email, user.password);
  await expect(page).toHaveURL(/\/onboarding$/, { timeout: 90_000 });
  await page.getByLabel('Name').fill('Glow Serum');
  await page
    .getByLabel('Description')
    .fill('$24 vitamin C serum that fades dark spots in 2 weeks, for busy moms');
  await page.getByRole('button', { name: 'Create and preview' }).click();
  await expect(page).toHaveURL(/\/create/, { timeout: 30_000 });
  await buyPlus(page);
  await connectSandboxAccount(page);

  // The sidebar and the dashboard lead to campaigns.
  await page.goto('/app');
  await expect(page.getByRole('heading', { name: 'Campaigns schedule' })).toBeVisible();
  await expect(page.getByText('No campaigns yet')).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Campaigns' })
    .click();
  await expect(page).toHaveURL(/\/campaigns$/);
  await expect(page.getByRole('heading', { name: 'No campaigns yet' })).toBeVisible();
  await axe(page);

  // New Campaign: three days from today in UTC, once a day, with a prompt.
  await page.getByRole('button', { name: 'New Campaign' }).click();
  const form = page.getByRole('dialog', { name: 'New Campaign' });
  await form.getByLabel('Name').fill('Glow launch');
  await expect(form.getByLabel('Product')).toHaveValue(/.+/);
  await form.getByLabel('Start date').fill(utcDay(0));
  await form.getByLabel('End date').fill(utcDay(2));
  await form.getByLabel('Timezone').selectOption('UTC');
  await expect(form.getByLabel('Cadence (hours)')).toHaveValue('24');
  await form.getByLabel('Prompt (optional)').fill('Busy moms who want glowing skin fast');
  await expect(form.getByText(/^3 posts \(UTC\)/)).toBeVisible();
  await page.screenshot({ path: '/tmp/camp-web-new-campaign.png' });
  await axe(page);
  await form.getByRole('button', { name: 'Create' }).click();

  const itemsDialog = page.getByRole('dialog', { name: 'Campaign Items' });
  await expect(itemsDialog).toBeVisible({ timeout: 60_000 });
  await expect(page).toHaveURL(/\/campaigns\?openCampaign=[^&]+$/);
  const campaignId = new URL(page.url()).searchParams.get('openCampaign')!;
  const rows = itemsDialog.getByRole('list', { name: 'Items' }).getByRole('listitem');
  await expect(rows).toHaveCount(3);
  await page.screenshot({ path: '/tmp/camp-web-items.png' });
  await axe(page);

  // Generate a carousel for the first carousel item. Rows move as items are scheduled (the list
  // is in date order), so the row is pinned by its item's id.
  const firstCarouselLink = rows
    .filter({ has: page.getByRole('button', { name: 'Generate Carousel' }) })
    .first()
    .getByRole('link', { name: /^Carousel • / });
  const itemId = new URL(
    (await firstCarouselLink.getAttribute('href'))!,
    'http://x',
  ).searchParams.get('draftItem')!;
  const carouselRow = rows.filter({ has: page.locator(`a[href*="draftItem=${itemId}&"]`) });
  await carouselRow.getByRole('button', { name: 'Generate Carousel' }).click();
  await expect(toast(page, 'Carousel ready')).toBeVisible({ timeout: 60_000 });
  await expect(toast(page, 'Slides and caption saved to item.')).toBeVisible();
  const generated = (await api(page, `/api/campaign-items/${itemId}`)) as Item;
  expect(generated.carouselPlan?.slides.length).toBe(6);
  expect(generated.carouselPlan?.slides.every((s) => s.imageUrl)).toBe(true);

  // Schedule it tomorrow so it shows on the calendar as a chip.
  const at = carouselRow.getByLabel('Date and time (UTC)');
  await at.fill(`${utcDay(1)}T09:00`);
  await carouselRow.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Scheduled')).toBeVisible();
  await itemsDialog.getByRole('button', { name: 'Close' }).click();
  await expect(itemsDialog).toBeHidden();

  // The calendar: the campaign's bar and the item's chip on its day.
  const grid = page.getByRole('grid');
  await expect(grid.getByRole('button', { name: /^Glow launch, / }).first()).toBeVisible();
  const chip = grid.getByRole('link', { name: /Carousel: .*\(Glow launch\)/ });
  await expect(chip).toHaveAttribute(
    'href',
    `/create?draftItem=${itemId}&type=carousel&return=/campaigns`,
  );
  await chip.hover();
  const preview = page.getByText('Carousel · Glow launch');
  await expect(preview).toBeVisible();
  await expect
    .poll(() =>
      preview
        .locator('xpath=..')
        .locator('img')
        .evaluateAll(
          (imgs) =>
            imgs.filter(
              (i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0,
            ).length,
        ),
    )
    .toBe(4);
  await page.screenshot({ path: '/tmp/camp-web-calendar.png', fullPage: true });
  await page.mouse.move(5, 5);
  await expect(preview).toBeHidden();
  await axe(page);

  // Open it in the Carousel Maker from its chip, change a slide, and come back.
  await chip.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Carousel Maker' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page).toHaveURL(/\/create\?type=carousel&draftId=[^&]+&return=%2Fcampaigns$/);
  const text = page.getByLabel('Slide Text');
  await text.fill('Glow in 7 days, not 7 weeks');
  await expect(page.getByText('All changes saved')).toBeVisible({ timeout: 15_000 });
  await page.screenshot({ path: '/tmp/camp-web-maker.png' });
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/campaigns$/);
  const edited = (await api(page, `/api/campaign-items/${itemId}`)) as Item;
  expect(edited.carouselPlan?.slides[0]?.text).toBe('Glow in 7 days, not 7 weeks');

  // Reopening the item opens the same draft, not a second one.
  await grid.getByRole('link', { name: /Carousel: .*\(Glow launch\)/ }).click();
  await expect(page.getByLabel('Slide Text')).toHaveValue('Glow in 7 days, not 7 weeks');
  await page.getByRole('button', { name: 'Back' }).click();

  // Schedule it a minute ahead and watch it go out.
  await page.goto(`/campaigns?openCampaign=${campaignId}`);
  const row = page
    .getByRole('dialog', { name: 'Campaign Items' })
    .getByRole('listitem')
    .filter({ has: page.locator(`a[href*="draftItem=${itemId}&"]`) });
  // The field takes whole minutes and the server refuses a time already past (422), so the
  // first whole minute at least 20 s ahead: the fill and the save take a few seconds even on a
  // busy machine, and the send job starts at that time, not on a minute's tick.
  const soon = new Date(Math.ceil((Date.now() + 20_000) / 60_000) * 60_000)
    .toISOString()
    .slice(0, 16);
  await row.getByLabel('Date and time (UTC)').fill(soon);
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Scheduled')).toBeVisible({ timeout: 30_000 });
  await expect(row.getByText('queued', { exact: true })).toBeVisible();
  await expect(row.getByText('done', { exact: true })).toBeVisible({ timeout: 180_000 });
  await page.screenshot({ path: '/tmp/camp-web-sent.png' });

  const inbox = (await api(page, '/tiktok-sandbox/api/inbox')) as Inbox;
  const received = inbox.accounts.find((a) => a.display_name === 'Maya Campaigns')!.items;
  expect(received).toHaveLength(1);
  expect(received[0]).toMatchObject({ status: 'SEND_TO_USER_INBOX' });
  expect(received[0]!.media_urls).toHaveLength(6);
  const sent = (await api(page, `/api/campaign-items/${itemId}`)) as Item;
  expect(sent.lastJob).toMatchObject({ status: 'done' });

  // The list view, and the dashboard's schedule card with what is still to come.
  await page.goto('/campaigns?openTab=list');
  await expect(
    page.getByRole('list', { name: 'Campaigns' }).getByRole('button', { name: /Glow launch/ }),
  ).toContainText('1 sent');
  await page.screenshot({ path: '/tmp/camp-web-list.png' });
  await axe(page);
  await page.goto('/app');
  await expect(page.getByRole('heading', { name: 'Campaigns schedule' })).toBeVisible();
  await expect(page.getByText('Nothing scheduled')).toBeVisible();
  await page.screenshot({ path: '/tmp/camp-web-dashboard.png', fullPage: true });
  await axe(page);
});
