import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { TikTokApi, TikTokTokenSet, TikTokUser } from '../../adapters/tiktok/tiktok-api';
import { REQUESTED_SCOPES, REQUIRED_SCOPES } from '../../adapters/tiktok/tiktok-api';
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

/** Where the browser is sent after the callback (spec 01 §2: callback page or Settings toasts). */
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
  /** An authenticated call mints the ticket the full-page login navigation carries instead of a bearer. */
  const createTicket = async (
    userId: string,
    { addAnother = false, returnTo }: { addAnother?: boolean; returnTo?: ReturnTo },
  ) => {
    await deleteStaleGrants(db);
    const ticket = newSecret();
    await insertGrant(db, {
      tokenHash: hash(ticket),
      userId,
      kind: 'ticket',
      addAnother,
      returnTo: returnTo ?? (addAnother ? 'settings' : 'app'),
      ttlMs: TICKET_TTL_MS,
    });
    return { url: `/api/tiktok/auth/login?${new URLSearchParams({ ticket }).toString()}` };
  };

  /** Trades the ticket for an OAuth `state` bound to its user; the answer is where to send the browser. */
  const startLogin = async (ticket: string | undefined): Promise<string> => {
    const grant = ticket ? await consumeGrant(db, hash(ticket), 'ticket') : undefined;
    if (!grant) {
      return landing('app', { error: ticket ? 'login_link_expired' : 'sign_in_required' });
    }
    const state = newSecret();
    await insertGrant(db, {
      tokenHash: hash(state),
      userId: grant.userId,
      kind: 'state',
      addAnother: grant.addAnother,
      returnTo: grant.returnTo,
      ttlMs: STATE_TTL_MS,
    });
    return api.authorizeUrl({ state, scopes: REQUESTED_SCOPES, disableAutoAuth: grant.addAnother });
  };

  /**
   * TikTok's redirect. The state must be one we issued, unused and unexpired; only then is the
   * code exchanged, the granted scopes checked and the account saved for the state's user.
   */
  const finishLogin = async (query: {
    code?: string;
    state?: string;
    error?: string;
    scopes?: string;
  }): Promise<string> => {
    const grant = query.state ? await consumeGrant(db, hash(query.state), 'state') : undefined;
    if (!grant) {
      log.warn('tiktok: callback with an unknown, used or expired state; nothing stored');
      return landing('app', { error: 'invalid_state' });
    }
    if (query.error || !query.code) {
      log.info({ error: query.error, userId: grant.userId }, 'tiktok: authorization not given');
      return landing(grant.returnTo, { error: query.error || 'missing_code' });
    }
    let tokens: TikTokTokenSet;
    try {
      tokens = await api.exchangeCode(query.code);
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
