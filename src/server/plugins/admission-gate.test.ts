import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../testing/test-app';
import { createTestApp } from '../testing/test-app';

describe('admission gate', () => {
  let t: TestApp;
  const held: Array<() => void> = [];
  let arrived: () => void = () => undefined;
  beforeAll(async () => {
    t = await createTestApp(
      {
        limits: {
          accountRateLimitMax: 10,
          sessionRateLimitMax: 60,
          sessionCacheMs: 0,
          apiMaxInFlight: 1,
          apiMaxQueued: 1,
          apiMaxWaitMs: 60_000,
        },
      },
      {
        // A route that answers only when the test lets it, to fill the gate on purpose.
        extend: (app) =>
          app.get('/api/test-hold', async () => {
            await new Promise<void>((resolve) => {
              held.push(resolve);
              arrived();
            });
            return { ok: true };
          }),
      },
    );
  });
  afterAll(() => t.close());

  it('queues past the in-flight limit and refuses a deeper backlog at once with 503', async () => {
    const firstArrived = new Promise<void>((resolve) => (arrived = resolve));
    const first = t.app.inject({ method: 'GET', url: '/api/test-hold' });
    await firstArrived;
    // One waits its turn (the queue holds one)…
    const queued = t.app.inject({ method: 'GET', url: '/api/health-of-queue' });
    while (t.app.apiBacklog() === 0) await new Promise((resolve) => setImmediate(resolve));
    // …and one more is too many.
    const refused = await t.app.inject({ method: 'GET', url: '/api/test-hold' });
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({
      error: 'The server is busy. Try again in a few seconds.',
      code: 'server_busy',
      retryAfterSeconds: 1,
    });
    expect(refused.headers['retry-after']).toBe('1');
    // The bare health check never waits.
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    held.shift()?.();
    expect((await first).statusCode).toBe(200);
    expect((await queued).statusCode).toBe(404);
    const secondArrived = new Promise<void>((resolve) => (arrived = resolve));
    const again = t.app.inject({ method: 'GET', url: '/api/test-hold' });
    await secondArrived;
    held.shift()?.();
    expect((await again).statusCode).toBe(200);
  });

  it('frees the turn of a request whose client went away while it waited', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const firstArrived = new Promise<void>((resolve) => (arrived = resolve));
    const first = fetch(`${address}/api/test-hold`);
    await firstArrived;
    const leaving = new AbortController();
    const gone = fetch(`${address}/api/health-of-queue`, { signal: leaving.signal }).catch(
      () => null,
    );
    while (t.app.apiBacklog() === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    leaving.abort();
    await gone;
    // Let the server see the connection close before the turn comes round.
    await new Promise((resolve) => setTimeout(resolve, 100));
    held.shift()?.();
    expect((await first).status).toBe(200);
    // Had the departed request kept its turn, this one would wait for ever.
    const nextArrived = new Promise<void>((resolve) => (arrived = resolve));
    const next = fetch(`${address}/api/test-hold`);
    await nextArrived;
    held.shift()?.();
    expect((await next).status).toBe(200);
  });
});

describe('admission gate wait bound', () => {
  let t: TestApp;
  const held: Array<() => void> = [];
  let arrived: () => void = () => undefined;
  beforeAll(async () => {
    t = await createTestApp(
      {
        limits: {
          accountRateLimitMax: 10,
          sessionRateLimitMax: 60,
          sessionCacheMs: 0,
          apiMaxInFlight: 1,
          apiMaxQueued: 10,
          apiMaxWaitMs: 200,
        },
      },
      {
        extend: (app) =>
          app.get('/api/test-hold', async () => {
            await new Promise<void>((resolve) => {
              held.push(resolve);
              arrived();
            });
            return { ok: true };
          }),
      },
    );
  });
  afterAll(() => t.close());

  it('answers 503 to requests still waiting past API_MAX_WAIT_MS, even when the estimate let them queue', async () => {
    // Nothing has been answered yet, so the service-time estimate is zero and lets all queue.
    const firstArrived = new Promise<void>((resolve) => (arrived = resolve));
    const first = t.app.inject({ method: 'GET', url: '/api/test-hold' });
    await firstArrived;
    const queued = [1, 2, 3].map(() => t.app.inject({ method: 'GET', url: '/api/test-hold' }));
    // Each of them is answered while the first still holds the only turn: none waits on.
    for (const res of await Promise.all(queued)) {
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'server_busy' });
      expect(res.headers['retry-after']).toBe('1');
    }
    expect(t.app.apiBacklog()).toBe(0);
    expect(held).toHaveLength(1);
    held.shift()?.();
    expect((await first).statusCode).toBe(200);
    // The turn came back, and the refused requests took none.
    const nextArrived = new Promise<void>((resolve) => (arrived = resolve));
    const next = t.app.inject({ method: 'GET', url: '/api/test-hold' });
    await nextArrived;
    held.shift()?.();
    expect((await next).statusCode).toBe(200);
  });
});
