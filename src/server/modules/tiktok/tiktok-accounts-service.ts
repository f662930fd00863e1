import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { TTikTokAccounts, TTikTokCreatorInfoResponse } from '#contract/tiktok';
import type { TikTokApi, TikTokTokenSet, TikTokUser } from '../../adapters/tiktok/tiktok-api';
import { REQUESTED_SCOPES, TikTokApiError } from '../../adapters/tiktok/tiktok-api';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../errors';
import type { TikTokAccountRow } from './tiktok-accounts-repo';
import {
  deleteAccount,
  findAccount,
  findAccountById,
  findDefaultSummary,
  listAccountSummaries,
  markReconnectNeeded,
  markReconnectNeededByOpenId,
  promoteOldestToDefault,
  releaseRefreshLease,
  saveRefreshedTokens,
  setDefaultAccount,
  takeRefreshLease,
  upsertAccount,
} from './tiktok-accounts-repo';
import { createTikTokCallBudget } from './tiktok-call-budget';
import {
  isAccessTokenRejected,
  isAuthorizationEnded,
  reconnectNeeded,
  tiktokFailureFields,
  toAppError,
} from './tiktok-errors';
import type { TokenCipher } from './token-cipher';
import { tokenBinding } from './token-cipher';

/** Refreshed when less than this is left, so no call meets an expired token. */
const REFRESH_WHEN_LEFT_MS = 60 * 60 * 1000;
/** How long one process may hold the refresh; a crashed holder's lease simply runs out. */
const REFRESH_LEASE_MS = 30_000;
const LEASE_POLL_MS = 200;

