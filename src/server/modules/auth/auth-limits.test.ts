import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../app';
import { buildApp } from '../../app';
import type { Config } from '../../config';
import { loadConfig } from '../../config';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';

const signIn = (app: AppContext['app'], email: string, remoteAddress: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    remoteAddress,
    payload: { email, password: 'wrong-password' },
  });

const limits = (overrides: Partial<Config['limits']>) => ({
  ...loadConfig({ NODE_ENV: 'test' }).limits,
  ...overrides,
});

/** A fresh app per block, built in a hook (building one can take a while on a busy machine). */
const appWith = (overrides: Partial<Config>) => {
  const ref: { t?: TestApp } = {};
  beforeAll(async () => {
    ref.t = await createTestApp(overrides);
  });
  afterAll(() => ref.t?.close());
  return () => {
    if (!ref.t) throw new Error('the test app did not start');
    return ref.t;
  };
};

describe('sign-in attempts per account', () => {
  const app = appWith({ limits: limits({ accountRateLimitMax: 3 }) });

  it('count across addresses, answered 429 with Retry-After', async () => {
    const t = app();
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
  });
});

describe('session refreshes and password attempts', () => {
  const app = appWith({ authRateLimitMax: 3 });

  it('are counted apart', async () => {
    const t = app();
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
  });
});

describe('session refreshes', () => {
  const app = appWith({ limits: limits({ sessionRateLimitMax: 2 }) });

  it('have their own allowance', async () => {
    const t = app();
    const refresh = () =>
      t.app.inject({ method: 'GET', url: '/api/auth/get-session', remoteAddress: '10.2.0.1' });
    expect([(await refresh()).statusCode, (await refresh()).statusCode]).toEqual([200, 200]);
    const limited = await refresh();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });
});

describe('auth limits on two API instances', () => {
  const app = appWith({ authRateLimitMax: 4 });
  let second: AppContext | undefined;
  beforeAll(async () => {
    const first = app();
    // A second app with its own memory: on PostgreSQL its own pool, on PGlite the same handle
    // (one process owns an embedded database).
    second = await buildApp(first.config, {
      logger: false,
      workers: 'none',
      database: first.config.database.kind === 'pglite' ? first.db : undefined,
    });
    await second.app.ready();
  });
  afterAll(() => second?.app.close());

  it('hold together on one database', async () => {
    const first = app();
    if (!second) throw new Error('the second app did not start');
    const address = '10.3.0.1';
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const target = i % 2 === 0 ? first.app : second.app;
      codes.push((await signIn(target, `nobody-${i}@example.com`, address)).statusCode);
    }
    expect(codes).toEqual([401, 401, 401, 401, 429]);
  });
});
