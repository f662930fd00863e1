import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownBucketUrlPrefix } from '../../config-adapters';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';
import { createMediaReader } from './media-proxy';

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
      if (req.url === '/clip.mp4' || req.url === '/hookreel/users/u1/clip.mp4') {
        res.writeHead(200, { 'content-type': 'video/mp4' });
        res.end(Buffer.alloc(1000, 1));
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
        // Documentation ranges the hand-written list of decision 027 missed (decision 065).
        'http://192.0.2.1/clip.mp4',
        'http://198.51.100.1/clip.mp4',
        'http://[2001:db8::1]/clip.mp4',
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

  it('reads our own bucket on the S3 server the operator named, even at a private address, and nothing else there', async () => {
    const bucket = ownBucketUrlPrefix({
      kind: 's3',
      bucket: 'hookreel',
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      forcePathStyle: true,
    });
    expect(bucket).toBe(`http://127.0.0.1:${port}/hookreel/`);
    const read = createMediaReader(t.app.ownMedia, t.config.appUrl, undefined, undefined, bucket);
    const clip = await read(`${bucket}users/u1/clip.mp4`, ['video/']);
    expect(clip).toMatchObject({ status: 200, contentType: 'video/mp4' });
    expect(clip.body).toHaveLength(1000);
    // The same server outside the bucket stays refused, as does every other private address.
    await expect(read(`http://127.0.0.1:${port}/clip.mp4`, ['video/'])).rejects.toMatchObject({
      code: 'forbidden',
    });
  });

  it('names the bucket by path or by host, and none for AWS itself', () => {
    const s3 = { kind: 's3', bucket: 'media', region: 'eu-west-1', forcePathStyle: false } as const;
    expect(ownBucketUrlPrefix({ ...s3, endpoint: 'https://files.example.com' })).toBe(
      'https://media.files.example.com/',
    );
    expect(
      ownBucketUrlPrefix({ ...s3, endpoint: 'http://minio:9000/', forcePathStyle: true }),
    ).toBe('http://minio:9000/media/');
    expect(ownBucketUrlPrefix(s3)).toBeNull();
    expect(ownBucketUrlPrefix({ kind: 'disk', root: '/tmp' })).toBeNull();
  });
});
