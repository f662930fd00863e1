import { createHash, randomBytes } from 'node:crypto';

/** The sandbox stores only this digest of codes and tokens: its tables yield nothing usable. */
export const hashSecret = (value: string): string =>
  createHash('sha256').update(value).digest('hex');

/** A random token with TikTok's prefixes (`act.`, `rft.`); 32 bytes of entropy. */
export const newSecret = (prefix: string): string =>
  `${prefix}${randomBytes(32).toString('base64url')}`;
