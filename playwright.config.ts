import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4317);
const baseURL = `http://localhost:${PORT}`;
const dataDir = path.join(os.tmpdir(), `hookreel-e2e-${process.pid}`);

/** User journeys in Debian's Chromium against the real server on a fresh embedded database. */
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // The machine has no internet: background networking only makes noise and delays.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: `rm -rf ${dataDir} && npx tsx src/server/main.ts`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    // With ASSETS_BEFORE_LISTEN a clean clone makes the samples and imports the library first.
    timeout: 300_000,
    // No APP_URL, as after a newcomer's `npm ci && npm start`: every loopback name of the port
    // must work (e2e/local-addresses.spec.ts signs up through two of them).
    env: {
      PORT: String(PORT),
      // The journeys use the sample videos and the starter library from the first page on.
      ASSETS_BEFORE_LISTEN: 'true',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_MAX: '1000',
      SUPPORT_EMAIL: 'help@hookreel.test',
    },
  },
});
