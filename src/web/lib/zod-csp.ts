/**
 * Our CSP has no 'unsafe-eval'. Zod 4 probes `Function('')` the first time it parses an object
 * to decide whether to compile faster parsers; the probe is caught, but Chromium still reports
 * it as a CSP violation on every page load. Jitless parsing skips the probe.
 *
 * Zod keeps its config on this global and adopts one that already exists, so setting it here,
 * before any chunk loads zod, avoids pulling zod into the landing page's bundle just to call
 * `z.config({ jitless: true })`.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };

export {};
