import { expect, it, vi } from 'vitest';

type Holder = { __zod_globalConfig?: { jitless?: boolean } };

it('turns zod jitless before zod loads, so parsing never probes eval under our CSP', async () => {
  vi.resetModules();
  await import('./zod-csp');
  const { config } = await import('zod');
  expect(config().jitless).toBe(true);
});

it('sets jitless on the config object zod already holds when zod loaded first', async () => {
  // A bundle may evaluate zod's chunk before the entry's own code: zod has then made its config
  // object and keeps reading that one. The first-visit journey saw Chromium report the eval
  // probe when this module replaced the object instead.
  const held = {};
  const before = (globalThis as Holder).__zod_globalConfig;
  (globalThis as Holder).__zod_globalConfig = held;
  try {
    vi.resetModules();
    await import('./zod-csp');
    expect((globalThis as Holder).__zod_globalConfig).toBe(held);
    expect(held).toEqual({ jitless: true });
  } finally {
    // The web project keeps this worker's zod, which still holds the object from before, for
    // the tests after this one: left in place, `held` would be the one the first test sets.
    (globalThis as Holder).__zod_globalConfig = before;
  }
});
