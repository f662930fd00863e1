import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { axeViolations } from './axe';
import { createConfirmedUser, signInThroughDialog, signInWithAppAccess } from './helpers';

const detail = (page: Page, label: string) =>
  page
    .getByRole('tabpanel', { name: 'Billing' })
    .locator('dt', { hasText: label })
    .locator('xpath=following-sibling::dd[1]');

test('a free user buys Plus through the local checkout, then cancels in the portal', async ({
  page,
  request,
}) => {
  await signInWithAppAccess(page, request);

  // Free has no quota, so the dashboard shows no usage card.
  await page.goto('/app');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('Free Plan')).toBeVisible();
  await expect(page.getByRole('region', { name: 'This period usage' })).toHaveCount(0);

  await page.goto('/pricing');
  await expect(page.getByText(/^Current plan:/)).toHaveText('Current plan: free');
  const plus = page.getByRole('region', { name: 'Plus' });
  await plus.getByRole('button', { name: 'Buy Now' }).click();

  // The local test checkout: plan, price, and a clear test-mode label.
  await expect(page).toHaveURL(/\/billing\/checkout\/[^/]+$/);
  await expect(page.getByRole('heading', { name: 'Plus Plan' })).toBeVisible();
  await expect(page.getByText('$39/month')).toBeVisible();
  await expect(page.getByText('Test mode — no real payment')).toBeVisible();
  const landed = page.waitForURL(/\/settings\?billing=success$/, { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Complete test purchase' }).click();
  await landed;

  // The app handles the flag once: a toast, fresh plan, then the billing tab.
  await expect(page.getByText('Plan updated', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/settings\?tab=billing$/);
  await expect(page.getByText('Plus Plan', { exact: true })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Billing' })).toHaveAttribute('aria-selected', 'true');
  const billing = page.getByRole('tabpanel', { name: 'Billing' });
  await expect(detail(page, 'Current Plan')).toHaveText('Plus');
  await expect(detail(page, 'Status')).toHaveText('active');
  await expect(detail(page, 'Amount')).toHaveText('39.00 USD');
  await expect(detail(page, 'Payment method')).toHaveText('visa •••• 4242');
  await expect(detail(page, 'Next charge')).not.toHaveText('—');
  await expect(billing.getByText('Test mode', { exact: true })).toBeVisible();
  await expect(billing.getByText('All features included under Fair Use.')).toBeVisible();
  await expect(billing.getByRole('region', { name: 'Recent invoices' })).toContainText(
    / – 39\.00 USD \(paid\)/,
  );
  // Plus sees Manage billing and Upgrade to Pro only (docs/product/billing.md rule 9).
  await expect(billing.getByRole('button', { name: 'Manage billing' })).toBeVisible();
  await expect(billing.getByRole('button', { name: 'Upgrade to Pro' })).toBeVisible();
  await expect(billing.getByRole('button', { name: 'Get Basic' })).toHaveCount(0);
  await expect(billing.getByRole('button', { name: 'Upgrade to Plus' })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screens/settings-billing.png', fullPage: true });
  expect(await axeViolations(page)).toEqual([]);

  // A reload does not repeat the success hand-off.
  await page.reload();
  await expect(page).toHaveURL(/\/settings\?tab=billing$/);

  await page.goto('/app');
  const usage = page.getByRole('region', { name: 'This period usage' });
  await expect(usage).toBeVisible();
  await expect(usage.getByText('0/50')).toBeVisible();
  await expect(usage.getByText('Videos/Photos')).toBeVisible();
  await expect(usage.getByText('50 left')).toBeVisible();
  await expect(usage.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
  await page.screenshot({ path: 'test-results/screens/dashboard-usage.png' });
  expect(await axeViolations(page)).toEqual([]);

  // Manage billing → the local portal → cancel at period end → back in settings.
  await page.goto('/settings?tab=billing');
  await page.getByRole('button', { name: 'Manage billing' }).click();
  await expect(page).toHaveURL(/\/billing\/portal\/[^/]+$/);
  await expect(page.getByText('Plus Plan', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel at period end' }).click();

  await expect(page).toHaveURL(/\/settings\?tab=billing$/);
  await expect(detail(page, 'Next charge')).toHaveText(/^Cancels on [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
  // Cancelling at the period end keeps the plan until then.
  await expect(page.getByText('Plus Plan', { exact: true })).toBeVisible();
});

test('a signed-in seller’s first click on Buy Now opens the checkout while the session is still being checked', async ({
  page,
  request,
}) => {
  const user = await createConfirmedUser(request);
  await signInThroughDialog(page, user.email, user.password);
  await expect(page).toHaveURL(/\/onboarding$/);

  // A busy server: the session's answer comes seconds after the page can be clicked.
  await page.route('**/api/auth/user', async (route) => {
    await new Promise((r) => setTimeout(r, 4000));
    await route.continue().catch(() => undefined);
  });
  await page.goto('/pricing');
  const buy = page.getByRole('region', { name: 'Plus' }).getByRole('button', { name: 'Buy Now' });
  await buy.click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/billing\/checkout\/[^/]+$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Plus Plan' })).toBeVisible();
});

test('a 402 from the server opens the upgrade dialog with its reason', async ({
  page,
  request,
}) => {
  await signInWithAppAccess(page, request);

  // Free allows one product; onboarding already made it, so a second is refused with 402.
  await page.goto('/onboarding');
  await page.getByLabel('Name').fill('Night Cream');
  await page.getByLabel('Description').fill('$30 retinol night cream for sensitive skin');
  await page.getByRole('button', { name: 'Create and preview' }).click();

  const dialog = page.getByRole('dialog', { name: 'Upgrade to Generate' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('All features included under Fair Use.')).toBeVisible();
  await expect(
    dialog.getByText("You've reached the number of products your plan allows."),
  ).toHaveAttribute('data-reason', 'product_limit');
  await expect(dialog.getByRole('button', { name: 'Buy Now' })).toHaveCount(3);
  await expect(dialog.getByText('You can manage or cancel at any time in Settings.')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/upgrade-dialog.png' });
  expect(await axeViolations(page)).toEqual([]);

  // Buy Now from the dialog runs the purchase sequence: no subscription yet, so checkout.
  await dialog
    .getByRole('region', { name: 'Basic' })
    .getByRole('button', { name: 'Buy Now' })
    .click();
  await expect(page).toHaveURL(/\/billing\/checkout\/[^/]+$/);
  await expect(page.getByRole('heading', { name: 'Basic Plan' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(page).toHaveURL(/\/pricing$/);
});

test('Upgrade to Plus from Settings ends on billing=success; plan changes are invoiced and each invoice opens', async ({
  page,
  request,
}) => {
  await signInWithAppAccess(page, request);
  await page.goto('/settings?tab=billing');
  const billing = page.getByRole('tabpanel', { name: 'Billing' });
  await billing.getByRole('button', { name: 'Upgrade to Plus' }).click();
  await expect(page).toHaveURL(/\/billing\/checkout\/[^/]+$/);
  await expect(page.getByRole('heading', { name: 'Plus Plan' })).toBeVisible();
  const landed = page.waitForURL(/\/settings\?billing=success$/, { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Complete test purchase' }).click();
  await landed;
  await expect(page.getByText('Plan updated', { exact: true })).toBeVisible();
  await expect(detail(page, 'Current Plan')).toHaveText('Plus');

  // The plan the user has is never for sale to them again.
  await page.goto('/pricing');
  const plusCard = page.getByRole('region', { name: 'Plus' });
  await expect(plusCard.getByText('Your current plan')).toBeVisible();
  await expect(plusCard.getByRole('button', { name: 'Buy Now' })).toHaveCount(0);
  await expect(
    page.getByRole('region', { name: 'Pro' }).getByRole('button', { name: 'Buy Now' }),
  ).toBeVisible();

  // An in-place change to Pro lands on billing=success too, with its proration invoice.
  await page.goto('/settings?tab=billing');
  const changed = page.waitForURL(/\/settings\?billing=success$/, { waitUntil: 'commit' });
  await billing.getByRole('button', { name: 'Upgrade to Pro' }).click();
  await changed;
  await expect(page.getByText('Plan updated', { exact: true })).toBeVisible();
  await expect(detail(page, 'Current Plan')).toHaveText('Pro');
  const invoices = billing.getByRole('region', { name: 'Recent invoices' });
  await expect(invoices.getByRole('listitem')).toHaveCount(2);
  await page.screenshot({ path: 'test-results/screens/settings-invoices.png', fullPage: true });

  // "View" opens the invoice in a new tab.
  const [invoicePage] = await Promise.all([
    page.context().waitForEvent('page'),
    invoices.getByRole('link', { name: 'View' }).last().click(),
  ]);
  await expect(invoicePage.getByRole('heading', { name: 'Invoice' })).toBeVisible();
  await expect(invoicePage.getByText('Plus Plan', { exact: false })).toBeVisible();
  await expect(invoicePage.getByText('39.00 USD')).toBeVisible();
  await invoicePage.screenshot({ path: 'test-results/screens/invoice-view.png' });
});
