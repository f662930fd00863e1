import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The stable URL of a finished render (decision 033): `{APP_URL}/media/renders/{id}.mp4?k=…`,
 * where `k` is a 128-bit HMAC of the id. It never expires while the render exists, needs no
 * bearer (a <video> tag, a new tab and TikTok's servers cannot send one) and cannot be derived
 * from the id. Absolute, because TikTok pulls it and the editor opens it in a new tab.
 */
export const RENDER_MEDIA_PREFIX = '/media/renders/';

const ID = /^[0-9a-f-]{36}$/;

const capabilityKey = (secret: string) =>
  createHmac('sha256', secret).update('hookreel:render-output:capability:v1').digest();

export const renderCapability = (secret: string, id: string) =>
  createHmac('sha256', capabilityKey(secret)).update(id).digest('base64url').slice(0, 22);

export const verifyRenderCapability = (secret: string, id: string, given: unknown): boolean => {
  if (typeof given !== 'string' || !ID.test(id)) return false;
  const expected = Buffer.from(renderCapability(secret, id));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
};

export const renderOutputUrl = (appUrl: string, secret: string, id: string) =>
  `${appUrl}${RENDER_MEDIA_PREFIX}${id}.mp4?k=${renderCapability(secret, id)}`;

export const renderOutputKey = (userId: string, id: string) => `users/${userId}/renders/${id}.mp4`;
