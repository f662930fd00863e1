import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { PRELOAD_STEPS } from '../src/web/features/loading/preload';
import { mailLink, uniqueEmail } from './helpers';

const PRELOAD_TEXTS: string[] = Object.values(PRELOAD_STEPS).map((s) => s.text);

/**
 * What the browser complains about: console errors and warnings, uncaught errors, CSP
 * violations (reported even when the page catches the blocked call), and API answers ≥ 400.
 */
const watchBrowser = async (page: Page) => {
  const complaints: string[] = [];
  const responses: string[] = [];
  await page.exposeFunction('__reportCsp', (text: string) => complaints.push(`csp: ${text}`));
  await page.addInitScript(() => {
    const w = window as unknown as { __statusTexts: string[]; __reportCsp: (t: string) => void };
    document.addEventListener('securitypolicyviolation', (e) =>
      w.__reportCsp(`${e.violatedDirective} ${e.blockedURI}`),
    );
    // Every text the loading screen's status line shows, however briefly.
    w.__statusTexts = [];
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('[role=status]')) {
        const text = el.textContent?.trim();
        if (text && w.__statusTexts.at(-1) !== text) w.__statusTexts.push(text);
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  page.on('console', (m) => {
    // The failed request itself is listed from `responses`, with its URL.
    if (m.text().startsWith('Failed to load resource')) return;
    if (m.type() === 'error' || m.type() === 'warning') complaints.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (error) => complaints.push(`pageerror: ${error.message}`));
  page.on('response', (r) => {
    if (r.status() >= 400) {
      responses.push(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`);
    }
  });
  return { complaints, responses };
};

/** The preload's status texts seen since the last call, each once, in the order first seen. */
const preloadTexts = async (page: Page) => {
  const seen = await page.evaluate(() =>
    (window as unknown as { __statusTexts: string[] }).__statusTexts.splice(0),
  );
  return [...new Set(seen.filter((t) => PRELOAD_TEXTS.includes(t)))];
};

const signIn = async (page: Page, email: string, password: string, dialogOpen = false) => {
  if (!dialogOpen) await page.getByRole('button', { name: 'Launch App' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
};

test('a first-time seller: sign-up, preload, onboarding, a carousel, a lost session and back', async ({
  page,
}) => {
  const { complaints, responses } = await watchBrowser(page);
  const email = uniqueEmail('journey');
  const password = 'correct-horse-1';

  await page.goto('/');
  await page.getByRole('button', { name: 'Launch App' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('tab', { name: 'Sign Up' }).click();
  await dialog.getByLabel('Full Name').fill('Maya Seller');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByLabel('Confirm Password').fill(password);
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(dialog.getByText(/^Account created!/)).toBeVisible();
  // Not until "load": the landing page's five example videos hold the load event until each has
  // a frame (HTML's media elements delay it while they fetch), and in a CI run on three journey
  // workers that wait outlasted the test's minute after every response had arrived (decision
  // 212). What the link must do is checked below: the address and the open sign-in.
  await page.goto(await mailLink(page.request, email, /Confirm/), {
    waitUntil: 'domcontentloaded',
  });
  await expect(page).toHaveURL(/\/$/);
  // The confirmation link lands with the sign-in already open and saying so.
  await expect(
    page.getByRole('dialog').getByText('Email confirmed! You can now sign in.'),
  ).toBeVisible();

  // Signing in runs the preload behind the loading screen, every step in order, then onboarding.
  await signIn(page, email, password, true);
  await expect(page).toHaveURL(/\/onboarding$/);
  expect(await preloadTexts(page)).toEqual(PRELOAD_TEXTS);

  await page.getByLabel('Name').fill('Glow Serum');
  await page
    .getByLabel('Description')
    .fill('$24 vitamin C serum that fades dark spots in 2 weeks, for busy moms');
  await page.getByLabel('Images').setInputFiles('e2e/fixtures/avatar.png');
  await page.getByRole('button', { name: 'Create and preview' }).click();
  await expect(page.getByRole('heading', { name: 'Choose Your Creation Tool' })).toBeVisible();

  await page.getByRole('button', { name: 'Create Photo (Carousel)' }).click();
  await expect(page).toHaveURL(/\/create\?type=carousel&draftId=[^&]+$/);
  const draftUrl = page.url();
  await page.getByRole('combobox', { name: 'Product' }).selectOption({ label: 'Glow Serum' });
  await page.getByRole('button', { name: 'AI Suggest' }).click();
  await expect(page.getByText('AI plan applied', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible();
  const slides = page.getByRole('region', { name: /^Slides/ }).getByRole('button', {
    name: /^Slide \d+:/,
  });
  const slideCount = await slides.count();
  expect(slideCount).toBeGreaterThanOrEqual(3);
  // The app scrolls inside its main area; nothing hidden in the maker stretches the page below it.
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 720 });
    expect(
      await page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight),
    ).toBe(true);
  }
  await page.setViewportSize({ width: 1280, height: 720 });

  // A returning user reloads the deep link and lands in the same draft.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Carousel Maker' })).toBeVisible();
  await expect(slides).toHaveCount(slideCount);

  // The session goes away mid-edit: the app notices at the next call and shows the landing
  // page where the user is, instead of failing every save behind a signed-in screen.
  await page.evaluate(() => localStorage.removeItem('hookreel.session'));
  await page.getByLabel('Slide Text').fill('Edited after the session ended');
  await expect(page.getByRole('button', { name: 'Launch App' }).first()).toBeVisible();
  expect(page.url()).toBe(draftUrl);

  // Signing in again preloads once more, opens the dashboard, and Back returns to the draft.
  await preloadTexts(page);
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/app$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  expect(await preloadTexts(page)).toEqual(PRELOAD_TEXTS);
  await page.goBack();
  await expect(page).toHaveURL(draftUrl);
  await expect(page.getByRole('heading', { level: 1, name: 'Carousel Maker' })).toBeVisible();

  expect(complaints).toEqual([]);
  // Only the calls made after the session was removed fail, plus the campaigns list, whose
  // route lands with the campaigns feature (the dashboard reads it for Next Best Action).
  expect(
    responses.filter(
      (r) =>
        r !== '404 GET /api/campaigns' &&
        !/^401 (PATCH \/api\/drafts\/[^/]+|GET \/api\/auth\/user)$/.test(r),
    ),
  ).toEqual([]);
});
