import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowLocalOrigins, safeFetch } from './safe-fetch';

describe('safeFetch', () => {
  let origin: http.Server;
  let base: string;
  let hits = 0;
  /** Responses still streaming when the client went away. */
  const cutOff: string[] = [];
  beforeAll(async () => {
    origin = http.createServer((req, res) => {
      hits++;
      const trickle = (chunk: Buffer, everyMs: number) => {
        res.writeHead(200, { 'content-type': 'video/mp4' });
        const timer = setInterval(() => res.write(chunk), everyMs);
        res.on('close', () => {
          clearInterval(timer);
          if (!res.writableEnded) cutOff.push(req.url ?? '');
        });
      };
      if (req.url === '/clip.mp4') {
        res.writeHead(200, { 'content-type': 'video/mp4' });
        res.end(Buffer.alloc(1000, 1));
      } else if (req.url === '/to-private') {
        res.writeHead(302, { location: 'http://10.1.2.3/secret.mp4' });
        res.end();
      } else if (req.url === '/to-metadata') {
        res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
        res.end();
      } else if (req.url === '/to-documentation') {
        res.writeHead(302, { location: 'http://192.0.2.1/clip.mp4' });
        res.end();
      } else if (req.url === '/big.mp4') {
        res.writeHead(200, { 'content-type': 'video/mp4' });
        res.end(Buffer.alloc(5000, 1));
      } else if (req.url === '/endless.mp4') {
        // No length announced and no end: only the cap, counted as bytes arrive, stops it.
        trickle(Buffer.alloc(512, 1), 5);
      } else if (req.url?.startsWith('/trickle.mp4')) {
        // One byte at a time, never idle long enough for an idle timeout.
        trickle(Buffer.alloc(1, 1), 50);
      } else if (req.url === '/silent.mp4') {
        res.on('close', () => cutOff.push(req.url ?? ''));
      } else {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<html>');
      }
    });
    await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => origin.close(resolve)));

  const options = { maxBytes: 2000, timeoutMs: 5000, accept: ['video/'] };
  const local = () => ({ ...options, allowLocal: allowLocalOrigins(base) });

  it('fetches from an allowed host and refuses redirects into special ranges without connecting', async () => {
    expect((await safeFetch(`${base}/clip.mp4`, local())).body).toHaveLength(1000);
    const before = hits;
    for (const hop of ['/to-private', '/to-metadata', '/to-documentation']) {
      await expect(safeFetch(`${base}${hop}`, local())).rejects.toMatchObject({
        code: 'forbidden',
      });
    }
    expect(hits).toBe(before + 3);
  });

  it.each([
    '127.0.0.1',
    'localhost',
    '192.0.2.1',
    '198.51.100.1',
    '203.0.113.1',
    '100.64.0.1',
    '198.18.0.1',
    '240.0.0.1',
    '[2001:db8::1]',
    '[::ffff:127.0.0.1]',
    '[64:ff9b::7f00:1]',
    '[fc00::1]',
    '[fe80::1]',
  ])('refuses http://%s without connecting', async (host) => {
    const port = new URL(base).port;
    const before = hits;
    await expect(
      safeFetch(`http://${host}:${port}/clip.mp4`, { ...options, timeoutMs: 2000 }),
    ).rejects.toMatchObject({ code: 'forbidden', status: 403 });
    expect(hits).toBe(before);
  });

  it('refuses what is not media, and a body past the cap as it streams in', async () => {
    await expect(safeFetch(`${base}/page`, local())).rejects.toMatchObject({
      code: 'unsupported_media_type',
    });
    await expect(safeFetch(`${base}/big.mp4`, local())).rejects.toMatchObject({
      code: 'payload_too_large',
    });
    await expect(safeFetch(`${base}/endless.mp4`, local())).rejects.toMatchObject({
      code: 'payload_too_large',
    });
  });

  it('ends a trickling body at the whole-request deadline, not at an idle timeout', async () => {
    await expect(
      safeFetch(`${base}/trickle.mp4`, { ...local(), maxBytes: 1_000_000, timeoutMs: 600 }),
    ).rejects.toMatchObject({ code: 'media_timeout', status: 504 });
    await expect(
      safeFetch(`${base}/silent.mp4`, { ...local(), timeoutMs: 300 }),
    ).rejects.toMatchObject({ code: 'media_timeout' });
  });

  it('stops fetching when its caller gives up', async () => {
    const caller = new AbortController();
    const fetching = safeFetch(`${base}/trickle.mp4?caller-leaves`, {
      ...local(),
      maxBytes: 1_000_000,
      timeoutMs: 60_000,
      signal: caller.signal,
    });
    setTimeout(() => caller.abort(), 100);
    await expect(fetching).rejects.toBeDefined();
    // The upstream sees its connection closed, long before the 60 s deadline.
    while (!cutOff.includes('/trickle.mp4?caller-leaves')) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  });
});
