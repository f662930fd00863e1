import { expect, test } from './test';
import type { Page } from '@playwright/test';
import { signInWithAppAccess } from './helpers';

/**
 * Connecting TikTok accounts through the built-in sandbox: connect from the dashboard, add a
 * second from Settings, make it the default, disconnect the first.
 */

const nameTestAccount = async (page: Page, displayName: string, username: string) => {
  await expect(page.getByRole('heading', { name: 'Log in to TikTok' })).toBeVisible();
  await page.getByRole('radio', { name: 'A new test account' }).check();
  await page.getByLabel('Display name', { exact: true }).fill(displayName);
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByRole('button', { name: 'Authorize' }).click();
};

test('connect two sandbox accounts, make the second default, disconnect the first', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signInWithAppAccess(page, request);
  await page.goto('/app');

  await page.getByRole('button', { name: 'Connect TikTok' }).click();
  await page.waitForURL(/\/tiktok-sandbox\/v2\/auth\/authorize\//);
  expect(new URL(page.url()).searchParams.has('disable_auto_auth')).toBe(false);
  await nameTestAccount(page, 'Maya Demo', 'maya.demo');

  await expect(page.getByRole('heading', { name: 'Successfully Connected!' })).toBeVisible();
  await page.waitForURL(/\/app$/);
  const control = page.getByRole('button', { name: /Maya Demo/ });
  await expect(control).toContainText('@maya.demo');

  await control.click();
  await page.getByRole('menuitem', { name: 'Manage Connection' }).click();
  await page.waitForURL(/\/settings\?tab=tiktok$/);
  const accounts = page.getByRole('list', { name: 'Connected TikTok accounts' });
  await expect(accounts.getByRole('listitem')).toHaveCount(1);
  await expect(accounts).toContainText('Maya Demo (default)');

  await page.getByRole('button', { name: 'Add another TikTok account' }).click();
  await page.waitForURL(/\/tiktok-sandbox\/v2\/auth\/authorize\//);
  expect(new URL(page.url()).searchParams.get('disable_auto_auth')).toBe('1');
  await nameTestAccount(page, 'Maya Deals', 'maya.deals');

  await page.waitForURL(/\/settings\?tab=tiktok$/);
  await expect(page.getByText('TikTok Connected!', { exact: true })).toBeVisible();
  await expect(accounts.getByRole('listitem')).toHaveCount(2);

  await page.getByRole('button', { name: 'Make Maya Deals the default account' }).click();
  await expect(accounts).toContainText('Maya Deals (default)');
  await expect(page.getByText('Connected to @maya.deals')).toBeVisible();

  await page.getByRole('button', { name: 'Disconnect Maya Demo' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByText('Disconnect TikTok Account?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByText('TikTok Disconnected', { exact: true })).toBeVisible();
  await expect(accounts.getByRole('listitem')).toHaveCount(1);
  await expect(accounts).toContainText('Maya Deals (default)');

  // The dashboard shows the remaining default account.
  await page.goto('/app');
  await expect(page.getByRole('button', { name: /Maya Deals/ })).toContainText('@maya.deals');
});
