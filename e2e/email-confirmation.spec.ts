import { expect, test } from './test';
import { mailLink, uniqueEmail } from './helpers';

test('the confirmation link lands on a page that says so and opens the sign-in', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('confirm');
  const password = 'sunny-day-42';
  const res = await request.post('/api/auth/sign-up/email', {
    data: { email, password, name: 'Maya Lopez', callbackURL: '/' },
  });
  expect(res.ok()).toBeTruthy();

  await page.goto(await mailLink(request, email, /Confirm your Hookreel account/));
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Email confirmed! You can now sign in.')).toBeVisible();
  await expect(dialog.getByRole('tab', { name: 'Sign In', selected: true })).toBeVisible();
  // The marker is gone, so a reload does not say it again.
  await expect(page).toHaveURL(/\/$/);
  await page.screenshot({ path: 'test-results/screens/email-confirmed.png' });

  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
});

test('a bad confirmation link says so in the sign-in dialog', async ({ page }) => {
  await page.goto(
    `/api/auth/verify-email?token=not-a-token&callbackURL=${encodeURIComponent('/?email_confirmed=true')}`,
  );
  await expect(
    page
      .getByRole('dialog')
      .getByText(
        'This confirmation link is invalid or has expired. Sign in to have a new one sent.',
      ),
  ).toBeVisible();
});
