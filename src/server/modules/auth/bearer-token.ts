import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The session token a bearer header carries, or null when the header must be refused.
 * better-auth hands out the bare session token (sign-in body) and the signed cookie value
 * `token.signature` (set-auth-token header), the signature being HMAC-SHA256 of the token
 * with the app secret. A token with a dot is accepted only when its signature is exactly
 * right, like better-auth's own bearer plugin does (decision 019).
 */
export const sessionTokenFromBearer = (
  authorization: string | undefined,
  secret: string,
): string | null => {
  if (!authorization || authorization.slice(0, 7).toLowerCase() !== 'bearer ') return null;
  let value = authorization.slice(7).trim();
  if (value.includes('%')) {
    try {
      value = decodeURIComponent(value);
    } catch {
      return null;
    }
  }
  const dot = value.indexOf('.');
  if (dot === -1) return value || null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (!token || !signature) return null;
  const digest = createHmac('sha256', secret).update(token).digest();
  // Both spellings better-auth may produce; compared whole, so no extra character slips by.
  const accepted = [digest.toString('base64'), digest.toString('base64url')];
  const given = Buffer.from(signature);
  const ok = accepted.some((a) => {
    const expected = Buffer.from(a);
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  return ok ? token : null;
};
