import { createHash, randomBytes } from 'node:crypto';

/** RFC 7636 §4.1: 43–128 characters from the unreserved set. */
export const PKCE_VERIFIER_FORM = /^[A-Za-z0-9._~-]{43,128}$/;

/**
 * TikTok's S256 challenge: the SHA-256 of the verifier written as lowercase hex, as TikTok's
 * Login Kit for Desktop documents it, not RFC 7636's base64url (decision 056). The sandbox checks
 * the same encoding, so a change here is a change to both.
 */
export const pkceChallenge = (verifier: string) =>
  createHash('sha256').update(verifier, 'ascii').digest('hex');

/** A fresh verifier (64 base64url characters from 48 random bytes) and its challenge. */
export const newPkcePair = () => {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: pkceChallenge(verifier) };
};
