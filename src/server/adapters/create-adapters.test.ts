import { describe, expect, it } from 'vitest';
import { createTestApp } from '../testing/test-app';

const PRODUCTION = {
  NODE_ENV: 'production',
  APP_SECRET: 'operator-chosen-secret-0123456789abcdef',
};

describe('adapters built from configuration', () => {
  it('prints one line per outside service, warnings for the operator apart', async () => {
    const t = await createTestApp();
    try {
      expect(t.adapterLines).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^storage: disk at /),
          expect.stringMatching(/^mail: /),
          expect.stringMatching(/^billing: local test checkout \(no real payments\)/),
          expect.stringMatching(/^ai: local writer/),
          'tiktok: built-in sandbox at http://localhost:3999/tiktok-sandbox (authorize at http://localhost:3999/tiktok-sandbox)',
          expect.stringMatching(/^render: local ffmpeg renderer \(/),
          'character motion: off (set AI_VIDEO_API_KEY and AI_VIDEO_MODEL for a video model)',
          'hook voice: off (set AI_VOICE_BASE_URL and AI_VOICE_MODEL for a speech API)',
          'pixel: off',
        ]),
      );
      expect(t.adapterWarnings).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('runs the test checkout in production only when asked, and then says so loudly', async () => {
    const t = await createTestApp(
      {},
      { env: { ...PRODUCTION, BILLING_LOCAL_IN_PRODUCTION: 'true' } },
    );
    try {
      expect(t.adapterWarnings).toEqual([
        expect.stringMatching(
          /^billing: LOCAL TEST CHECKOUT IN PRODUCTION \(BILLING_LOCAL_IN_PRODUCTION=true\)/,
        ),
        expect.stringMatching(/^tiktok: not configured \(production without TIKTOK_CLIENT_KEY/),
      ]);
      const user = await t.createUser();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/billing/create-checkout-session',
        headers: user.headers,
        payload: { plan: 'basic' },
      });
      expect(res.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('turns billing off in production without Stripe: a clear error, no checkout pages', async () => {
    const t = await createTestApp({}, { env: PRODUCTION });
    try {
      expect(t.adapterWarnings).toEqual([
        expect.stringMatching(/^billing: off \(production without STRIPE_/),
        expect.stringMatching(/^tiktok: not configured \(production without TIKTOK_CLIENT_KEY/),
      ]);
      const user = await t.createUser();
      for (const url of [
        '/api/billing/create-checkout-session',
        '/api/billing/update-subscription',
      ]) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: user.headers,
          payload: { plan: 'plus' },
        });
        expect(res.json().code, url).toBe(
          url.endsWith('checkout-session') ? 'billing_not_configured' : 'no_subscription',
        );
      }
      const page = await t.app.inject({ method: 'POST', url: '/billing/checkout/x/complete' });
      expect(page.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
