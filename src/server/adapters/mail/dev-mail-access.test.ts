import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';

const OUTSIDER = '203.0.113.7';

describe('the outbox pages answer only the machine itself or an operator', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ trustProxy: true, operatorEmails: ['ops@example.com'] });
    await t.createUser('victim@example.com');
  });
  afterAll(() => t.close());

  type Extra = { remoteAddress?: string; headers?: Record<string, string> };
  const get = (url: string, extra: Extra = {}) => t.app.inject({ method: 'GET', url, ...extra });

  it('serves the machine itself', async () => {
    for (const url of ['/dev/mail', '/dev/mail.json']) {
      expect((await get(url)).statusCode, url).toBe(200);
      expect((await get(url, { remoteAddress: '::1' })).statusCode, url).toBe(200);
    }
    expect((await get('/dev/mail.json')).body).toContain('victim@example.com');
  });

  it('refuses another machine, and a proxy forwarding for one, even on loopback', async () => {
    const attempts: Extra[] = [
      { remoteAddress: OUTSIDER },
      { remoteAddress: '10.0.0.5' },
      // With TRUST_PROXY, request.ip would say 127.0.0.1 here; the peer and the header decide.
      { remoteAddress: OUTSIDER, headers: { 'x-forwarded-for': '127.0.0.1' } },
      { headers: { 'x-forwarded-for': OUTSIDER } },
      { headers: { forwarded: `for=${OUTSIDER}` } },
    ];
    for (const attempt of attempts) {
      for (const url of ['/dev/mail', '/dev/mail.json']) {
        const res = await get(url, attempt);
        expect(res.statusCode, JSON.stringify(attempt)).toBe(403);
        expect(res.json()).toMatchObject({ code: 'forbidden' });
        expect(res.body).not.toContain('victim@example.com');
      }
    }
  });

  it('serves a signed-in operator from anywhere, and no other signed-in user', async () => {
    const operator = await t.createUser('ops@example.com');
    const res = await get('/dev/mail.json', { remoteAddress: OUTSIDER, headers: operator.headers });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('victim@example.com');

    const user = await t.createUser('someone@example.com');
    const refused = await get('/dev/mail.json', { remoteAddress: OUTSIDER, headers: user.headers });
    expect(refused.statusCode).toBe(403);
    const bogus = { authorization: 'Bearer not-a-session' };
    expect((await get('/dev/mail', { remoteAddress: OUTSIDER, headers: bogus })).statusCode).toBe(
      403,
    );
  });
});

describe('the outbox pages in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: 'production', operatorEmails: ['ops@example.com'] });
  });
  afterAll(() => t.close());

  it('do not exist, not even for the machine itself or an operator', async () => {
    const operator = await t.createUser('ops@example.com');
    for (const url of ['/dev/mail', '/dev/mail.json']) {
      for (const headers of [{}, operator.headers]) {
        const res = await t.app.inject({ method: 'GET', url, headers });
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toEqual({ error: 'Not found', code: 'not_found' });
      }
    }
  });
});
