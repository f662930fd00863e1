import { deflateSync } from 'node:zlib';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './test';
import { axeViolations } from './axe';
import { createConfirmedUser, signInThroughDialog, signInWithAppAccess } from './helpers';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

/** A small, valid RGB PNG with a diagonal gradient between two colours. */
const gradientPng = (from: [number, number, number], to: [number, number, number], size = 96) => {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows: number[] = [];
  for (let y = 0; y < size; y++) {
    rows.push(0); // no filter
    for (let x = 0; x < size; x++) {
      const t = (x + y) / (2 * (size - 1));
      for (let i = 0; i < 3; i++) rows.push(Math.round(from[i]! + (to[i]! - from[i]!) * t));
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

const png = (name: string, from: [number, number, number], to: [number, number, number]) => ({
  name,
  mimeType: 'image/png',
  buffer: gradientPng(from, to),
});

const toast = (page: Page, text: string) => page.getByText(text, { exact: true });

/** Every picture in `list` has really loaded (signed URLs that the server serves). */
const expectImagesLoaded = async (list: Locator, count: number) => {
  const images = list.getByRole('img');
  await expect(images).toHaveCount(count);
  for (const img of await images.all()) {
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
      .toBeGreaterThan(0);
  }
};

const hashtagsOf = (card: Locator) =>
  card.getByRole('region', { name: 'AI Brief' }).getByRole('list', { name: 'Hashtags' });

test('onboarding with images, product cards with their AI brief, uploads, the plan limit and the next best action', async ({
  page,
  request,
}) => {
  const user = await createConfirmedUser(request);
  await signInThroughDialog(page, user.email, user.password);
  await expect(page).toHaveURL(/\/onboarding$/);

  await page.getByLabel('Name').fill('Glow Serum');
  await page
    .getByLabel('Description')
    .fill('$24 vitamin C serum that fades dark spots in 2 weeks, for busy moms');
  await page
    .getByLabel('Images')
    .setInputFiles([
      png('front.png', [255, 170, 90], [230, 60, 120]),
      png('back.png', [90, 200, 255], [120, 80, 230]),
    ]);
  const chosen = page.getByRole('list', { name: 'Chosen images' });
  await expectImagesLoaded(chosen, 2);
  await page.screenshot({ path: 'test-results/screens/onboarding-images.png', fullPage: true });
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Create and preview' }).click();
  await expect(page).toHaveURL(/\/create$/);

  await page.getByRole('navigation').getByRole('link', { name: 'Products' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  await expect(
    page.getByText('Centralize your product info to power AI suggestions'),
  ).toBeVisible();
  const card = page.getByRole('article', { name: 'Glow Serum' });
  await expect(card.getByText('Default', { exact: true })).toBeVisible();
  await expect(card.getByText(/fades dark spots/)).toBeVisible();
  await expectImagesLoaded(card.getByRole('list', { name: 'Images of Glow Serum' }), 2);
  // The brief the server wrote after creation shows up without a reload.
  const aiBrief = card.getByRole('region', { name: 'AI Brief' });
  await expect(aiBrief.getByText('Voice', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(hashtagsOf(card).getByRole('listitem')).toHaveCount(3);
  await expect(card.getByText('No AI analysis yet')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screens/products.png', fullPage: true });
  expect(await axeViolations(page)).toEqual([]);

  // A forced re-analysis: busy while it runs, then the toast.
  await card.getByRole('button', { name: 'Analyze with AI' }).click();
  await expect(toast(page, 'AI analysis complete')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Analyze with AI' })).toBeEnabled();
  await expect(hashtagsOf(card).getByRole('listitem')).toHaveCount(3);

  // A text file named .png is refused by content; the server's words are shown.
  let chooser = page.waitForEvent('filechooser');
  await card.getByRole('button', { name: 'Upload Images' }).click();
  await (await chooser).setFiles('e2e/fixtures/fake.png');
  await expect(toast(page, 'Upload failed')).toBeVisible();
  await expect(toast(page, 'fake.png is not a JPEG, PNG, GIF or WebP image')).toBeVisible();

  chooser = page.waitForEvent('filechooser');
  await card.getByRole('button', { name: 'Upload Images' }).click();
  await (await chooser).setFiles([png('side.png', [120, 230, 160], [30, 120, 90])]);
  await expect(toast(page, 'Images uploaded')).toBeVisible();
  await expectImagesLoaded(card.getByRole('list', { name: 'Images of Glow Serum' }), 3);

  // Free plan, one product: "New Product" offers an upgrade instead of the form.
  await page.getByRole('button', { name: 'New Product' }).click();
  const upgrade = page.getByRole('dialog', { name: 'Upgrade to Generate' });
  await expect(upgrade).toBeVisible();
  await expect(
    upgrade.getByText("You've reached the number of products your plan allows."),
  ).toHaveAttribute('data-reason', 'product_limit');
  await expect(page.getByRole('dialog', { name: 'Create Product' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(upgrade).toHaveCount(0);

  // The dashboard: the product step is done, connecting TikTok is the next one.
  await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).click();
  const nba = page.getByRole('region', { name: 'Next Best Action' });
  await expect(nba).toBeVisible();
  await expect(nba.getByText('1 of 4 steps done')).toBeVisible();
  const steps = nba.getByRole('listitem');
  await expect(steps).toHaveText([
    /Connect TikTok, next step/,
    /Add a Product, done/,
    /Create Content, to do/,
    /Create a Campaign, to do/,
  ]);
  await expect(steps.nth(0)).toHaveAttribute('aria-current', 'step');
  await expect(nba.getByRole('link', { name: 'Connect TikTok' })).toHaveAttribute(
    'href',
    '/settings?tab=tiktok',
  );
  await page.screenshot({ path: 'test-results/screens/dashboard-nba.png', fullPage: true });
  expect(await axeViolations(page)).toEqual([]);

  // On a phone the steps stack: each label sits right after its number, not pushed to the edge.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const step of await steps.all()) {
    const number = (await step.locator('span').first().boundingBox())!;
    const label = (await step.locator(':scope > span').boundingBox())!;
    expect(label.x - (number.x + number.width)).toBeLessThan(24);
  }
  await nba.screenshot({ path: 'test-results/screens/dashboard-nba-phone.png' });
});

test('a Plus subscriber creates a second product through the Create Product dialog', async ({
  page,
  request,
}) => {
  await signInWithAppAccess(page, request);
  await page.goto('/pricing');
  await page.getByRole('region', { name: 'Plus' }).getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/billing\/checkout\/[^/]+$/);
  const landed = page.waitForURL(/\/settings\?billing=success$/, { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Complete test purchase' }).click();
  await landed;
  await expect(page.getByText('Plus Plan', { exact: true })).toBeVisible();

  await page.getByRole('navigation').getByRole('link', { name: 'Products' }).click();
  await expect(page.getByRole('article', { name: 'Glow Serum' })).toBeVisible();
  await page.getByRole('button', { name: 'New Product' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Product' });
  await expect(dialog).toBeVisible();
  const create = dialog.getByRole('button', { name: 'Create', exact: true });
  await expect(create).toBeDisabled();
  await dialog.getByLabel('Name').fill('Travel Mug');
  // Sellers paste their shop link: one long unbroken word the card must wrap.
  await dialog
    .getByLabel('Description')
    .fill(
      '$18 steel mug that keeps coffee hot for 6 hours, for commuters. https://shop.example.com/products/steel-travel-mug-keeps-coffee-hot-for-6-hours',
    );
  await expect(dialog.getByText("price, what it does, who it's for")).toBeVisible();
  await dialog.getByLabel('Images').setInputFiles([png('mug.png', [250, 210, 120], [200, 90, 40])]);
  await expectImagesLoaded(dialog.getByRole('list', { name: 'Chosen images' }), 1);
  await page.screenshot({ path: 'test-results/screens/create-product-dialog.png' });
  expect(await axeViolations(page)).toEqual([]);
  await create.click();

  await expect(toast(page, 'Product created')).toBeVisible();
  await expect(toast(page, 'AI analysis started automatically.')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  const mug = page.getByRole('article', { name: 'Travel Mug' });
  await expectImagesLoaded(mug.getByRole('list', { name: 'Images of Travel Mug' }), 1);
  await expect(mug.getByText('Default', { exact: true })).toHaveCount(0);
  await expect(mug.getByRole('region', { name: 'AI Brief' }).getByText('Voice')).toBeVisible({
    timeout: 30_000,
  });
  await expect(hashtagsOf(mug).getByRole('listitem')).toHaveCount(3);
  await page.screenshot({ path: 'test-results/screens/products-two.png', fullPage: true });

  // On a phone every card stays within the screen, long words wrapped: the shop link above, and
  // what a language model may write into a brief (a long hashtag, a link in the voice).
  await page.route('**/api/products', async (route) => {
    const response = await route.fetch();
    const list = (await response.json()) as { aiBrief: { voice: string; hashtags: string[] } }[];
    for (const product of list) {
      product.aiBrief.hashtags[1] = '#steeltravelmugthatkeepsyourcoffeehotforsixhours';
      product.aiBrief.voice += ' https://shop.example.com/products/steel-travel-mug-350ml';
    }
    await route.fulfill({ response, json: list });
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(
    hashtagsOf(mug).getByText('#steeltravelmugthatkeepsyourcoffeehotforsixhours'),
  ).toBeVisible();
  for (const card of await page.getByRole('article').all()) {
    const box = (await card.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  await page.screenshot({ path: 'test-results/screens/products-phone.png', fullPage: true });
});
