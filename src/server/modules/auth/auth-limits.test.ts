import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createTestApp } from '../../testing/test-app';

const signIn = (
  app: { inject: Awaited<ReturnType<typeof createTestApp>>['app']['inject'] },
  email: string,
  remoteAddress: string,
) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    remoteAddress,
    payload: { email, password: 'wrong-password' },
  });

describe('auth limits', () => {
  it('counts sign-in attempts per account across addresses, answered 429 with Retry-After', async () => {
    const t = await createTestApp({
      limits: { ...(await defaults()), accountRateLimitMax: 3 },
    });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++)
        codes.push((await signIn(t.app, 'Target@Example.com', `10.0.0.${i + 1}`)).statusCode);
      expect(codes).toEqual([401, 401, 401, 429]);
      const limited = await signIn(t.app, 'target@example.com', '10.0.0.9');
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ error: expect.any(String), code: 'rate_limited' });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      // Another account from the same addresses is not affected.
      expect((await signIn(t.app, 'someone-else@example.com', '10.0.0.1')).statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });

  it('keeps session refreshes apart from password attempts', async () => {
    const t = await createTestApp({ authRateLimitMax: 3 });
    try {
      const u = await t.createUser(); // three auth requests from 127.0.0.1
      const address = '10.1.0.1';
      for (let i = 0; i < 3; i++) await signIn(t.app, `nobody-${i}@example.com`, address);
      expect((await signIn(t.app, 'nobody@example.com', address)).statusCode).toBe(429);
      const refresh = await t.app.inject({
        method: 'GET',
        url: '/api/auth/get-session',
        remoteAddress: address,
        headers: u.headers,
      });
      expect(refresh.statusCode).toBe(200);
      expect(refresh.json().user.email).toBe(u.email);
    } finally {
      await t.close();
    }
  });

  it('limits session refreshes on their own allowance', async () => {
    const t = await createTestApp({ limits: { ...(await defaults()), sessionRateLimitMax: 2 } });
    try {
      const refresh = () =>
        t.app.inject({ method: 'GET', url: '/api/auth/get-session', remoteAddress: '10.2.0.1' });
      expect([(await refresh()).statusCode, (await refresh()).statusCode]).toEqual([200, 200]);
      const limited = await refresh();
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
    } finally {
      await t.close();
    }
  });

  it('holds across two API instances on one database', async () => {
    const first = await createTestApp({ authRateLimitMax: 4 });
    // A second app with its own memory: on PostgreSQL its own pool, on PGlite the same handle
    // (one process owns an embedded database).
    const second = await buildApp(first.config, {
      logger: false,
      runWorkers: false,
      database: first.config.database.kind === 'pglite' ? first.db : undefined,
    });
    try {
      await second.app.ready();
      const address = '10.3.0.1';
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        const app = i % 2 === 0 ? first.app : second.app;
        codes.push((await signIn(app, `nobody-${i}@example.com`, address)).statusCode);
      }
      expect(codes).toEqual([401, 401, 401, 401, 429]);
    } finally {
      await second.app.close();
      await first.close();
    }
  });
});

/** The configured limits of a test app, to override one of them. */
const defaults = async () => {
  const { loadConfig } = await import('../../config');
  return loadConfig({ NODE_ENV: 'test' }).limits;
};
