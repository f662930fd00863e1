import { randomBytes } from 'node:crypto';
import type { FakeTikTokReply, startFakeTikTokServer } from './fake-tiktok-server';

type FakeServer = Awaited<ReturnType<typeof startFakeTikTokServer>>;

/**
 * TikTok's token host and the creator-info endpoint on the fake TikTok server, as TikTok's
 * current docs describe them (November 2026: "Refresh a User Access Token", "Manage OAuth
 * Access Tokens", the v2 error-handling pages):
 * - access tokens live 2 hours and refresh tokens 180 days from the first grant, and
 *   `expires_in` / `refresh_expires_in` are what is left;
 * - refresh tokens rotate strictly: a refresh answers a new one, and the one sent stops working;
 * - an OAuth failure is flat `{ error, error_description, log_id }` (TikTok sends
 *   `invalid_grant` with HTTP 200 too, so a client must read the body);
 * - an API failure is the envelope `{ data: {}, error: { code, message, log_id } }`: 401
 *   `access_token_invalid` for a dead token, 401 `scope_not_authorized` for a permission the
 *   user did not grant.
 * A test can also lose the answer of the next refresh (TikTok rotates, the answer never comes)
 * and slow every refresh down, to let two refreshes overlap.
 */
export const installFakeTikTokTokens = (
  fake: FakeServer,
  { clientKey, clientSecret }: { clientKey: string; clientSecret: string },
) => {
  type Grant = { openId: string; scopes: string[]; refreshExpiresAt: number };
  const refreshTokens = new Map<string, { grant: Grant; alive: boolean }>();
  const accessTokens = new Map<string, { grant: Grant; expiresAt: number }>();
  let refreshCalls = 0;
  let loseNextAnswer = false;
  let refreshDelayMs = 0;

  const logId = () => `2026112601${randomBytes(11).toString('hex').toUpperCase()}`;
  const json = (status: number, body: unknown): FakeTikTokReply => ({
    status,
    body: JSON.stringify(body),
  });
  const oauthError = (status: number, error: string, description: string) =>
    json(status, { error, error_description: description, log_id: logId() });
  const apiError = (status: number, code: string, message: string) =>
    json(status, { data: {}, error: { code, message, log_id: logId() } });

  /** A new access + refresh token pair of the grant, as the token endpoint's JSON. */
  const issue = (grant: Grant) => {
    const access = `act.${randomBytes(24).toString('base64url')}`;
    const refresh = `rft.${randomBytes(24).toString('base64url')}`;
    accessTokens.set(access, { grant, expiresAt: Date.now() + 2 * 3600_000 });
    refreshTokens.set(refresh, { grant, alive: true });
    return {
      open_id: grant.openId,
      scope: grant.scopes.join(','),
      access_token: access,
      expires_in: 7200,
      refresh_token: refresh,
      refresh_expires_in: Math.floor((grant.refreshExpiresAt - Date.now()) / 1000),
      token_type: 'Bearer',
    };
  };

  fake.handle('POST /v2/oauth/token/', async (request) => {
    const form = new URLSearchParams(request.body);
    if (request.headers['content-type'] !== 'application/x-www-form-urlencoded') {
      return oauthError(400, 'invalid_request', 'Content-Type must be form-urlencoded.');
    }
    if (form.get('client_key') !== clientKey || form.get('client_secret') !== clientSecret) {
      return oauthError(401, 'invalid_client', 'Client key or secret is incorrect.');
    }
    if (form.get('grant_type') !== 'refresh_token') {
      return oauthError(400, 'unsupported_grant_type', 'This fake only refreshes.');
    }
    refreshCalls += 1;
    if (refreshDelayMs) await new Promise((r) => setTimeout(r, refreshDelayMs));
    const held = refreshTokens.get(form.get('refresh_token') ?? '');
    if (!held?.alive || held.grant.refreshExpiresAt <= Date.now()) {
      return oauthError(200, 'invalid_grant', 'Refresh token is invalid or expired.');
    }
    held.alive = false;
    const answer = issue(held.grant);
    if (loseNextAnswer) {
      loseNextAnswer = false;
      return { status: 200, body: '', hang: true };
    }
    return json(200, answer);
  });

  fake.handle('POST /v2/post/publish/creator_info/query/', (request) => {
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    const held = accessTokens.get(bearer);
    if (!held || held.expiresAt <= Date.now()) {
      return apiError(
        401,
        'access_token_invalid',
        'The access token is invalid or not found in the request.',
      );
    }
    if (!held.grant.scopes.includes('video.publish')) {
      return apiError(
        401,
        'scope_not_authorized',
        'The user did not authorize the scope required for completing this request.',
      );
    }
    return json(200, {
      data: {
        creator_avatar_url: 'https://p16.example/avatar.jpeg',
        creator_username: 'fake.creator',
        creator_nickname: 'Fake Creator',
        privacy_level_options: ['PUBLIC_TO_EVERYONE', 'SELF_ONLY'],
        comment_disabled: false,
        duet_disabled: false,
        stitch_disabled: true,
        max_video_post_duration_sec: 600,
      },
      error: { code: 'ok', message: '', log_id: logId() },
    });
  });

  return {
    /** What TikTok's token endpoint answers after the user's consent, for `scopes`. */
    grant: (openId: string, scopes: string[]) =>
      issue({ openId, scopes, refreshExpiresAt: Date.now() + 180 * 86_400_000 }),
    /** Whether TikTok would still take this refresh token. */
    refreshTokenWorks: (token: string) => refreshTokens.get(token)?.alive === true,
    refreshCalls: () => refreshCalls,
    /** The next refresh rotates the token at TikTok, and its answer never arrives. */
    loseNextRefreshAnswer: () => {
      loseNextAnswer = true;
    },
    /** As if a process had crashed after TikTok took its refresh: the token is spent. */
    spendRefreshToken: (token: string) => {
      const held = refreshTokens.get(token);
      if (!held) throw new Error('unknown refresh token');
      held.alive = false;
      issue(held.grant);
    },
    slowRefreshes: (ms: number) => {
      refreshDelayMs = ms;
    },
  };
};
