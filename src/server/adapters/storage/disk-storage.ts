import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Storage, StoredObject } from './storage';
import {
  assertValidContentType,
  assertValidKey,
  assertValidTtl,
  DEFAULT_SIGNED_URL_TTL_SECONDS,
  isValidContentType,
  MAX_SIGNED_URL_TTL_SECONDS,
  isValidKey,
} from './storage';

export type DiskStorageOptions = {
  root: string;
  /** The app secret; signed URLs use a key derived from it, never the secret itself. */
  secret: string;
  /** Origin (and optional path prefix) the `/files/*` route is served under. */
  publicBaseUrl: string;
};

// Dot-directories cannot be reached by a valid key (see isValidKey), so bookkeeping lives there.
const META_DIR = '.meta';
const TMP_DIR = '.tmp';
const FALLBACK_CONTENT_TYPE = 'application/octet-stream';

// A purpose-bound key keeps these signatures from ever matching another HMAC made with the app
// secret (cookies, tokens) over attacker-chosen input.
const signingKey = (secret: string): Buffer =>
  createHmac('sha256', secret).update('hookreel:disk-storage:signed-url:v1').digest();

export const createDiskSignature = (secret: string, key: string, expires: number): string =>
  createHmac('sha256', signingKey(secret)).update(`${key}\n${expires}`).digest('base64url');

/**
 * True when `sig` was made for this key and expiry with this secret and the expiry (unix seconds)
 * is still in the future but no further than the longest lifetime a link may have. Query-string
 * values can be passed as they arrive.
 */
export const verifyDiskSignature = (
  secret: string,
  key: string,
  expires: number | string,
  sig: string,
  nowMs: number = Date.now(),
): boolean => {
  if (!isValidKey(key) || typeof sig !== 'string') return false;
  const expiresAt = typeof expires === 'string' ? parseExpires(expires) : expires;
  if (expiresAt === null || !Number.isSafeInteger(expiresAt)) return false;
  if (expiresAt * 1000 <= nowMs) return false;
  // A minute of slack for a link signed by another server whose clock runs a little ahead.
  if (expiresAt * 1000 > nowMs + (MAX_SIGNED_URL_TTL_SECONDS + 60) * 1000) return false;
  const expected = Buffer.from(createDiskSignature(secret, key, expiresAt));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
};

// Only plain digits: `Number()` would also accept "1e10", " 12", "0x1f", giving one signature many
// spellings.
const parseExpires = (value: string): number | null =>
  /^[0-9]{1,15}$/.test(value) ? Number(value) : null;

const isMissing = (error: unknown): boolean => {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  // EISDIR/ENOTDIR: the key names a "folder" of other keys, or runs through a file; either way
  // there is no object under it.
  return code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR';
};

export const createDiskStorage = ({ root, secret, publicBaseUrl }: DiskStorageOptions): Storage => {
  const absRoot = path.resolve(root);
  const baseUrl = publicBaseUrl.replace(/\/+$/, '');
  const filePath = (key: string) => path.join(absRoot, key);
  const metaPath = (key: string) => path.join(absRoot, META_DIR, `${key}.json`);

  const writeAtomically = async (target: string, data: Buffer | string): Promise<void> => {
    await fs.mkdir(path.dirname(target), { recursive: true });
    const tmpDir = path.join(absRoot, TMP_DIR);
    await fs.mkdir(tmpDir, { recursive: true });
    const tmp = path.join(tmpDir, `${randomUUID()}.tmp`);
    try {
      await fs.writeFile(tmp, data);
      await fs.rename(tmp, target);
    } catch (error) {
      await fs.rm(tmp, { force: true });
      throw error;
    }
  };

  return {
    describe: `storage: disk at ${absRoot}`,

    put: async (key, body, contentType): Promise<StoredObject> => {
      assertValidKey(key);
      assertValidContentType(contentType);
      // Metadata first: a reader racing a first write then sees "missing" rather than the bytes
      // with the wrong content type.
      await writeAtomically(metaPath(key), JSON.stringify({ contentType }));
      await writeAtomically(filePath(key), body);
      return { key, contentType, size: body.length };
    },

    get: async (key) => {
      assertValidKey(key);
      let body: Buffer;
      try {
        body = await fs.readFile(filePath(key));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      return { body, contentType: await readContentType(metaPath(key)) };
    },

    delete: async (key) => {
      assertValidKey(key);
      for (const target of [filePath(key), metaPath(key)]) {
        try {
          await fs.rm(target);
        } catch (error) {
          if (!isMissing(error)) throw error;
        }
      }
    },

    signedUrl: async (key, ttlSeconds = DEFAULT_SIGNED_URL_TTL_SECONDS) => {
      assertValidKey(key);
      assertValidTtl(ttlSeconds);
      const expires = Math.floor(Date.now() / 1000) + ttlSeconds;
      const sig = createDiskSignature(secret, key, expires);
      return `${baseUrl}/files/${key}?expires=${expires}&sig=${sig}`;
    },
  };
};

const readContentType = async (file: string): Promise<string> => {
  try {
    const meta: unknown = JSON.parse(await fs.readFile(file, 'utf8'));
    if (meta && typeof meta === 'object' && 'contentType' in meta) {
      const { contentType } = meta;
      if (typeof contentType === 'string' && isValidContentType(contentType)) return contentType;
    }
  } catch {
    // A lost or damaged sidecar should not make the file itself unreadable.
  }
  return FALLBACK_CONTENT_TYPE;
};
