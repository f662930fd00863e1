import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Stable image URLs (decision 009). Drafts and campaign items keep slide imageUrls for months,
 * so these never expire: `/media/carousel/{id}.jpg` for library images (public), the same with
 * `?k={capability}` for a user's own upload (an HMAC of the id: unguessable, no bearer needed,
 * since <img> and canvas cannot send one). Relative, so they survive a change of APP_URL.
 */

export const MEDIA_PREFIX = '/media/carousel/';

const ID = /^[A-Za-z0-9_-]{1,80}$/;
const FILE = /^([A-Za-z0-9_-]{1,80})(-thumb\.webp|\.jpg)$/;

// A purpose-bound key: these MACs can never collide with another HMAC of the app secret.
const capabilityKey = (secret: string) =>
  createHmac('sha256', secret).update('hookreel:carousel-image:capability:v1').digest();

/** 128 bits of HMAC, base64url. */
export const imageCapability = (secret: string, id: string) =>
  createHmac('sha256', capabilityKey(secret)).update(id).digest('base64url').slice(0, 22);

export const verifyImageCapability = (secret: string, id: string, given: unknown): boolean => {
  if (typeof given !== 'string' || !ID.test(id)) return false;
  const expected = Buffer.from(imageCapability(secret, id));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
};

export const libraryImageUrl = (id: string) => `${MEDIA_PREFIX}${id}.jpg`;
export const libraryThumbUrl = (id: string) => `${MEDIA_PREFIX}${id}-thumb.webp`;
export const userImageUrl = (secret: string, id: string) =>
  `${MEDIA_PREFIX}${id}.jpg?k=${imageCapability(secret, id)}`;

export type MediaFile = { id: string; variant: 'image' | 'thumb' };

/** `{id}.jpg` or `{id}-thumb.webp`; anything else is not one of ours. */
export const parseMediaFile = (file: string): MediaFile | null => {
  const match = FILE.exec(file);
  if (!match?.[1]) return null;
  return { id: match[1], variant: match[2] === '.jpg' ? 'image' : 'thumb' };
};

/**
 * Reads one of our image URLs back (relative, or absolute on any origin) so the server can load
 * the bytes from storage itself, e.g. to render slides. Returns null for any other URL.
 */
export const parseCarouselImageUrl = (
  url: string,
): { file: MediaFile; capability: string | null } | null => {
  let parsed: URL;
  try {
    parsed = new URL(url, 'http://local.invalid');
  } catch {
    return null;
  }
  if (!parsed.pathname.startsWith(MEDIA_PREFIX)) return null;
  const file = parseMediaFile(parsed.pathname.slice(MEDIA_PREFIX.length));
  return file ? { file, capability: parsed.searchParams.get('k') } : null;
};
