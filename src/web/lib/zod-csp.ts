/**
 * Our CSP has no 'unsafe-eval'. Zod 4 probes `Function('')` the first time it parses an object
 * to decide whether to compile faster parsers; the probe is caught, but Chromium still reports
 * it as a CSP violation on every page load. Jitless parsing skips the probe.
 *
 * Zod keeps its config on this global: it adopts one that already exists and holds on to the
 * object it found or made. So the setting goes onto that object, never a new one: whichever of
 * this module and zod the bundle evaluates first (a bundler may inline this module into the entry
 * chunk, which runs after the chunks it imports), zod reads jitless. Setting it here avoids
 * pulling zod into the landing page's bundle just to call `z.config({ jitless: true })`.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(holder.__zod_globalConfig ??= {}).jitless = true;

export {};
