import { test as base } from '@playwright/test';
import { serverUrl } from './servers';

/** Playwright's `test`, talking to this worker slot's own server (see servers.ts). */
export const test = base.extend({
  // Playwright reads a fixture's dependencies from its first parameter's pattern.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use, testInfo) => {
    await use(serverUrl(testInfo.parallelIndex));
  },
});

export { expect } from '@playwright/test';
