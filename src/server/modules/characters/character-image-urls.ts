import { createHmac, timingSafeEqual } from 'node:crypto';
import { CHARACTER_MEDIA_PREFIX } from '#contract/characters';

/**
 * Stable URLs of generated character images, the way decision 009 does a user's carousel
 * images: `/media/characters/{id}.jpg?k={capability}`, the capability a 128-bit HMAC of the id
 * under a key of its own. Drafts keep the URL as `assets.selectedCharacter` for months, <img>
 * and <video> cannot send a bearer token, and the renderer reads it back by id.
 */

const ID = /^[A-Za-z0-9_-]{1,80}$/;
const FILE = /^([A-Za-z0-9_-]{1,80})\.(jpg|mp4)$/;

const capabilityKey = (secret: string) =>
  createHmac('sha256', secret).update('hookreel:character-image:capability:v1').digest();

export const characterCapability = (secret: string, id: string) =>
  createHmac('sha256', capabilityKey(secret)).update(id).digest('base64url').slice(0, 22);

export const verifyCharacterCapability = (secret: string, id: string, given: unknown) => {
  if (typeof given !== 'string' || !ID.test(id)) return false;
  const expected = Buffer.from(characterCapability(secret, id));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
};

export const characterImageUrl = (secret: string, id: string) =>
  `${CHARACTER_MEDIA_PREFIX}${id}.jpg?k=${characterCapability(secret, id)}`;

/** The clip the motion step made of the same generation: the same capability, `.mp4`. */
export const characterClipUrl = (secret: string, id: string) =>
  `${CHARACTER_MEDIA_PREFIX}${id}.mp4?k=${characterCapability(secret, id)}`;

/** `{id}.jpg` (the still) or `{id}.mp4` (its clip), or null for anything else. */
export const parseCharacterMediaFile = (
  file: string,
): { id: string; kind: 'image' | 'clip' } | null => {
  const m = FILE.exec(file);
  return m ? { id: m[1]!, kind: m[2] === 'mp4' ? 'clip' : 'image' } : null;
};

/** `{id}.jpg`, or null for anything else. */
export const parseCharacterFile = (file: string): string | null => {
  const parsed = parseCharacterMediaFile(file);
  return parsed?.kind === 'image' ? parsed.id : null;
};

/**
 * Reads a generated image's URL back (relative, or absolute on any origin): its id and the
 * capability it carries, or null for any other URL.
 */
export const parseCharacterImageUrl = (
  url: string,
): { id: string; capability: string | null } | null => {
  let parsed: URL;
  try {
    parsed = new URL(url, 'http://local.invalid');
  } catch {
    return null;
  }
  if (!parsed.pathname.startsWith(CHARACTER_MEDIA_PREFIX)) return null;
  const id = parseCharacterFile(parsed.pathname.slice(CHARACTER_MEDIA_PREFIX.length));
  return id ? { id, capability: parsed.searchParams.get('k') } : null;
};
