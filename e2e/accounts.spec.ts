import { expect, test } from './test';
import { axeViolations } from './axe';
import { createConfirmedUser, mailLink, signInThroughDialog, uniqueEmail } from './helpers';

test('a newcomer signs up, confirms through the e-mail, signs in and lands on onboarding', async ({
  page,
  request,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/landing.png', fullPage: true });

  await page.getByRole('button', { name: 'Launch App' }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('tab', { name: 'Sign In' })).toBeVisible();
  await dialog.getByRole('tab', { name: 'Sign Up' }).click();

  const email = uniqueEmail('newcomer');
  await dialog.getByLabel('Full Name').fill('Maya Lopez');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill('12345');
  await dialog.getByLabel('Confirm Password').fill('54321');
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(dialog.getByText('Password must be at least 6 characters')).toBeVisible();

  await dialog.getByLabel('Password', { exact: true }).fill('sunny-day-42');
  await dialog.getByLabel('Confirm Password').fill('sunny-day-43');
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(dialog.getByText("Passwords don't match")).toBeVisible();

  await dialog.getByLabel('Confirm Password').fill('sunny-day-42');
  await page.screenshot({ path: 'test-results/screens/sign-up-dialog.png' });
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(
    dialog.getByText(
      'Account created! Please check your email and click the confirmation link. After confirming, use the Sign In tab to access your account.',
    ),
  ).toBeVisible();
  expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);

  // Signing in before confirming fails.
  await dialog.getByRole('tab', { name: 'Sign In' }).click();
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill('sunny-day-42');
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(dialog.getByText('Failed to sign in')).toBeVisible();

  const link = await mailLink(request, email, /Confirm your Hookreel account/);
  await page.goto(link);
  await expect(page).toHaveURL(/\/$/);

  await signInThroughDialog(page, email, 'sunny-day-42');
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(
    page.getByText('Tell us about your product to preview how content would look.'),
  ).toBeVisible();

  // The session survives a reload.
  await page.reload();
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(
    page.getByText('Tell us about your product to preview how content would look.'),
  ).toBeVisible();
});

test('a wrong password shows "Failed to sign in"', async ({ page, request }) => {
  const user = await createConfirmedUser(request);
  await signInThroughDialog(page, user.email, 'not-the-password');
  await expect(page.getByRole('dialog').getByText('Failed to sign in')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test('the loading screen shows while the account loads', async ({ page, request }) => {
  const user = await createConfirmedUser(request);
  await signInThroughDialog(page, user.email, user.password);
  await expect(page).toHaveURL(/\/onboarding$/);
  // Hold the entitlements answer so the loading screen stays up long enough to look at.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/entitlements', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/');
  await expect(
    page.getByText('Tip: Your dashboard will load faster on subsequent visits'),
  ).toBeVisible();
  await expect(page.getByText("We're preparing your personalized experience")).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Loading' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/loading.png' });
  release();
  await expect(page).toHaveURL(/\/onboarding$/);
});

test('password reset end to end', async ({ page, request }) => {
  const user = await createConfirmedUser(request);
  await page.goto('/');
  await page.getByRole('button', { name: 'Launch App' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(user.email);
  await dialog.getByRole('button', { name: 'Forgot password?' }).click();
  // It asks for the address in a field of its own, carrying over what was typed.
  await expect(dialog.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await expect(dialog.getByLabel('Email')).toHaveValue(user.email);
  await page.screenshot({ path: 'test-results/screens/forgot-password.png' });
  await dialog.getByRole('button', { name: 'Send reset link' }).click();
  await expect(dialog.getByText('Password reset email sent')).toBeVisible();

  const link = await mailLink(request, user.email, /Reset your Hookreel password/);
  expect(new URL(link).hash).toMatch(/^#access_token=/);

  await page.goto('/reset-password');
  await expect(page.getByText('follow its link')).toBeVisible();

  await page.goto(link);
  await page.getByLabel('New Password').fill('short');
  await page.getByLabel('Confirm Password').fill('short');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Password too short', { exact: true })).toBeVisible();
  await expect(page.getByText('Use at least 8 characters', { exact: true })).toBeVisible();

  await page.getByLabel('New Password').fill('a-much-longer-pass');
  await page.getByLabel('Confirm Password').fill('a-much-longer-pasS');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Passwords do not match', { exact: true })).toBeVisible();

  await page.getByLabel('Confirm Password').fill('a-much-longer-pass');
  await page.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Password updated', { exact: true })).toBeVisible();
  // Signed in by the reset; without a product yet, onboarding comes before settings.
  await expect(page).toHaveURL(/\/(settings|onboarding)$/);

  await page.evaluate(() => localStorage.clear());
  await signInThroughDialog(page, user.email, user.password);
  await expect(page.getByRole('dialog').getByText('Failed to sign in')).toBeVisible();
  await signInThroughDialog(page, user.email, 'a-much-longer-pass');
  await expect(page).toHaveURL(/\/onboarding$/);
});
