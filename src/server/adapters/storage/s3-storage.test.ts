import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage } from './create-storage';
import type { FakeS3Server } from '../../testing/fakes/fake-s3-server';
import { startFakeS3Server } from '../../testing/fakes/fake-s3-server';
import { createS3Storage } from './s3-storage';
import type { Storage } from './storage';
import { InvalidStorageKeyError } from './storage';

let fake: FakeS3Server;
let storage: Storage;

beforeAll(async () => {
  fake = await startFakeS3Server();
  storage = createS3Storage({
    kind: 's3',
    bucket: 'hookreel-test',
    region: 'auto',
    endpoint: fake.endpoint,
    accessKeyId: 'test-access-key',
    secretAccessKey: 'test-secret-key',
    forcePathStyle: true,
  });
});
afterAll(async () => {
  await fake.close();
});

describe('createS3Storage against a local S3-compatible server', () => {
  it('describes the bucket and endpoint', () => {
    expect(storage.describe).toBe(`storage: s3 bucket hookreel-test at ${fake.endpoint}`);
  });

  it('puts, gets and deletes objects with path-style addressing', async () => {
    const key = 'users/u1/avatars/abc.png';
    const body = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff]);
    await expect(storage.put(key, body, 'image/png')).resolves.toEqual({
      key,
      contentType: 'image/png',
      size: body.length,
    });
    const stored = fake.objects.get(`hookreel-test/${key}`);
    expect(stored?.body.equals(body)).toBe(true);
    expect(stored?.contentType).toBe('image/png');
    expect(fake.requests.at(-1)).toMatchObject({ method: 'PUT', bucket: 'hookreel-test', key });

    const got = await storage.get(key);
    expect(got?.contentType).toBe('image/png');
    expect(got?.body.equals(body)).toBe(true);

    await storage.delete(key);
    expect(fake.objects.has(`hookreel-test/${key}`)).toBe(false);
    expect(await storage.get(key)).toBeNull();
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it('returns null for a key that never existed', async () => {
    expect(await storage.get('users/u1/never.png')).toBeNull();
  });

  it('presigns a GET URL that a plain fetch can load', async () => {
    const key = 'users/u1/videos/clip.mp4';
    await storage.put(key, Buffer.from('fake mp4 bytes'), 'video/mp4');
    const url = await storage.signedUrl(key, 120);
    const parsed = new URL(url);
    expect(parsed.origin).toBe(fake.endpoint);
    expect(parsed.pathname).toBe(`/hookreel-test/${key}`);
    expect(parsed.searchParams.get('X-Amz-Expires')).toBe('120');

    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('video/mp4');
    expect(await res.text()).toBe('fake mp4 bytes');
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', key, presigned: true });
  });

  it('is refused by the fake without a signature', async () => {
    const res = await fetch(`${fake.endpoint}/hookreel-test/users/u1/videos/clip.mp4`);
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('<Code>AccessDenied</Code>');
  });

  it('validates keys before calling out', async () => {
    const before = fake.requests.length;
    await expect(storage.put('../x', Buffer.from('x'), 'text/plain')).rejects.toThrow(
      InvalidStorageKeyError,
    );
    await expect(storage.signedUrl('/abs')).rejects.toThrow(InvalidStorageKeyError);
    expect(fake.requests.length).toBe(before);
  });
});

describe('createStorage', () => {
  it('picks the driver from the config', () => {
    const disk = createStorage(
      { kind: 'disk', root: '/tmp/hookreel-storage' },
      { secret: 's', appUrl: 'http://localhost:3000' },
    );
    expect(disk.describe).toBe('storage: disk at /tmp/hookreel-storage');
    const s3 = createStorage(
      {
        kind: 's3',
        bucket: 'media',
        region: 'auto',
        endpoint: 'https://key:secret@account.r2.cloudflarestorage.com',
        forcePathStyle: false,
      },
      { secret: 's', appUrl: 'http://localhost:3000' },
    );
    expect(s3.describe).toBe(
      'storage: s3 bucket media at https://account.r2.cloudflarestorage.com',
    );
  });
});
