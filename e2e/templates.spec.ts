import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { axeViolations } from './axe';
import { signInWithAppAccess } from './helpers';

const apiGet = (page: Page, path: string) =>
  page.evaluate(async (p) => {
    const session = JSON.parse(localStorage.getItem('hookreel.session') ?? '{}') as {
      token?: string;
    };
    const res = await fetch(p, { headers: { Authorization: `Bearer ${session.token}` } });
    return (await res.json()) as unknown;
  }, path);

const cards = (page: Page) => page.getByRole('list', { name: 'Templates' }).getByRole('listitem');
const card = (page: Page, name: string) =>
  cards(page).filter({ has: page.getByRole('heading', { name, exact: true }) });

test('Preview a template on the default product, Use it and land in the editor with it applied', async ({
  page,
  request,
}) => {
  // Two tools, a preview of each and the plans: longer than one page's worth on a busy machine.
  test.setTimeout(180_000);
  await signInWithAppAccess(page, request);
  await page.goto('/templates');
  await expect(page.getByRole('heading', { name: 'Templates', level: 1 })).toBeVisible();
  await expect.poll(() => cards(page).count()).toBeGreaterThanOrEqual(24);

  const listicle = card(page, '3 Reasons Listicle');
  await expect(listicle.getByText('Free', { exact: true })).toBeVisible();
  await expect(listicle.getByText('0 uses')).toBeVisible();
  await expect(listicle.getByText('Photo (Carousel)')).toBeVisible();
  // The thumbnail is drawn by the server's slide renderer and really loads.
  const thumb = listicle.getByRole('img', { name: '3 Reasons Listicle example' });
  await expect
    .poll(() => thumb.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
    .toBe(540);
  await expect(card(page, 'Gift Guide').getByText('Pro', { exact: true })).toBeVisible();
  await page.screenshot({ path: '/tmp/templates-page.png', fullPage: false });
  expect(await axeViolations(page)).toEqual([]);

  // Preview: the template written for the default product, five slides with their roles.
  await listicle.getByRole('button', { name: 'Preview 3 Reasons Listicle' }).click();
  const dialog = page.getByRole('dialog', { name: '3 Reasons Listicle' });
  await expect(dialog.getByText('Applied to Glow Serum')).toBeVisible();
  const slides = dialog.getByRole('list', { name: 'Slides' }).getByRole('img');
  await expect(slides).toHaveCount(5);
  await expect(dialog.getByText('Slide 1 · Hook')).toBeVisible();
  await expect(dialog.getByText('Slide 5 · Call to action')).toBeVisible();
  const firstSlide = (await slides.first().getAttribute('aria-label')) ?? '';
  expect(firstSlide).toMatch(/^Slide 1: .*serum/i);
  await page.waitForTimeout(300);
  await page.screenshot({ path: '/tmp/templates-preview-carousel.png' });
  expect(await axeViolations(page)).toEqual([]);

  // Use: a carousel draft with those slides, opened in the Carousel Maker.
  await dialog.getByRole('button', { name: 'Use this template' }).click();
  await expect(page).toHaveURL(/\/create\?draftId=[^&]+&type=carousel$/);
  const draftId = new URL(page.url()).searchParams.get('draftId')!;
  const draft = (await apiGet(page, `/api/drafts/${draftId}`)) as {
    productId: string | null;
    caption: string | null;
    carouselPlan: { slides: { text: string; imageUrl?: string }[] };
    assets: { templateId?: string };
  };
  expect(draft.assets.templateId).toBe('carousel-three-reasons');
  expect(draft.productId).not.toBeNull();
  expect(draft.carouselPlan.slides).toHaveLength(5);
  expect(`Slide 1: ${draft.carouselPlan.slides[0]!.text}`).toBe(firstSlide);
  for (const s of draft.carouselPlan.slides) expect(s.imageUrl).toMatch(/^\/media\/carousel\//);
  const makerSlides = page
    .getByRole('region', { name: /^Slides/ })
    .getByRole('button', { name: /^Slide \d+:/ });
  await expect(makerSlides).toHaveCount(5);
  await expect(makerSlides.first()).toHaveAccessibleName(
    new RegExp(
      `^Slide 1: ${draft.carouselPlan.slides[0]!.text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`,
    ),
  );
  await page.screenshot({ path: '/tmp/templates-carousel-maker.png' });

  // The use is counted on the card.
  await page.goto('/templates');
  await expect(card(page, '3 Reasons Listicle').getByText('1 use', { exact: true })).toBeVisible();

  // A Hook + Demo template: a video draft with the formula's hook for this product.
  const pov = card(page, 'POV Discovery');
  await pov.getByRole('button', { name: 'Preview POV Discovery' }).click();
  const videoDialog = page.getByRole('dialog', { name: 'POV Discovery' });
  await expect(videoDialog.getByTestId('hook-overlay')).toHaveText(/^POV:.*serum/i);
  await page.screenshot({ path: '/tmp/templates-preview-video.png' });
  await videoDialog.getByRole('button', { name: 'Use this template' }).click();
  await expect(page).toHaveURL(/\/create\?draftId=[^&]+&type=video$/);
  const video = (await apiGet(
    page,
    `/api/drafts/${new URL(page.url()).searchParams.get('draftId')}`,
  )) as { type: string; hook: string; assets: Record<string, unknown> };
  expect(video.type).toBe('video');
  expect(video.hook).toMatch(/^POV:.*serum/i);
  expect(video.assets).toMatchObject({
    templateId: 'video-pov-discovery',
    ugcMediaType: 'premade',
    textFontScale: 1.1,
    textYOffset: 0.02,
  });
  // The Hook + Demo editor opens with it: the hook, the template's character, its overlay.
  await expect(page.getByLabel('Hook text')).toHaveValue(video.hook);
  await expect(page.getByRole('button', { name: 'Maya', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByText('1.10×')).toBeVisible();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: '/tmp/templates-hook-demo-editor.png' });
  // Its auto-save keeps what the template wrote.
  const saved = (await apiGet(
    page,
    `/api/drafts/${new URL(page.url()).searchParams.get('draftId')}`,
  )) as {
    hook: string;
    assets: Record<string, unknown>;
  };
  expect(saved.hook).toBe(video.hook);
  expect(saved.assets).toMatchObject({
    templateId: 'video-pov-discovery',
    selectedCharacterId: 'maya',
  });

  // A Pro template on the free plan: the upgrade dialog, with its reason.
  await page.goto('/templates');
  await card(page, 'Gift Guide').getByRole('button', { name: 'Use Gift Guide' }).click();
  const upgrade = page.getByRole('dialog', { name: 'Upgrade to Generate' });
  await expect(upgrade.getByText('Pro templates come with every paid plan.')).toBeVisible();
  await expect(page).toHaveURL(/\/templates$/);
});

test('search over name and description, and filter by category', async ({ page, request }) => {
  await signInWithAppAccess(page, request);
  await page.goto('/templates');
  await expect.poll(() => cards(page).count()).toBeGreaterThanOrEqual(24);
  const all = await cards(page).count();

  const category = page.getByLabel('Category');
  await expect(category.locator('option').first()).toHaveText('All Categories');
  expect(await category.locator('option').count()).toBeGreaterThan(3);

  // Name: "Honest Review" (a carousel and a video); description: "verdict" names only one.
  const search = page.getByLabel('Search templates');
  await search.fill('honest review');
  await expect(cards(page)).toHaveCount(2);
  await search.fill('VERDICT');
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first().getByRole('heading')).toHaveText('Honest Review');

  await search.fill('');
  await category.selectOption('Offers & Gifting');
  const offers = await cards(page).count();
  expect(offers).toBeGreaterThan(1);
  expect(offers).toBeLessThan(all);
  for (const item of await cards(page).all()) {
    await expect(item.getByText('Offers & Gifting')).toBeVisible();
  }
  await search.fill('price');
  await expect(cards(page)).toHaveCount(2);
  await page.screenshot({ path: '/tmp/templates-filtered.png' });

  await search.fill('no such template anywhere');
  await expect(page.getByText('No templates found')).toBeVisible();
  await expect(cards(page)).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);

  await category.selectOption('All Categories');
  await search.fill('');
  await expect(cards(page)).toHaveCount(all);
});
