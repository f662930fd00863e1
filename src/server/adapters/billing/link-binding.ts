import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Binds a local checkout or portal link to the browser of the user who asked for it. The API
 * call that makes the link (bearer-authenticated) also sets this cookie; the pages, reached by
 * plain navigation without the bearer token, answer only a browser that carries it. A link that
 * leaks (history, a shared screen, another user's hands) is then of no use elsewhere.
 */
const COOKIE = 'hookreel_billing_link';

/** Checkout and portal links live an hour and serve one purchase or one change. */
export const LOCAL_LINK_TTL_MS = 60 * 60 * 1000;

// A purpose-bound key: this HMAC never matches another one made with the app secret.
const bindingOf = (secret: string, token: string) => {
  const key = createHmac('sha256', secret)
    .update('hookreel:local-billing:link-binding:v1')
    .digest();
  return createHmac('sha256', key).update(token).digest('base64url');
};

export const bindingCookie = (secret: string, token: string, appUrl: string) =>
  [
    `${COOKIE}=${bindingOf(secret, token)}`,
    'Path=/billing',
    `Max-Age=${Math.floor(LOCAL_LINK_TTL_MS / 1000)}`,
    'HttpOnly',
    // Lax: sent on the top-level navigation to the page and on its same-site form posts.
    'SameSite=Lax',
    ...(appUrl.startsWith('https:') ? ['Secure'] : []),
  ].join('; ');

const cookieValue = (header: string | undefined): string | null => {
  for (const part of (header ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === COOKIE) return value.join('=');
  }
  return null;
};

export const isBoundToThisBrowser = (
  secret: string,
  token: string,
  cookieHeader: string | undefined,
): boolean => {
  const given = Buffer.from(cookieValue(cookieHeader) ?? '');
  const expected = Buffer.from(bindingOf(secret, token));
  return given.length === expected.length && timingSafeEqual(given, expected);
};
