import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './testing/test-app';
import { createTestApp } from './testing/test-app';

describe('the app', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A route that fails the way a bug would, to check 5xx answers.
    t = await createTestApp(
      {},
      {
        extend: (app) =>
          app.get('/api/__boom', async () => {
            throw new Error('secret database detail');
          }),
      },
    );
  });
  afterAll(() => t.close());

  it('answers unknown /api routes with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'No route GET /api/nope', code: 'not_found' });
  });

  it('never leaks internals in a 5xx', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/__boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      error: 'Something went wrong on our side',
      code: 'internal_error',
    });
    expect(res.body).not.toContain('secret');
  });

  it('sends security headers with a strict CSP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('publishes the public config without secrets', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json()).toEqual({
      appUrl: 'http://localhost:3999',
      supportEmail: 'support@hookreel.app',
      pixel: null,
      mailOutbox: true,
      tiktok: 'sandbox',
      voice: false,
    });
    expect(res.body).not.toContain('secret');
  });

  it('serves an OpenAPI document generated from the route schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.0.3');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/user',
        '/api/user/profile',
        '/api/upload-images',
        '/api/entitlements',
        '/api/auth/recover',
      ]),
    );
    expect(doc.paths['/api/user/profile'].patch.requestBody).toBeDefined();
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });

  it('shows the outbox at /dev/mail in outbox mode', async () => {
    await t.signUp('outbox@example.com');
    await t.jobs.drain();
    const json = await t.app.inject({ method: 'GET', url: '/dev/mail.json' });
    const [message] = json.json();
    expect(Object.keys(message).sort()).toEqual([
      'createdAt',
      'html',
      'links',
      'subject',
      'text',
      'to',
    ]);
    expect(message).toMatchObject({
      to: 'outbox@example.com',
      subject: 'Confirm your Hookreel account',
    });
    const page = await t.app.inject({ method: 'GET', url: '/dev/mail' });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Confirm your Hookreel account');
  });
});

describe('with SMTP and a pixel configured', () => {
  it('has no /dev/mail routes and exposes the pixel id', async () => {
    const t = await createTestApp({
      mail: { kind: 'smtp', url: 'smtp://127.0.0.1:2525' },
      pixel: { provider: 'tiktok', id: 'CABC123' },
    });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/dev/mail.json' })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: '/dev/mail' })).statusCode).toBe(404);
      const config = (await t.app.inject({ method: 'GET', url: '/api/config' })).json();
      expect(config).toMatchObject({
        pixel: { provider: 'tiktok', id: 'CABC123' },
        mailOutbox: false,
      });
      expect(t.adapterLines).toContain('pixel: tiktok pixel CABC123 (lead event on sign-up)');
      const csp = String(
        (await t.app.inject({ method: 'GET', url: '/api/config' })).headers[
          'content-security-policy'
        ],
      );
      expect(csp).toContain('https://analytics.tiktok.com');
    } finally {
      await t.close();
    }
  });
});
