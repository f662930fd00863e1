import { expect, test } from './test';
import { createConfirmedUser, signInThroughDialog } from './helpers';

/**
 * The built-in TikTok sandbox's authorize page: a signed-in seller names a test account,
 * consents, and lands on the app's redirect_uri with a code and the state; Cancel sends
 * access_denied; a request from an unknown client is refused on the page.
 */

const SCOPES = 'user.info.basic,user.info.profile,video.upload,video.publish';

const authorizeUrl = (baseURL: string, extra: Record<string, string> = {}) =>
  `/tiktok-sandbox/v2/auth/authorize/?${new URLSearchParams({
    client_key: 'sbx_hookreel',
    scope: SCOPES,
    redirect_uri: `${baseURL}/api/tiktok/auth/callback`,
    state: 'state-123',
    response_type: 'code',
    ...extra,
  }).toString()}`;

test('a seller names a test account and lands on the redirect with code and state', async ({
  page,
  request,
  baseURL,
}) => {
  const user = await createConfirmedUser(request);
  await signInThroughDialog(page, user.email, user.password);
  await expect(page).toHaveURL(/\/onboarding$/);

  // The app's own callback would spend the code and move on; this journey reads what the sandbox sent.
  await page.route('**/api/tiktok/auth/callback?**', (route) =>
    route.fulfill({ contentType: 'text/plain', body: 'callback reached' }),
  );
  await page.goto(authorizeUrl(baseURL!));
  await expect(page.getByRole('heading', { name: 'Log in to TikTok' })).toBeVisible();
  await expect(page.getByText('Hookreel would like to access your TikTok account.')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'A new test account' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: /user\.info\.basic/ })).toBeDisabled();
  await page.getByLabel('Display name', { exact: true }).fill('Maya Demo');
  await page.getByLabel('Username', { exact: true }).fill('maya.demo');
  await page.getByRole('button', { name: 'Authorize' }).click();

  await page.waitForURL(/\/api\/tiktok\/auth\/callback\?/);
  const landed = new URL(page.url());
  expect(landed.searchParams.get('state')).toBe('state-123');
  expect(landed.searchParams.get('code')).toMatch(/^[\w-]{40,}$/);
  expect(landed.searchParams.get('scopes')).toBe(SCOPES);

  // "Add another account": the consent screen again, with the account just named to pick.
  await page.goto(authorizeUrl(baseURL!, { disable_auto_auth: '1', state: 'state-456' }));
  const mine = page.getByRole('radio', { name: /Maya Demo/ });
  await expect(mine).toBeChecked();
  await expect(page.getByText('@maya.demo')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.waitForURL(/\/api\/tiktok\/auth\/callback\?/);
  const cancelled = new URL(page.url());
  expect(cancelled.searchParams.get('error')).toBe('access_denied');
  expect(cancelled.searchParams.get('state')).toBe('state-456');
  expect(cancelled.searchParams.has('code')).toBe(false);

  await page.goto(authorizeUrl(baseURL!, { client_key: 'someone_else' }));
  await expect(page.getByText('This authorization request is not valid')).toBeVisible();
  await expect(page.getByText(/invalid_client/)).toBeVisible();
});
