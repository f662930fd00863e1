import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { diskFilesRoutes } from './disk-files-routes';
import { createDiskSignature, createDiskStorage } from './disk-storage';
import type { Storage } from './storage';
import { MAX_SIGNED_URL_TTL_SECONDS } from './storage';

const SECRET = 'route-secret';
const KEY = 'users/u1/avatars/pic.png';
const BODY = Buffer.from('0123456789abcdefghij');

let root: string;
let storage: Storage;
let app: FastifyInstance;

beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'hookreel-files-'));
  storage = createDiskStorage({ root, secret: SECRET, publicBaseUrl: 'http://localhost' });
  await storage.put(KEY, BODY, 'image/png');
  app = Fastify();
  await app.register(diskFilesRoutes, { storage, secret: SECRET });
  await app.ready();
});
afterEach(async () => {
  await app.close();
  await fs.rm(root, { recursive: true, force: true });
});

const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

describe('GET /files/*', () => {
  it('serves a signed file with its type and caching headers', async () => {
    const res = await app.inject({ method: 'GET', url: pathOf(await storage.signedUrl(KEY, 120)) });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(BODY)).toBe(true);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe('inline');
    const maxAge = Number(
      /^private, max-age=(\d+)$/.exec(String(res.headers['cache-control']))?.[1],
    );
    expect(maxAge).toBeGreaterThanOrEqual(119);
    expect(maxAge).toBeLessThanOrEqual(120);
    expect(res.headers['content-security-policy']).toContain('sandbox');
  });

  it('refuses a correctly signed link whose expiry lies beyond the longest lifetime', async () => {
    const farFuture = Math.floor(Date.now() / 1000) + MAX_SIGNED_URL_TTL_SECONDS + 3600;
    const sig = createDiskSignature(SECRET, KEY, farFuture);
    const res = await app.inject({
      method: 'GET',
      url: `/files/${KEY}?expires=${farFuture}&sig=${sig}`,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'Link expired or invalid', code: 'invalid_signature' });
    await expect(storage.signedUrl(KEY, MAX_SIGNED_URL_TTL_SECONDS + 1)).rejects.toThrow(
      RangeError,
    );
    const longest = await storage.signedUrl(KEY, MAX_SIGNED_URL_TTL_SECONDS);
    expect((await app.inject({ method: 'GET', url: pathOf(longest) })).statusCode).toBe(200);
  });

  it('answers HEAD and byte ranges', async () => {
    const url = pathOf(await storage.signedUrl(KEY));
    const head = await app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(BODY.length));

    const part = await app.inject({ method: 'GET', url, headers: { range: 'bytes=2-5' } });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('2345');
    expect(part.headers['content-range']).toBe(`bytes 2-5/${BODY.length}`);

    const tail = await app.inject({ method: 'GET', url, headers: { range: 'bytes=-3' } });
    expect(tail.body).toBe('hij');
    const open = await app.inject({ method: 'GET', url, headers: { range: 'bytes=18-' } });
    expect(open.body).toBe('ij');

    const beyond = await app.inject({ method: 'GET', url, headers: { range: 'bytes=99-' } });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${BODY.length}`);

    const multi = await app.inject({ method: 'GET', url, headers: { range: 'bytes=0-1,4-5' } });
    expect(multi.statusCode).toBe(200);
    expect(multi.rawPayload.equals(BODY)).toBe(true);
  });

  it('refuses an expired link with 403', async () => {
    const expires = Math.floor(Date.now() / 1000) - 1;
    const sig = createDiskSignature(SECRET, KEY, expires);
    const res = await app.inject({
      method: 'GET',
      url: `/files/${KEY}?expires=${expires}&sig=${sig}`,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'Link expired or invalid', code: 'invalid_signature' });
  });

  it('refuses tampered, unsigned and wrong-key links with 403', async () => {
    const url = new URL(await storage.signedUrl(KEY));
    const expires = url.searchParams.get('expires');
    const sig = url.searchParams.get('sig');
    for (const bad of [
      `/files/${KEY}?expires=${Number(expires) + 10}&sig=${sig}`,
      `/files/users/u2/avatars/pic.png?expires=${expires}&sig=${sig}`,
      `/files/${KEY}?expires=${expires}&sig=${sig}x`,
      `/files/${KEY}?expires=${expires}&sig=${sig}&sig=${sig}`,
      `/files/${KEY}`,
      `/files/..%2F..%2Fetc%2Fpasswd?expires=${expires}&sig=${sig}`,
    ]) {
      const res = await app.inject({ method: 'GET', url: bad });
      expect(res.statusCode, bad).toBe(403);
      expect(res.json()).toEqual({ error: 'Link expired or invalid', code: 'invalid_signature' });
    }
  });

  it('answers 404 for a validly signed link to a missing file', async () => {
    const url = pathOf(await storage.signedUrl('users/u1/avatars/gone.png'));
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'File not found', code: 'not_found' });
  });
});
