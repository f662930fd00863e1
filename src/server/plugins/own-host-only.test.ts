import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListeningTestApp } from '../testing/listening-test-app';
import { createListeningTestApp } from '../testing/listening-test-app';
import type { TestApp } from '../testing/test-app';
import { createTestApp } from '../testing/test-app';

/**
 * DNS rebinding: a page on `evil.example`, whose name the attacker re-points at 127.0.0.1, runs
 * in a browser on the server's machine. Its requests come from loopback, without forwarding
 * headers, but carry `Host: evil.example`, which a page cannot change.
 */
const get = (port: number, path: string, host: string, method = 'GET') =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method, headers: { host } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    req.on('error', reject);
    req.end();
  });

/** Every development aid this server runs (outbox, local checkout, sandbox, TikTok debug). */
const AIDS: [string, string][] = [
  ['GET', '/dev/mail'],
  ['GET', '/dev/mail.json'],
  ['GET', '/billing/checkout/some-token'],
  ['GET', '/billing/portal/some-token'],
  ['POST', '/tiktok-sandbox/v2/oauth/token/'],
  ['GET', '/tiktok-sandbox/api/inbox'],
  // A page of the sandbox's own (served by the web app when it is built).
  ['GET', '/tiktok-sandbox/authorize'],
  ['GET', '/api/tiktok/debug'],
];

describe('development aids answer only under this server’s own name', () => {
  let t: ListeningTestApp;
  let port: number;
  beforeAll(async () => {
    t = await createListeningTestApp();
    port = Number(new URL(t.appUrl).port);
    await t.createUser('victim@example.com');
  });
  afterAll(() => t.close());

  it('refuses a rebinding domain from the machine itself with a sentence', async () => {
    for (const [method, path] of AIDS) {
      for (const host of [
        'evil.example',
        `evil.example:${port}`,
        `localhost.evil.example:${port}`,
      ]) {
        const res = await get(port, path, host, method);
        expect(res.status, `${method} ${path} as ${host}`).toBe(421);
        expect(JSON.parse(res.body)).toMatchObject({
          code: 'unknown_host',
          error: expect.stringMatching(/own address/),
        });
        expect(res.body).not.toContain('victim@example.com');
      }
    }
  });

  it('refuses a loopback name at another port, and a request without a usable Host', async () => {
    for (const host of [
      `localhost:${port + 1}`,
      'localhost',
      '127.0.0.1:1',
      'a b',
      'user@localhost',
    ]) {
      expect((await get(port, '/dev/mail.json', host)).status, host).toBe(421);
    }
  });

  it('serves the loopback names at the port in use and APP_URL’s host', async () => {
    for (const host of [
      `localhost:${port}`,
      `127.0.0.1:${port}`,
      `[::1]:${port}`,
      `LOCALHOST:${port}`,
    ]) {
      const res = await get(port, '/dev/mail.json', host);
      expect(res.status, host).toBe(200);
      expect(res.body).toContain('victim@example.com');
    }
    expect((await get(port, '/api/tiktok/debug', new URL(t.appUrl).host)).status).toBe(200);
  });

  it('leaves the product’s own routes alone whatever the Host', async () => {
    expect((await get(port, '/api/health', 'hookreel.example')).status).toBe(200);
    expect((await get(port, '/api/config', 'hookreel.example')).status).toBe(200);
  });
});

describe('a server whose APP_URL is a public name', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { env: { APP_URL: 'https://hookreel.example' } });
  });
  afterAll(() => t.close());

  it('serves its aids under that name (with or without its default port) and nothing like it', async () => {
    const status = async (host: string) =>
      (await t.app.inject({ method: 'GET', url: '/dev/mail.json', headers: { host } })).statusCode;
    expect(await status('hookreel.example')).toBe(200);
    expect(await status('hookreel.example:443')).toBe(200);
    expect(await status('hookreel.example:8443')).toBe(421);
    expect(await status('app.hookreel.example')).toBe(421);
    expect(await status('hookreel.example.evil.example')).toBe(421);
  });
});
