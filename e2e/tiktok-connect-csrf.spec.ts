import { expect, stillAnimations, test } from './test';
import { signInWithAppAccess } from './helpers';

/**
 * Login CSRF (issue 22, decision 055), with two browsers: an attacker seller starts connecting
 * TikTok and keeps the authorize link instead of finishing; a victim seller, signed in and already
 * connected (so the sandbox approves without a click, as TikTok does for a returning account),
 * opens it. The victim's TikTok account must not end up on the attacker's Hookreel account, and
 * the victim is told in words what happened.
 */
test('an authorize link opened in another seller’s browser connects nothing', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const attackerContext = await browser.newContext();
  const victimContext = await browser.newContext();
  await Promise.all([attackerContext, victimContext].map(stillAnimations));
  const attacker = await attackerContext.newPage();
  const victim = await victimContext.newPage();

  await signInWithAppAccess(attacker, attackerContext.request);
  await attacker.goto('/app');
  await attacker.getByRole('button', { name: 'Connect TikTok' }).click();
  await attacker.waitForURL(/\/tiktok-sandbox\/v2\/auth\/authorize\//);
  const planted = attacker.url();
  expect(new URL(planted).searchParams.get('state')).toBeTruthy();
  // The attacker stops here and sends the link in a message.
  await attacker.goto('/app');

  await signInWithAppAccess(victim, victimContext.request);
  await victim.goto('/app');
  await victim.getByRole('button', { name: 'Connect TikTok' }).click();
  await victim.waitForURL(/\/tiktok-sandbox\/v2\/auth\/authorize\//);
  await victim.getByRole('radio', { name: 'A new test account' }).check();
  await victim.getByLabel('Display name', { exact: true }).fill('Victim Shop');
  await victim.getByLabel('Username', { exact: true }).fill('victim.shop');
  await victim.getByRole('button', { name: 'Authorize' }).click();
  await expect(victim.getByRole('heading', { name: 'Successfully Connected!' })).toBeVisible();
  await victim.waitForURL(/\/app$/);

  // The victim opens the planted link; the sandbox approves the returning account at once.
  await victim.goto(planted);
  await victim.waitForURL(/\/app\/tiktok-callback\?error=other_browser$/);
  await expect(victim.getByRole('heading', { name: 'Connection Failed' })).toBeVisible();
  await expect(
    victim.getByText(
      'Nothing was connected: this connection was started in another browser or from a link someone sent you. To connect your TikTok account, start again from Settings → TikTok in this browser.',
    ),
  ).toBeVisible();

  // The attacker's Hookreel account has no TikTok account; the victim's keeps only their own.
  await attacker.goto('/settings?tab=tiktok');
  await expect(attacker.getByRole('button', { name: 'Connect TikTok Account' })).toBeVisible();
  await expect(attacker.getByText('Victim Shop')).toHaveCount(0);
  await attacker.goto('/app');
  await expect(attacker.getByRole('button', { name: 'Connect TikTok' })).toBeVisible();

  await victim.goto('/settings?tab=tiktok');
  const accounts = victim.getByRole('list', { name: 'Connected TikTok accounts' });
  await expect(accounts.getByRole('listitem')).toHaveCount(1);
  await expect(accounts).toContainText('Victim Shop (default)');

  await attackerContext.close();
  await victimContext.close();
});
