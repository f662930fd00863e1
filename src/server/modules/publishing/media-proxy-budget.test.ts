import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowLocalOrigins } from '../../net/safe-fetch';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';

/**
 * Issue 22: a host that trickles a byte at a time held each proxied request, and one of the
 * API's four turns on PGlite, for minutes; four of them made every signed-in call 503. The
 * attacker's host is a local server that the test app alone counts as public.
 */
describe('media proxies under slow or hostile hosts', () => {
  let t: TestApp;
  let attacker: http.Server;
  let base: string;
  /** Connections the attacker's host holds open right now. */
  let open = 0;
  beforeAll(async () => {
    attacker = http.createServer((req, res) => {
      open++;
      res.on('close', () => open--);
      if (req.url === '/clip.mp4') {
        res.writeHead(200, { 'content-type': 'video/mp4' });
        res.end(Buffer.alloc(1000, 1));
        return;
      }
      res.writeHead(200, { 'content-type': 'video/mp4' });
      // '/trickle.mp4': a byte every 50 ms, never idle; '/endless.mp4': 32 KB every 5 ms and no
      // announced length, so the cap (64 KB) is passed long before the deadline on a slow machine.
      const [chunk, everyMs] = req.url === '/endless.mp4' ? [32 * 1024, 5] : [1, 50];
      const timer = setInterval(() => res.write(Buffer.alloc(chunk, 1)), everyMs);
      res.on('close', () => clearInterval(timer));
    });
    await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}`;
    t = await createTestApp(
      {},
      {
        build: {
          outboundAllowLocal: allowLocalOrigins(base),
          mediaProxy: { timeoutMs: 2500, maxBytes: 64 * 1024, maxInFlight: 4, maxPerAddress: 2 },
        },
      },
    );
  }, 180_000);
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => attacker.close(resolve));
  });

  const proxy = (file: string, remoteAddress: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/video-proxy/url/${Buffer.from(`${base}${file}`).toString('base64url')}`,
      remoteAddress,
    });

  const untilOpen = async (count: number) => {
    while (open < count) await new Promise((resolve) => setTimeout(resolve, 10));
  };

  it('keeps the API answering while four trickling fetches are in flight, and ends them at the deadline', async () => {
    const user = await t.createUser();
    const slow = ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4'].map((ip) =>
      proxy('/trickle.mp4', ip),
    );
    await untilOpen(4);
    // Every turn of PGlite's admission gate would be taken by now, had the proxies used it.
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: user.headers });
    expect(me.statusCode).toBe(200);
    // The proxies' own budget is full: one more is refused at once, with our envelope.
    const fifth = await proxy('/clip.mp4', '198.51.100.5');
    expect(fifth.statusCode).toBe(503);
    expect(fifth.json()).toMatchObject({ code: 'server_busy' });
    expect(fifth.headers['retry-after']).toBeDefined();
    // A byte every 50 ms never trips an idle timeout; the whole-request deadline ends each one.
    for (const res of await Promise.all(slow)) {
      expect(res.statusCode).toBe(504);
      expect(res.json()).toMatchObject({ code: 'media_timeout' });
    }
    // Their turns came back.
    expect((await proxy('/clip.mp4', '198.51.100.5')).statusCode).toBe(200);
  });

  it('aborts a body past the size cap while it streams', async () => {
    const res = await proxy('/endless.mp4', '198.51.100.6');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'payload_too_large' });
  });

  it('holds one address to its own share of the budget', async () => {
    const mine = [proxy('/trickle.mp4', '203.0.113.9'), proxy('/trickle.mp4', '203.0.113.9')];
    await untilOpen(2);
    const third = await proxy('/clip.mp4', '203.0.113.9');
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ code: 'rate_limited' });
    expect(third.json().error).toEqual(expect.any(String));
    expect(third.headers['retry-after']).toBeDefined();
    // Another address is still served meanwhile.
    expect((await proxy('/clip.mp4', '203.0.113.10')).statusCode).toBe(200);
    await Promise.all(mine);
  });
});
