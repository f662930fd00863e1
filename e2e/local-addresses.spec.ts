import { expect, test } from './test';
import { uniqueEmail } from './helpers';

// The server runs without APP_URL (playwright.config.ts), as a newcomer's does; the start-up
// log offers both names, and sign-up must work on either.
for (const host of ['127.0.0.1', 'localhost']) {
  test(`sign-up works on http://${host}`, async ({ page, baseURL }) => {
    // The first journey after the server starts loads every asset cold; on a busy shared
    // machine that alone can take most of the default minute.
    test.slow();
    const url = new URL(baseURL!);
    url.hostname = host;
    await page.goto(url.href);
    await page.getByRole('button', { name: 'Launch App' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('tab', { name: 'Sign Up' }).click();
    await dialog.getByLabel('Full Name').fill('Maya Lopez');
    await dialog.getByLabel('Email').fill(uniqueEmail(`on-${host}`));
    await dialog.getByLabel('Password', { exact: true }).fill('sunny-day-42');
    await dialog.getByLabel('Confirm Password').fill('sunny-day-42');
    await dialog.getByRole('button', { name: 'Create Account' }).click();
    await expect(dialog.getByText(/^Account created!/)).toBeVisible();
    await expect(dialog.getByText('Failed to create account')).toHaveCount(0);
  });
}
