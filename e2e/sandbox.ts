import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import type {
  TSandboxInbox,
  TSandboxInboxAccount,
  TSandboxSwitches,
} from '../src/contract/tiktok-sandbox-inbox';

/**
 * What the TikTok journeys share: the signed-in user's bearer call as the app makes it, the
 * sandbox's inbox and failure switches read and set through it, buying Plus through the local
 * checkout, and connecting a new sandbox test account.
 */

/** The user's bearer call, as the app makes it; the parsed JSON answer (null when empty). */
export const userApi = <T = unknown>(page: Page, path: string, method = 'GET', body?: unknown) =>
  page.evaluate(
    async ([p, m, b]) => {
      const session = JSON.parse(localStorage.getItem('hookreel.session') ?? '{}') as {
        token?: string;
      };
      const res = await fetch(p as string, {
        method: m as string,
        headers: {
          Authorization: `Bearer ${session.token}`,
          ...(b === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: b === undefined ? undefined : JSON.stringify(b),
      });
      const text = await res.text();
      return (text ? JSON.parse(text) : null) as unknown;
    },
    [path, method, body] as const,
  ) as Promise<T>;

/** Every sandbox account of the user with what it received (GET /tiktok-sandbox/api/inbox). */
export const sandboxInbox = (page: Page) =>
  userApi<TSandboxInbox>(page, '/tiktok-sandbox/api/inbox');

/** One sandbox account by its display name. */
export const sandboxAccount = async (page: Page, displayName: string) => {
  const account = (await sandboxInbox(page)).accounts.find((a) => a.display_name === displayName);
  if (!account) throw new Error(`no sandbox account named ${displayName}`);
  return account;
};

export const SWITCHES_OFF: TSandboxSwitches = {
  rate_limited: false,
  pending_share_limit: false,
  picture_size_fails: false,
  token_expired: false,
  server_error: false,
  slow_polls: 0,
};

/** Sets the account's failure switches: the ones given on, every other off. */
export const setSwitches = (
  page: Page,
  account: Pick<TSandboxInboxAccount, 'open_id'>,
  on: Partial<TSandboxSwitches> = {},
) =>
  userApi(page, `/tiktok-sandbox/api/accounts/${account.open_id}/switches`, 'PUT', {
    ...SWITCHES_OFF,
    ...on,
  });

/** The test account posts every draft waiting in its inbox, as from the TikTok app. */
export const postInboxDrafts = async (
  page: Page,
  account: Pick<TSandboxInboxAccount, 'open_id'>,
) => {
  const now = (await sandboxInbox(page)).accounts.find((a) => a.open_id === account.open_id)!;
  for (const item of now.items) {
    if (item.status === 'SEND_TO_USER_INBOX') {
      await userApi(page, `/tiktok-sandbox/api/posts/${item.id}/publish`, 'POST');
    }
  }
};

/** Buys Plus through the local test checkout and waits for the app to say so. */
export const buyPlus = async (page: Page) => {
  await page.goto('/pricing');
  await page.getByRole('region', { name: 'Plus' }).getByRole('button', { name: 'Buy Now' }).click();
  await expect(page).toHaveURL(/\/billing\/checkout\/[^/]+$/);
  const landed = page.waitForURL(/\/settings\?billing=success$/, { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Complete test purchase' }).click();
  await landed;
  await expect(page.getByText('Plan updated', { exact: true })).toBeVisible();
};

/** Connects a new sandbox test account from Settings → TikTok through its consent page. */
export const connectSandboxAccount = async (
  page: Page,
  {
    button = /Connect TikTok Account/,
    name,
    username,
  }: { button?: RegExp; name: string; username: string },
) => {
  await page.goto('/settings?tab=tiktok');
  await page.getByRole('button', { name: button }).click();
  await expect(page.getByRole('heading', { name: 'Log in to TikTok' })).toBeVisible();
  // Hookreel asks for video.list too, so analytics can read the posts.
  await expect(page.getByText('Read your public videos')).toBeVisible();
  const fresh = page.getByRole('radio', { name: 'A new test account' });
  if (!(await fresh.isChecked())) await fresh.check();
  await page.getByLabel('Display name', { exact: true }).fill(name);
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByRole('button', { name: 'Authorize' }).click();
  await expect(page).not.toHaveURL(/tiktok-sandbox/);
};
