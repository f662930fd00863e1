import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { TikTokApi, TikTokTokenSet, TikTokUser } from '../../adapters/tiktok/tiktok-api';
import { REQUESTED_SCOPES, REQUIRED_SCOPES } from '../../adapters/tiktok/tiktok-api';
import { newPkcePair } from '../../adapters/tiktok/tiktok-pkce';
import type { Database } from '../../db/client';
import type { TikTokAccounts } from './tiktok-accounts-service';
import type { ReturnTo } from './tiktok-auth-repo';
import { consumeGrant, deleteStaleGrants, insertGrant } from './tiktok-auth-repo';
import { tiktokFailureFields } from './tiktok-errors';

/** The login ticket rides in a URL the browser opens at once: 2 minutes is plenty. */
export const TICKET_TTL_MS = 2 * 60 * 1000;
/** The user may take a while on TikTok's consent screen. */
export const STATE_TTL_MS = 10 * 60 * 1000;

export const CALLBACK_PAGE = '/app/tiktok-callback';
export const SETTINGS_PAGE = '/settings?tab=tiktok';

const newSecret = () => randomBytes(32).toString('base64url');
const hash = (secret: string) => createHash('sha256').update(secret).digest('hex');

/**
 * The cookie that ties a connection to the browser of the seller who asked for it (decision 055).
 * HttpOnly: no script needs it. SameSite=Lax: TikTok's redirect back is a top-level GET, which
 * carries Lax cookies. Scoped to the three auth routes; it is no credential, only a restriction.
 */
export const BROWSER_COOKIE = 'hookreel_tiktok_connect';
export const BROWSER_COOKIE_PATH = '/api/tiktok/auth';
const NONCE_FORM = /^[A-Za-z0-9_-]{43}$/;

/** The browser's nonce, as a `Set-Cookie` to send with the answer. */
export type BrowserNonce = { value: string; maxAgeSeconds: number };

const sameHash = (nonce: string, expected: string | null) =>
  expected !== null &&
  NONCE_FORM.test(nonce) &&
  timingSafeEqual(Buffer.from(hash(nonce)), Buffer.from(expected));

/**
 * Where the browser is sent after the callback (docs/product/publishing.md rule 1: callback page or
 * Settings toasts).
 */
const landing = (
  returnTo: ReturnTo,
  outcome: { error: string } | { code: string; state: string },
) => {
  if (returnTo === 'settings') {
    return `${SETTINGS_PAGE}&${'error' in outcome ? 'tiktok_error=true' : 'tiktok_connected=true'}`;
  }
  return `${CALLBACK_PAGE}?${new URLSearchParams(outcome).toString()}`;
};

