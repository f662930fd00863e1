import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { expect, test } from './test';
import { signInThroughDialog } from './helpers';

const PORT = 4318;
let server: ChildProcess | undefined;
let account: { email: string; password: string };

test.use({ baseURL: `http://localhost:${PORT}` });

test.beforeAll(async () => {
  // node itself (not npx) so that killing the child stops the server.
  const child = spawn(process.execPath, ['--import', 'tsx', 'e2e/support/quota-used-server.ts'], {
    env: { ...process.env, PORT: String(PORT), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  server = child;
  account = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => l.startsWith('{"ready":true'));
      if (line) resolve(JSON.parse(line) as typeof account);
    });
    child.on('exit', (code) => reject(new Error(`quota server exited with ${code}`)));
    setTimeout(() => reject(new Error('quota server did not start')), 60_000);
  });
});

test.afterAll(() => {
  server?.kill('SIGTERM');
});

test('a subscriber whose quota is used up sees it on the dashboard and gets the upgrade dialog with reason limit', async ({
  page,
}) => {
  await signInThroughDialog(page, account.email, account.password);
  await expect(page).toHaveURL(/\/app$/);
  const usage = page.getByRole('region', { name: 'This period usage' });
  await expect(usage.getByText('15/15', { exact: true })).toBeVisible();
  await expect(usage.getByRole('button', { name: 'Upgrade' })).toBeVisible();

  await page.goto('/create');
  await page.getByRole('button', { name: 'Create Photo (Carousel)' }).click();
  await expect(page).toHaveURL(/type=carousel/);
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Upgrade to Generate' });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('[data-reason]')).toHaveAttribute('data-reason', 'limit');
  await expect(
    dialog.getByText("You've used all the Videos/Photos your plan includes this period."),
  ).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/quota-used-upgrade-dialog.png' });
});
