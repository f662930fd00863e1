import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { signInWithAppAccess } from './helpers';

/**
 * Issue 23: a seller connects through the sandbox's consent screen (with PKCE, as TikTok), unticks
 * "Post content to your account directly", and still sends a draft to the inbox; the account
 * stays usable and Settings names the missing permission and how to grant it (decision 100).
 */

const SHOTS = '/work/wt/shots/tiktok';

type Inbox = {
  accounts: {
    open_id: string;
    display_name: string;
    items: { publish_id: string; status: string; title: string | null }[];
  }[];
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

test('a grant without direct posting sends drafts, stays usable, and Settings names what is missing', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await signInWithAppAccess(page, request);
  await page.goto('/pricing');
  await page.getByRole('region', { name: 'Plus' }).getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/billing\/checkout\/[^/]+$/);
  const bought = page.waitForURL(/\/settings\?billing=success$/, { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Complete test purchase' }).click();
  await bought;

  await page.goto('/settings?tab=tiktok');
  await page.getByRole('button', { name: 'Connect TikTok Account' }).click();
  await expect(page.getByRole('heading', { name: 'Log in to TikTok' })).toBeVisible();
  // The authorize request carries PKCE as TikTok's docs ask (decision 056).
  const authorize = new URL(page.url());
  expect(authorize.pathname).toBe('/tiktok-sandbox/v2/auth/authorize/');
  expect(authorize.searchParams.get('code_challenge')).toMatch(/^[0-9a-f]{64}$/);
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');

  await page.getByLabel('Display name', { exact: true }).fill('Maya Drafts');
  await page.getByLabel('Username', { exact: true }).fill('maya.drafts');
  const direct = page.getByRole('checkbox', { name: /Post content to your account directly/ });
  await expect(direct).toBeChecked();
  await direct.uncheck();
  await expect(direct).not.toBeChecked();
  await expect(
    page.getByRole('checkbox', { name: /Share content to your account as a draft/ }),
  ).toBeChecked();
  await page.screenshot({ path: `${SHOTS}/1-consent-unticked.png`, fullPage: true });
  await page.getByRole('button', { name: 'Authorize' }).click();
  await expect(page).not.toHaveURL(/tiktok-sandbox/);

  await page.goto('/settings?tab=tiktok');
  const accounts = page.getByRole('list', { name: 'Connected TikTok accounts' });
  await expect(accounts).toContainText('Maya Drafts');
  const missing = page.getByRole('list', { name: 'Permissions Maya Drafts did not grant' });
  await expect(missing).toContainText(
    '“Post content to your account directly”: Hookreel cannot read its posting settings',
  );
  await expect(
    page.getByText(
      'To grant it, reconnect the account in Settings → TikTok and leave “Post content to your account directly” ticked on TikTok’s screen.',
    ),
  ).toBeVisible();
  await expect(accounts).not.toContainText('Reconnect needed');
  await page.screenshot({ path: `${SHOTS}/2-settings-missing-permission.png`, fullPage: true });

  await page.goto('/create');
  await page.getByRole('button', { name: 'Create Photo (Carousel)' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Carousel Maker' })).toBeVisible();
  await page.getByRole('button', { name: 'Upload to TikTok' }).click();
  const dialog = page.getByRole('dialog', { name: /Upload to TikTok/ });
  await expect(dialog.getByRole('note')).toContainText(
    'This account did not give Hookreel the permission “Post content to your account directly”',
  );
  await expect(dialog.getByRole('note')).toContainText('drafts still go to its inbox');
  await expect(dialog.getByText(/reconnect your TikTok account to continue/i)).toHaveCount(0);
  await dialog.getByLabel('Title').fill('Drafts without direct posting');
  await page.screenshot({ path: `${SHOTS}/3-upload-dialog-note.png` });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('Draft sent to Inbox', { exact: true })).toBeVisible({
    timeout: 30_000,
  });
  await page.screenshot({ path: `${SHOTS}/4-draft-sent.png` });

  const inbox = (await api(page, '/tiktok-sandbox/api/inbox')) as Inbox;
  const mine = inbox.accounts.find((a) => a.display_name === 'Maya Drafts')!;
  expect(mine.items).toHaveLength(1);
  expect(mine.items[0]!.title).toBe('Drafts without direct posting');

  // The account is still usable: no reconnect asked, and a second dialog opens as the first.
  await page.goto('/settings?tab=tiktok');
  await expect(accounts).toContainText('Maya Drafts (default)');
  await expect(accounts).not.toContainText('Reconnect needed');
  const listed = (await api(page, '/api/tiktok/accounts')) as {
    accounts: { reconnect_needed: boolean; missing_scopes: string[] }[];
  };
  expect(listed.accounts).toMatchObject([
    { reconnect_needed: false, missing_scopes: ['video.publish'] },
  ]);
});
