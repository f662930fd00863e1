import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';
import { privateAddresses, safeFetch } from './safe-fetch';

const b64 = (url: string) => Buffer.from(url).toString('base64');

describe('media proxies', () => {
  let t: TestApp;
  let origin: http.Server;
  let port: number;
  let hits = 0;
  beforeAll(async () => {
    t = await createTestApp();
    origin = http.createServer((req, res) => {
      hits++;
      if (req.url === '/clip.mp4') {
        res.writeHead(200, { 'content-type': 'video/mp4' });
        res.end(Buffer.alloc(1000, 1));
      } else if (req.url === '/to-private') {
        res.writeHead(302, { location: 'http://10.1.2.3/secret.mp4' });
        res.end();
      } else if (req.url === '/to-metadata') {
        res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
        res.end();
      } else if (req.url === '/big.mp4') {
        res.writeHead(200, { 'content-type': 'video/mp4' });
        res.end(Buffer.alloc(5000, 1));
      } else {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<html>');
      }
    });
    await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
    port = (origin.address() as AddressInfo).port;
  }, 180_000);
  afterAll(async () => {
    await t.close();
    await new Promise((r) => origin.close(r));
  });

  const proxy = (path: string, url: string) =>
    t.app.inject({ method: 'GET', url: `${path}/${encodeURIComponent(b64(url))}` });

  it.each(['/api/image-proxy/video-url/url', '/api/video-proxy/url'])(
    '%s refuses loopback, private, metadata, DNS names of loopback and non-http URLs',
    async (path) => {
      const before = hits;
      for (const url of [
        `http://127.0.0.1:${port}/clip.mp4`,
        `http://localhost:${port}/clip.mp4`,
        `http://[::1]:${port}/clip.mp4`,
        `http://[::ffff:127.0.0.1]:${port}/clip.mp4`,
        'http://10.0.0.5/clip.mp4',
        'http://169.254.169.254/latest/meta-data/',
        'file:///etc/passwd',
        'ftp://example.com/clip.mp4',
      ]) {
        const res = await proxy(path, url);
        expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, url).toBeLessThan(500);
        expect(res.json().code, url).toBeDefined();
      }
      expect(hits).toBe(before);
    },
  );

  it('serves our own stored media directly', async () => {
    await t.storage.put('users/u1/clip.mp4', Buffer.alloc(64, 7), 'video/mp4');
    const signed = await t.storage.signedUrl('users/u1/clip.mp4');
    const res = await proxy('/api/video-proxy/url', signed);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.rawPayload).toHaveLength(64);
    const forged = await proxy('/api/video-proxy/url', signed.replace(/sig=[^&]+/, 'sig=bad'));
    expect(forged.statusCode).toBe(404);
    // Our origin's other routes are never fetched through the proxy (some trust loopback).
    const internal = await proxy('/api/video-proxy/url', 'http://localhost:3999/dev/mail');
    expect(internal.statusCode).toBe(403);
  });

  describe('the guard itself (a local origin counted as public, to reach redirects)', () => {
    // Everything private except 127.0.0.1, which stands in for a public host here.
    const blocked = privateAddresses();
    const allowLoopback = new net.BlockList();
    for (const [a, p] of [
      ['10.0.0.0', 8],
      ['169.254.0.0', 16],
      ['192.168.0.0', 16],
      ['172.16.0.0', 12],
    ] as const) {
      allowLoopback.addSubnet(a, p, 'ipv4');
    }
    const options = { maxBytes: 2000, timeoutMs: 5000, accept: ['video/'] };

    it('fetches a public video and refuses redirects into private ranges without connecting', async () => {
      const ok = await safeFetch(`http://127.0.0.1:${port}/clip.mp4`, {
        ...options,
        blocked: allowLoopback,
      });
      expect(ok.body).toHaveLength(1000);
      for (const hop of ['/to-private', '/to-metadata']) {
        await expect(
          safeFetch(`http://127.0.0.1:${port}${hop}`, { ...options, blocked: allowLoopback }),
        ).rejects.toMatchObject({ code: 'forbidden' });
      }
      await expect(
        safeFetch(`http://127.0.0.1:${port}/clip.mp4`, { ...options, blocked }),
      ).rejects.toMatchObject({ code: 'forbidden' });
    });

    it('stops at the size limit and refuses what is not media', async () => {
      await expect(
        safeFetch(`http://127.0.0.1:${port}/big.mp4`, { ...options, blocked: allowLoopback }),
      ).rejects.toMatchObject({ code: 'payload_too_large' });
      await expect(
        safeFetch(`http://127.0.0.1:${port}/page`, { ...options, blocked: allowLoopback }),
      ).rejects.toMatchObject({ code: 'unsupported_media_type' });
    });
  });
});