export type AccessToken = {
  openId: string;
  accessToken: string;
  displayName: string;
  username: string | null;
  /** What the seller granted on TikTok's consent screen (decision 100). */
  scopes: readonly string[];
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const createTikTokAccounts = ({
  db,
  api,
  cipher,
  log,
}: {
  db: Database;
  api: TikTokApi;
  cipher: TokenCipher;
  log: FastifyBaseLogger;
}) => {
  const seal = (tokens: TikTokTokenSet, account: { userId: string; openId: string }) => ({
    scopes: tokens.scopes,
    accessTokenEnc: cipher.encrypt(tokens.accessToken, tokenBinding(account, 'access')),
    accessTokenExpiresAt: tokens.accessTokenExpiresAt,
    refreshTokenEnc: cipher.encrypt(tokens.refreshToken, tokenBinding(account, 'refresh')),
    refreshTokenExpiresAt: tokens.refreshTokenExpiresAt,
  });

  const accessOf = (row: TikTokAccountRow): AccessToken => ({
    openId: row.openId,
    accessToken: cipher.decrypt(row.accessTokenEnc, tokenBinding(row, 'access')),
    displayName: row.displayName,
    username: row.username,
    scopes: row.scopes,
  });
  const budget = createTikTokCallBudget(db);

  const requireAccount = async (userId: string, openId: string | undefined) => {
    const row = await findAccount(db, userId, openId);
    if (row) return row;
    if (openId === undefined) {
      throw new AppError('tiktok_not_connected', 'Connect a TikTok account first');
    }
    throw notFound('TikTok account not found');
  };

  /** Spends the refresh token once (this process holds the lease) and saves what TikTok returns. */
  const refreshHoldingLease = async (row: TikTokAccountRow): Promise<TikTokAccountRow> => {
    if (row.refreshTokenExpiresAt.getTime() <= Date.now()) {
      // TikTok's refresh tokens end 180 days after the grant, however often they rotate: only
      // the seller's consent again helps, and TikTok need not be asked (decision 101).
      await markReconnectNeeded(db, row.id);
      log.warn(
        { openId: row.openId, userId: row.userId },
        'tiktok: refresh token expired, account marked reconnect needed',
      );
      throw reconnectNeeded();
    }
    let tokens: TikTokTokenSet;
    try {
      tokens = await api.refresh(cipher.decrypt(row.refreshTokenEnc, tokenBinding(row, 'refresh')));
    } catch (error) {
      if (isAuthorizationEnded(error)) {
        await markReconnectNeeded(db, row.id);
        log.warn(
          { ...tiktokFailureFields(error), openId: row.openId, userId: row.userId },
          'tiktok: refresh refused, account marked reconnect needed',
        );
        throw reconnectNeeded();
      }
      await releaseRefreshLease(db, row.id);
      const lost =
        error instanceof TikTokApiError &&
        (error.code === 'timeout' || error.code === 'network_error');
      // A lost answer may have rotated the token at TikTok: the next refresh then ends in
      // invalid_grant, which marks the account above (decision 101).
      log.error(
        { ...tiktokFailureFields(error), openId: row.openId, userId: row.userId },
        lost
          ? 'tiktok: token refresh answer lost; the stored refresh token may be spent'
          : 'tiktok: token refresh failed',
      );
      throw toAppError(error, 'the token refresh');
    }
    const sealed = seal(tokens, row);
    await saveRefreshedTokens(db, row.id, sealed);
    return { ...row, ...sealed, reconnectNeeded: false, refreshLeaseUntil: null };
  };

  /**
   * Gives back a row whose access token differs from `staleAccessEnc` (refreshing it here, or
   * waiting for the process that holds the lease). The lease keeps two processes from spending
   * the same refresh token: TikTok may rotate it, and the loser's `invalid_grant` would look
   * like a revoked account. The wait is a lock, kept in a request on purpose (decision 170).
   */
  const refreshRow = async (id: string, staleAccessEnc: string): Promise<TikTokAccountRow> => {
    const deadline = Date.now() + REFRESH_LEASE_MS + 5_000;
    while (Date.now() < deadline) {
      if (await takeRefreshLease(db, id, REFRESH_LEASE_MS)) {
        const row = await findAccountById(db, id);
        if (!row) throw notFound('TikTok account not found');
        if (row.accessTokenEnc !== staleAccessEnc) {
          await releaseRefreshLease(db, id);
          return row;
        }
        return refreshHoldingLease(row);
      }
      await sleep(LEASE_POLL_MS);
      const row = await findAccountById(db, id);
      if (!row) throw notFound('TikTok account not found');
      if (row.reconnectNeeded) throw reconnectNeeded();
      if (row.accessTokenEnc !== staleAccessEnc && !row.refreshLeaseUntil) return row;
    }
    throw new AppError('tiktok_error', 'Refreshing the TikTok token took too long; try again', {
      status: 503,
      retryAfterSeconds: 5,
    });
  };

  /** One refresh per account at a time in this process; callers arriving meanwhile share it. */
  const inFlight = new Map<string, Promise<TikTokAccountRow>>();
  const refreshOnce = (row: TikTokAccountRow) => {
    const running = inFlight.get(row.id);
    if (running) return running;
    const started = refreshRow(row.id, row.accessTokenEnc).finally(() => inFlight.delete(row.id));
    inFlight.set(row.id, started);
    return started;
  };

  /**
   * The account's access token, refreshed first when less than an hour is left or when
   * `forceRefresh` (before each publish). Unknown or another user's `openId` is 404; the default
   * account when `openId` is undefined (409 `tiktok_not_connected` when there is none).
   */
  const withAccessToken = async (
    userId: string,
    openId: string | undefined,
    { forceRefresh = false }: { forceRefresh?: boolean } = {},
  ): Promise<AccessToken> => {
    let row = await requireAccount(userId, openId);
    if (row.reconnectNeeded) throw reconnectNeeded();
    const left = row.accessTokenExpiresAt.getTime() - Date.now();
    if (forceRefresh || left < REFRESH_WHEN_LEFT_MS) {
      try {
        row = await refreshOnce(row);
      } catch (error) {
        // A passing TikTok hiccup need not stop a call the current token can still make.
        const usable = !forceRefresh && row.accessTokenExpiresAt.getTime() > Date.now() + 60_000;
        if (!usable || (error instanceof AppError && error.code !== 'tiktok_error')) throw error;
      }
    }
    try {
      return accessOf(row);
    } catch (error) {
      // Sealed under another app secret (or damaged): only a new authorization helps.
      log.error({ err: error, openId: row.openId }, 'tiktok: stored token unreadable');
      await markReconnectNeeded(db, row.id);
      throw reconnectNeeded();
    }
  };

  /**
   * Runs `call` with the account's token. A token TikTok rejects is refreshed and the call tried
   * once more; rejected again, the account is marked "reconnect needed" (409
   * `tiktok_reconnect_needed`). Other TikTok failures pass through as `TikTokApiError`.
   */
  const callWithToken = async <T>(
    userId: string,
    openId: string | undefined,
    call: (token: AccessToken) => Promise<T>,
    options: { forceRefresh?: boolean } = {},
  ): Promise<T> => {
    const token = await withAccessToken(userId, openId, options);
    try {
      return await call(token);
    } catch (error) {
      if (!isAccessTokenRejected(error)) throw error;
      log.warn(
        { ...tiktokFailureFields(error), openId: token.openId },
        'tiktok: access token rejected, refreshing',
      );
    }
    const fresh = await withAccessToken(userId, token.openId, { forceRefresh: true });
    try {
      return await call(fresh);
    } catch (error) {
      if (!isAccessTokenRejected(error)) throw error;
      const row = await findAccount(db, userId, token.openId);
      if (row) await markReconnectNeeded(db, row.id);
      log.warn(
        { ...tiktokFailureFields(error), openId: token.openId },
        'tiktok: fresh token rejected, account marked reconnect needed',
      );
      throw reconnectNeeded();
    }
  };

  const list = async (userId: string): Promise<TTikTokAccounts> => {
    const rows = await listAccountSummaries(db, userId);
    return {
      accounts: rows.map((r) => ({
        open_id: r.openId,
        username: r.username,
        display_name: r.displayName,
        avatar_url: r.avatarUrl,
        is_default: r.isDefault,
        reconnect_needed: r.reconnectNeeded,
        missing_scopes: REQUESTED_SCOPES.filter((scope) => !r.scopes.includes(scope)),
      })),
      default_open_id: rows.find((r) => r.isDefault)?.openId ?? null,
    };
  };

  const setDefault = async (userId: string, openId: string) => {
    if (!(await setDefaultAccount(db, userId, openId))) throw notFound('TikTok account not found');
    return list(userId);
  };

  /**
   * Revokes the token at TikTok, then forgets the account. A revoke TikTok refuses or cannot take
   * still disconnects here (the user asked to be disconnected) and is logged for follow-up.
   */
  const disconnect = async (userId: string, openId: string | undefined) => {
    const row = await requireAccount(userId, openId);
    try {
      await api.revoke(accessOf(row).accessToken);
    } catch (error) {
      log.warn(
        { ...tiktokFailureFields(error), openId: row.openId, userId },
        'tiktok: revoke failed; disconnected locally anyway',
      );
    }
    const removed = await deleteAccount(db, userId, row.openId);
    if (removed?.isDefault) await promoteOldestToDefault(db, userId);
  };

  /** Saves a freshly authorized account (the OAuth callback); the user's first becomes default. */
  const connect = async (userId: string, tokens: TikTokTokenSet, user: TikTokUser) => {
    const account = { userId, openId: tokens.openId };
    return upsertAccount(db, {
      id: randomUUID(),
      ...account,
      displayName: user.displayName,
      username: user.username,
      avatarUrl: user.avatarUrl,
      ...seal(tokens, account),
    });
  };

  /** The `authorization.removed` webhook: TikTok already revoked the token; every connection to it ends. */
  const markAuthorizationRemoved = async (openId: string) => {
    const count = await markReconnectNeededByOpenId(db, openId);
    log.info({ openId, count }, 'tiktok: authorization removed, marked reconnect needed');
  };

  const creatorInfo = async (
    userId: string,
    openId: string | undefined,
  ): Promise<TTikTokCreatorInfoResponse> => {
    const account = await requireAccount(userId, openId);
    try {
      const info = await callWithToken(userId, account.openId, async (token) => {
        await budget.reserve(token.openId, 'creator_info');
        return api.creatorInfo(token.accessToken);
      });
      return {
        data: {
          creator_avatar_url: info.creatorAvatarUrl,
          creator_username: info.creatorUsername,
          creator_nickname: info.creatorNickname,
          privacy_level_options: info.privacyLevelOptions,
          comment_disabled: info.commentDisabled,
          duet_disabled: info.duetDisabled,
          stitch_disabled: info.stitchDisabled,
          max_video_post_duration_sec: info.maxVideoPostDurationSec,
        },
        error: { code: 'ok', message: '' },
      };
    } catch (error) {
      if (!(error instanceof AppError)) {
        log.warn(
          { ...tiktokFailureFields(error), openId: account.openId },
          'tiktok: creator info failed',
        );
      }
      throw toAppError(error, 'the creator info request', 'video.publish');
    }
  };

  /** The user call's `tiktok*` fields: a non-secret marker and the default account's profile. */
  const connectionSummary = async (userId: string) => {
    const row = await findDefaultSummary(db, userId);
    return {
      tiktokAccessToken: row ? 'connected' : null,
      tiktokAvatarUrl: row?.avatarUrl ?? null,
      tiktokDisplayName: row?.displayName ?? null,
      tiktokUsername: row?.username ?? null,
    };
  };

  return {
    withAccessToken,
    callWithToken,
    markAuthorizationRemoved,
    /** Takes one call from the account's per-minute budget at TikTok, or answers 429. */
    reserveTikTokCall: budget.reserve,
    /** For a caller that saw the account's token refused after a refresh (publishing). */
    markReconnectNeeded: async (userId: string, openId: string) => {
      const row = await findAccount(db, userId, openId);
      if (row) await markReconnectNeeded(db, row.id);
    },
    list,
    setDefault,
    disconnect,
    connect,
    creatorInfo,
    connectionSummary,
  };
};

export type TikTokAccounts = ReturnType<typeof createTikTokAccounts>;
