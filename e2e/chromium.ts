/**
 * The browser every automated run drives (the journeys, the scale-out journey, the landing and
 * slide benches): Debian's `chromium-headless-shell`, Chromium's engine without the browser
 * around it, which is also what Playwright itself runs for headless Chromium. It took about a
 * fifth less CPU than the full `/usr/bin/chromium` in headless mode over the 39 journeys, and CI
 * is CPU-bound on two cores (decision 243). `scripts/ensure-test-tools.sh` installs it;
 * CHROMIUM_PATH points elsewhere, for example at a full Chromium to watch a journey.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
