import { test as base } from '@playwright/test';
import type { BrowserContext } from '@playwright/test';
import { serverUrl } from './servers';

/**
 * Stops CSS animations and transitions in every page of a context, as Playwright's own
 * `animations: 'disabled'` does for a screenshot. A spinning icon or a pulsing placeholder makes
 * headless Chromium lay out, paint and composite every frame in software while the journey waits
 * on a render or an answer: about a tenth of the journeys' browser CPU, on a 2-core machine
 * where CI is CPU-bound (decision 248). What a journey checks (words, states, files, frames)
 * does not move.
 */
export const stillAnimations = (context: BrowserContext) =>
  context.addInitScript(() => {
    const add = () => {
      const style = document.createElement('style');
      style.textContent =
        '*,*::before,*::after{animation:none!important;transition:none!important}';
      document.head.append(style);
    };
    if (document.head) add();
    else document.addEventListener('DOMContentLoaded', add, { once: true });
  });

/** Playwright's `test`, talking to this worker slot's own server (see servers.ts). */
export const test = base.extend({
  // Playwright reads a fixture's dependencies from its first parameter's pattern.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use, testInfo) => {
    await use(serverUrl(testInfo.parallelIndex));
  },
  context: async ({ context }, use) => {
    await stillAnimations(context);
    await use(context);
  },
});

export { expect } from '@playwright/test';
