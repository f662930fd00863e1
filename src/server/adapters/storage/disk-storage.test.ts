import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDiskSignature, createDiskStorage, verifyDiskSignature } from './disk-storage';
import { InvalidStorageKeyError, isValidKey } from './storage';

const SECRET = 'test-secret';

let root: string;
beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'hookreel-disk-'));
});
afterEach(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

const makeStorage = () =>
  createDiskStorage({ root, secret: SECRET, publicBaseUrl: 'http://localhost:3000/' });

describe('createDiskStorage', () => {
  it('describes itself with the absolute root', () => {
    expect(makeStorage().describe).toBe(`storage: disk at ${path.resolve(root)}`);
  });

  it('round-trips bytes and content type, then deletes', async () => {
    const storage = makeStorage();
    const key = 'users/u1/avatars/3f2a.png';
    const body = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]);

    await expect(storage.put(key, body, 'image/png')).resolves.toEqual({
      key,
      contentType: 'image/png',
      size: body.length,
    });
    const got = await storage.get(key);
    expect(got?.contentType).toBe('image/png');
    expect(got?.body.equals(body)).toBe(true);
    expect((await fs.readFile(path.join(root, key))).equals(body)).toBe(true);

    await storage.put(key, Buffer.from('second'), 'text/plain; charset=utf-8');
    expect(await storage.get(key)).toEqual({
      body: Buffer.from('second'),
      contentType: 'text/plain; charset=utf-8',
    });

    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it('leaves no temporary files behind', async () => {
    const storage = makeStorage();
    await storage.put('a/b.bin', Buffer.from('x'), 'application/octet-stream');
    expect(await fs.readdir(path.join(root, '.tmp'))).toEqual([]);
  });

  it('returns null for missing keys, including folder-like prefixes', async () => {
    const storage = makeStorage();
    expect(await storage.get('nothing/here.png')).toBeNull();
    await storage.put('folder/file.txt', Buffer.from('x'), 'text/plain');
    expect(await storage.get('folder')).toBeNull();
    expect(await storage.get('folder/file.txt/below')).toBeNull();
  });

  it('falls back to octet-stream when the sidecar is lost', async () => {
    const storage = makeStorage();
    await storage.put('k.png', Buffer.from('x'), 'image/png');
    await fs.rm(path.join(root, '.meta', 'k.png.json'));
    expect((await storage.get('k.png'))?.contentType).toBe('application/octet-stream');
  });

  it.each([
    '',
    '/etc/passwd',
    '../outside.txt',
    'users/../../outside.txt',
    'users/..',
    'a//b',
    'a/',
    './a',
    '.meta/k.png.json',
    'a\\b',
    'a b',
    'a%2e%2e/b',
    'naïve.png',
    'x'.repeat(1025),
  ])('rejects the key %j', async (key) => {
    const storage = makeStorage();
    expect(isValidKey(key)).toBe(false);
    await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(
      InvalidStorageKeyError,
    );
    await expect(storage.get(key)).rejects.toThrow(InvalidStorageKeyError);
    await expect(storage.delete(key)).rejects.toThrow(InvalidStorageKeyError);
    await expect(storage.signedUrl(key)).rejects.toThrow(InvalidStorageKeyError);
  });

  it('rejects content types that could break a header', async () => {
    const storage = makeStorage();
    await expect(storage.put('k', Buffer.from('x'), 'text/plain\r\nX-Evil: 1')).rejects.toThrow();
    await expect(storage.put('k', Buffer.from('x'), '')).rejects.toThrow();
  });

  it('signs URLs under /files with an expiry and an HMAC', async () => {
    const storage = makeStorage();
    const before = Math.floor(Date.now() / 1000);
    const url = new URL(await storage.signedUrl('users/u1/a.png', 60));
    expect(url.origin).toBe('http://localhost:3000');
    expect(url.pathname).toBe('/files/users/u1/a.png');
    const expires = Number(url.searchParams.get('expires'));
    expect(expires).toBeGreaterThanOrEqual(before + 60);
    expect(expires).toBeLessThanOrEqual(before + 61);
    const sig = url.searchParams.get('sig') ?? '';
    expect(sig).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(verifyDiskSignature(SECRET, 'users/u1/a.png', String(expires), sig)).toBe(true);
  });

  it('uses a one hour lifetime by default and refuses nonsense lifetimes', async () => {
    const storage = makeStorage();
    const url = new URL(await storage.signedUrl('a.png'));
    const expires = Number(url.searchParams.get('expires'));
    expect(expires - Math.floor(Date.now() / 1000)).toBeGreaterThanOrEqual(3599);
    await expect(storage.signedUrl('a.png', 0)).rejects.toThrow(RangeError);
    await expect(storage.signedUrl('a.png', 1.5)).rejects.toThrow(RangeError);
  });
});

describe('verifyDiskSignature', () => {
  const key = 'users/u1/a.png';
  const now = 1_700_000_000_000;
  const expires = now / 1000 + 300;
  const sig = createDiskSignature(SECRET, key, expires);

  it('accepts a valid, unexpired signature as number or string', () => {
    expect(verifyDiskSignature(SECRET, key, expires, sig, now)).toBe(true);
    expect(verifyDiskSignature(SECRET, key, String(expires), sig, now)).toBe(true);
  });

  it('rejects once expired', () => {
    expect(verifyDiskSignature(SECRET, key, expires, sig, expires * 1000)).toBe(false);
    expect(verifyDiskSignature(SECRET, key, expires, sig, expires * 1000 + 1)).toBe(false);
  });

  it('rejects tampering with the key, expiry, signature or secret', () => {
    expect(verifyDiskSignature(SECRET, 'users/u2/a.png', expires, sig, now)).toBe(false);
    expect(verifyDiskSignature(SECRET, key, expires + 1, sig, now)).toBe(false);
    const flipped = (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1);
    expect(verifyDiskSignature(SECRET, key, expires, flipped, now)).toBe(false);
    expect(verifyDiskSignature(SECRET, key, expires, sig.slice(1), now)).toBe(false);
    expect(verifyDiskSignature(SECRET, key, expires, '', now)).toBe(false);
    expect(verifyDiskSignature('other-secret', key, expires, sig, now)).toBe(false);
  });

  it('rejects other spellings of the expiry and invalid keys', () => {
    for (const spelling of [` ${expires}`, `${expires}.0`, `0x${expires.toString(16)}`, '']) {
      expect(verifyDiskSignature(SECRET, key, spelling, sig, now)).toBe(false);
    }
    const badKey = '../a.png';
    expect(
      verifyDiskSignature(
        SECRET,
        badKey,
        expires,
        createDiskSignature(SECRET, badKey, expires),
        now,
      ),
    ).toBe(false);
  });
});
