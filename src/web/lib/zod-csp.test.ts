import { expect, it } from 'vitest';

it('turns zod jitless before zod loads, so parsing never probes eval under our CSP', async () => {
  await import('./zod-csp');
  const { config } = await import('zod');
  expect(config().jitless).toBe(true);
});