export const createTikTokConnect = ({
  db,
  api,
  accounts,
  log,
}: {
  db: Database;
  api: TikTokApi;
  accounts: TikTokAccounts;
  log: FastifyBaseLogger;
}) => {
  /**
   * An authenticated call mints the ticket the full-page login navigation carries instead of a
   * bearer. The answer also sets the browser's nonce cookie: this call is the one moment we know
   * the browser belongs to the signed-in seller, so the ticket (and later the state) works only in
   * it. A browser that already holds a nonce keeps it, so two tabs can connect at once.
   */
  const createTicket = async (
    userId: string,
    { addAnother = false, returnTo }: { addAnother?: boolean; returnTo?: ReturnTo },
    browserNonce: string | undefined,
  ): Promise<{ url: string; nonce: BrowserNonce }> => {
    await deleteStaleGrants(db);
    const ticket = newSecret();
    const nonce = browserNonce && NONCE_FORM.test(browserNonce) ? browserNonce : newSecret();
    await insertGrant(db, {
      tokenHash: hash(ticket),
      userId,
      kind: 'ticket',
      addAnother,
      returnTo: returnTo ?? (addAnother ? 'settings' : 'app'),
      ttlMs: TICKET_TTL_MS,
      browserNonceHash: hash(nonce),
    });
    return {
      url: `/api/tiktok/auth/login?${new URLSearchParams({ ticket }).toString()}`,
      nonce: { value: nonce, maxAgeSeconds: STATE_TTL_MS / 1000 },
    };
  };

  /**
   * Trades the ticket for an OAuth `state` bound to its user and to this browser; the answer is
   * where to send the browser. A ticket opened in another browser (a link passed on) is spent and
   * goes nowhere: whoever opens it would otherwise connect their TikTok to the ticket's owner.
   */
  const startLogin = async (
    ticket: string | undefined,
    browserNonce: string | undefined,
  ): Promise<{ location: string; nonce?: BrowserNonce }> => {
    const grant = ticket ? await consumeGrant(db, hash(ticket), 'ticket') : undefined;
    if (!grant) {
      return {
        location: landing('app', { error: ticket ? 'login_link_expired' : 'sign_in_required' }),
      };
    }
    if (browserNonce === undefined || !sameHash(browserNonce, grant.browserNonceHash)) {
      log.warn({ userId: grant.userId }, 'tiktok: login ticket opened in another browser; refused');
      return { location: landing('app', { error: 'other_browser' }) };
    }
    const state = newSecret();
    const pkce = newPkcePair();
    await insertGrant(db, {
      tokenHash: hash(state),
      userId: grant.userId,
      kind: 'state',
      addAnother: grant.addAnother,
      returnTo: grant.returnTo,
      ttlMs: STATE_TTL_MS,
      browserNonceHash: hash(browserNonce),
      codeVerifier: pkce.verifier,
    });
    return {
      location: api.authorizeUrl({
        state,
        scopes: REQUESTED_SCOPES,
        disableAutoAuth: grant.addAnother,
        codeChallenge: pkce.challenge,
      }),
      // Sent again as the browser leaves for TikTok, so it outlives the consent screen.
      nonce: { value: browserNonce, maxAgeSeconds: STATE_TTL_MS / 1000 },
    };
  };

  /**
   * TikTok's redirect. The state must be one we issued, unused and unexpired, and the browser the
   * one that started; only then is the code exchanged, the granted scopes checked and the account
   * saved for the state's user.
   */
  const finishLogin = async (
    query: {
      code?: string;
      state?: string;
      error?: string;
      scopes?: string;
    },
    browserNonce: string | undefined,
  ): Promise<string> => {
    const grant = query.state ? await consumeGrant(db, hash(query.state), 'state') : undefined;
    if (!grant) {
      log.warn('tiktok: callback with an unknown, used or expired state; nothing stored');
      return landing('app', { error: 'invalid_state' });
    }
    // Login CSRF (issue 22): a state carried to another browser would connect that browser's
    // TikTok account to the state's owner. The code is never exchanged, so nothing is granted
    // to anyone; the state is spent. The other browser is not the owner's: the callback page.
    if (browserNonce === undefined || !sameHash(browserNonce, grant.browserNonceHash)) {
      log.warn({ userId: grant.userId }, 'tiktok: callback in another browser; nothing stored');
      return landing('app', { error: 'other_browser' });
    }
    if (query.error || !query.code) {
      log.info({ error: query.error, userId: grant.userId }, 'tiktok: authorization not given');
      return landing(grant.returnTo, { error: query.error || 'missing_code' });
    }
    let tokens: TikTokTokenSet;
    try {
      tokens = await api.exchangeCode(query.code, grant.codeVerifier ?? '');
    } catch (error) {
      log.warn(
        { ...tiktokFailureFields(error), userId: grant.userId },
        'tiktok: code exchange failed',
      );
      return landing(grant.returnTo, { error: 'token_exchange_failed' });
    }
    const missing = REQUIRED_SCOPES.filter((s) => !tokens.scopes.includes(s));
    if (missing.length > 0) {
      log.info({ missing, userId: grant.userId }, 'tiktok: required scopes not granted');
      await revokeQuietly(tokens.accessToken);
      return landing(grant.returnTo, { error: 'missing_scope' });
    }
    let user: TikTokUser;
    try {
      user = await api.userInfo(tokens.accessToken, tokens.scopes);
    } catch (error) {
      log.warn({ ...tiktokFailureFields(error), userId: grant.userId }, 'tiktok: user info failed');
      await revokeQuietly(tokens.accessToken);
      return landing(grant.returnTo, { error: 'user_info_failed' });
    }
    try {
      await accounts.connect(grant.userId, tokens, user);
    } catch (error) {
      log.error({ err: error, userId: grant.userId }, 'tiktok: saving the account failed');
      await revokeQuietly(tokens.accessToken);
      return landing(grant.returnTo, { error: 'save_failed' });
    }
    return landing(grant.returnTo, { code: query.code, state: query.state ?? '' });
  };

  /** A grant we will not keep is handed back, so it does not linger in the user's TikTok settings. */
  const revokeQuietly = async (accessToken: string) => {
    try {
      await api.revoke(accessToken);
    } catch (error) {
      log.warn(tiktokFailureFields(error), 'tiktok: revoking an unused grant failed');
    }
  };

  return { createTicket, startLogin, finishLogin };
};

export type TikTokConnect = ReturnType<typeof createTikTokConnect>;
