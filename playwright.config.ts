import { defineConfig } from '@playwright/test';
import { CHROMIUM_PATH } from './e2e/chromium';
import { E2E_WORKERS, serverDataDir, serverPort, serverUrl } from './e2e/servers';

const slots = Array.from({ length: E2E_WORKERS }, (_, slot) => slot);

/**
 * The journeys that take a minute or more (CI's per-file times, decision 212). Playwright hands
 * out files in name order, project by project, so these go in a project of their own listed
 * first: started last, the 2.4-minute hook-demo-composition alone kept a worker busy while the
 * others had nothing left to do.
 */
const LONG_JOURNEYS =
  /[/\\](hook-demo-composition|hook-demo|campaigns|send-failures|carousel|billing|accounts)\.spec\.ts$/;

/** User journeys in Debian's Chromium against the real server on a fresh embedded database. */
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  // Limits catch a hang, not slowness (the bench measures speed): on a slow 2-core machine a
  // minute-long journey took more than twice as long (decision 212's amendment).
  timeout: 180_000,
  expect: { timeout: 20_000 },
  // Files are shared out between the workers; each worker has a server of its own
  // (e2e/servers.ts), so journeys never meet on one server. E2E_WORKERS=1 runs them in turn.
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: 0,
  projects: [
    { name: 'long', testMatch: LONG_JOURNEYS },
    { name: 'journeys', testIgnore: LONG_JOURNEYS },
  ],
  reporter: [['list']],
  use: {
    baseURL: serverUrl(0),
    screenshot: 'only-on-failure',
    // A failed journey keeps its trace of actions, console and network, without the screencast
    // and DOM snapshots: recording those for every journey cost about a third of the browser's
    // and Playwright's CPU, and CI is CPU-bound on two cores (decision 240). E2E_TRACE=full
    // records them too, for a failure the screenshot and the action log do not explain.
    trace:
      process.env.E2E_TRACE === 'full'
        ? 'retain-on-failure'
        : { mode: 'retain-on-failure', screenshots: false, snapshots: false, sources: false },
    launchOptions: {
      executablePath: CHROMIUM_PATH,
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
  webServer: slots.map((slot) => ({
    // `npm start`, as the README starts it: the server bundle, made again by each slot (decision 249).
    command: `rm -rf ${serverDataDir(slot, process.pid)} && npm start --silent`,
    url: `${serverUrl(slot)}/api/health`,
    reuseExistingServer: false,
    // With ASSETS_BEFORE_LISTEN a clean clone makes the samples and imports the library first.
    timeout: 300_000,
    // No APP_URL, as after a newcomer's `npm ci && npm start`: every loopback name of the port
    // must work (e2e/local-addresses.spec.ts signs up through two of them).
    env: {
      PORT: String(serverPort(slot)),
      // The journeys use the sample videos and the starter library from the first page on.
      ASSETS_BEFORE_LISTEN: 'true',
      DATA_DIR: serverDataDir(slot, process.pid),
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_MAX: '1000',
      SUPPORT_EMAIL: 'help@hookreel.test',
    },
  })),
});
