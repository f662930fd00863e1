import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from '@playwright/test';

type OutboxMessage = { to: string; subject: string; links: string[]; createdAt: string };

/** Waits for an e-mail to `to` whose subject matches, in the local outbox, and returns its first link. */
export const mailLink = async (request: APIRequestContext, to: string, subject: RegExp) => {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const messages = (await (await request.get('/dev/mail.json')).json()) as OutboxMessage[];
        link = messages.find((m) => m.to === to && subject.test(m.subject))?.links[0];
        return link;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  return link!;
};

export const uniqueEmail = (label: string) =>
  `${label}-${Date.now()}-${Math.round(Math.random() * 1e6)}@example.com`;

/** A confirmed account made through the API, as a user would through the dialog and the e-mail. */
export const createConfirmedUser = async (request: APIRequestContext, name = 'Maya Seller') => {
  const email = uniqueEmail('maya');
  const password = 'correct-horse-1';
  const res = await request.post('/api/auth/sign-up/email', {
    data: { email, password, name, fullName: name, displayName: name, callbackURL: '/' },
  });
  expect(res.ok()).toBeTruthy();
  const link = new URL(await mailLink(request, email, /Confirm/));
  await request.get(link.pathname + link.search, { maxRedirects: 0 });
  return { email, password, name };
};

export const signInThroughDialog = async (page: Page, email: string, password: string) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Launch App' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
};

/** Signs in and creates the first product through onboarding, which opens the app. */
export const signInWithAppAccess = async (page: Page, request: APIRequestContext) => {
  const user = await createConfirmedUser(request);
  await signInThroughDialog(page, user.email, user.password);
  await expect(page).toHaveURL(/\/onboarding$/);
  await page.getByLabel('Name').fill('Glow Serum');
  await page
    .getByLabel('Description')
    .fill('$24 vitamin C serum that fades dark spots in 2 weeks, for busy moms');
  await page.getByRole('button', { name: 'Create and preview' }).click();
  await expect(page).toHaveURL(/\/create/);
  return user;
};
