import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListeningTestApp } from '../../testing/listening-test-app';
import { createListeningTestApp } from '../../testing/listening-test-app';
import type { SandboxAccountChoice } from '../../testing/sandbox-consent';
import { consentInSandbox, newSandboxAccount } from '../../testing/sandbox-consent';
import {
  expireSandboxAccessTokens,
  revokeSandboxAccountGrants,
} from './sandbox/sandbox-accounts-repo';
import { REQUESTED_SCOPES, TikTokApiError } from './tiktok-api';
import type { TikTokClient } from './tiktok-client';
import { createTikTokClient } from './tiktok-client';
import { newPkcePair } from './tiktok-pkce';

/**
 * The real client against the real app's sandbox over HTTP (Login Kit half): what the
 * composition root builds from the sandbox config, on a listening port.
 */

let t: ListeningTestApp;
let client: TikTokClient;
let seller: { userId: string; headers: { authorization: string } };
const logLines: string[] = [];

beforeAll(async () => {
  t = await createListeningTestApp();
  client = createTikTokClient({ ...t.config.tiktok, log: (line) => logLines.push(line) });
  seller = await t.createUser();
}, 180_000);

afterAll(async () => {
  await t?.close();
});

type Who = { headers: { authorization: string } };

const sandbox = (path: string, who: Who | null, body?: unknown) =>
  fetch(`${t.appUrl}/tiktok-sandbox${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(who ? who.headers : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const paramsOf = (url: string) => Object.fromEntries(new URL(url).searchParams);

const newAccount = newSandboxAccount;

const authorize = async (
  who: Who,
  {
    account = newAccount(),
    grantedScopes,
    state = randomUUID(),
  }: { account?: SandboxAccountChoice; grantedScopes?: string[]; state?: string } = {},
) => {
  const pkce = newPkcePair();
  const url = client.authorizeUrl({
    state,
    scopes: REQUESTED_SCOPES,
    disableAutoAuth: true,
    codeChallenge: pkce.challenge,
  });
  const redirect = await consentInSandbox(url, who, { account, grantedScopes });
  return { redirect, state, code: redirect.searchParams.get('code')!, verifier: pkce.verifier };
};

const connect = async (options: Parameters<typeof authorize>[1] = {}) => {
  const { code, verifier } = await authorize(seller, options);
  return client.exchangeCode(code, verifier);
};

/** Runs `call`, expecting TikTok's failure with this code and a log_id. */
const failure = async (call: Promise<unknown>, code: string) => {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TikTokApiError);
  expect(error).toMatchObject({ code, logId: expect.stringMatching(/^\w{20,}$/) });
  return error as TikTokApiError;
};

describe('TikTok client ↔ sandbox: Login Kit', { timeout: 120_000 }, () => {
  it('points at the sandbox: authorize URL on {APP_URL}/tiktok-sandbox with TikTok’s parameters', () => {
    const { challenge } = newPkcePair();
    const url = new URL(
      client.authorizeUrl({
        state: 's1',
        scopes: REQUESTED_SCOPES,
        disableAutoAuth: true,
        codeChallenge: challenge,
      }),
    );
    expect(`${url.origin}${url.pathname}`).toBe(`${t.appUrl}/tiktok-sandbox/v2/auth/authorize/`);
    expect(paramsOf(url.toString())).toEqual({
      client_key: 'sbx_hookreel',
      scope: REQUESTED_SCOPES.join(','),
      redirect_uri: `${t.appUrl}/api/tiktok/auth/callback`,
      state: 's1',
      response_type: 'code',
      disable_auto_auth: '1',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
  });

  it('authorize → code → tokens → user info, with the state echoed and the scopes granted', async () => {
    const account = newAccount();
    const { redirect, state, code, verifier } = await authorize(seller, { account });
    expect(`${redirect.origin}${redirect.pathname}`).toBe(`${t.appUrl}/api/tiktok/auth/callback`);
    expect(redirect.searchParams.get('state')).toBe(state);
    expect(redirect.searchParams.get('scopes')).toBe(REQUESTED_SCOPES.join(','));
    const tokens = await client.exchangeCode(code, verifier);
    expect(tokens.accessToken).toMatch(/^act\./);
    expect(tokens.refreshToken).toMatch(/^rft\./);
    expect(tokens.scopes).toEqual([...REQUESTED_SCOPES]);
    // TikTok's current lifetimes (issue 23): about 2 hours, and 180 days for the refresh token.
    const left = tokens.accessTokenExpiresAt.getTime() - Date.now();
    expect(left).toBeGreaterThan(7_000_000);
    expect(left).toBeLessThanOrEqual(7_200_000);
    const refreshLeft = tokens.refreshTokenExpiresAt.getTime() - Date.now();
    expect(refreshLeft).toBeGreaterThan(179 * 86_400_000);
    expect(refreshLeft).toBeLessThanOrEqual(180 * 86_400_000);
    const user = await client.userInfo(tokens.accessToken, tokens.scopes);
    expect(user).toEqual({
      openId: tokens.openId,
      displayName: account.display_name,
      username: account.username,
      avatarUrl: `${t.appUrl}/tiktok-sandbox/avatars/${tokens.openId}.svg`,
    });
    const avatar = await fetch(user.avatarUrl!);
    expect(avatar.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
  });

  it('refuses a replayed code (invalid_grant, HTTP 200 as TikTok) and revokes what it gave', async () => {
    const { code, verifier } = await authorize(seller);
    const tokens = await client.exchangeCode(code, verifier);
    const error = await failure(client.exchangeCode(code, verifier), 'invalid_grant');
    expect(error.httpStatus).toBe(200);
    await failure(client.userInfo(tokens.accessToken, tokens.scopes), 'access_token_invalid');
    expect(logLines.some((l) => l.includes('invalid_grant') && l.includes('log_id'))).toBe(true);
    expect(logLines.join('\n')).not.toContain(tokens.accessToken);
    expect(logLines.join('\n')).not.toContain(t.config.tiktok.clientSecret);
  });

  it('refuses a code exchanged with another redirect_uri as a bad request, as TikTok does', async () => {
    const { code, verifier } = await authorize(seller);
    const other = createTikTokClient({
      ...t.config.tiktok,
      redirectUri: `${t.appUrl}/somewhere-else`,
    });
    // TikTok's current token docs (issue 23): `invalid_request`, not `invalid_grant`, which our
    // product reads as "this authorization ended".
    const error = await failure(other.exchangeCode(code, verifier), 'invalid_request');
    expect(error.message).toMatch(/redirect_uri/i);
  });

  it('refuses a wrong client secret (invalid_client)', async () => {
    const { code, verifier } = await authorize(seller);
    const wrong = createTikTokClient({ ...t.config.tiktok, clientSecret: 'x'.repeat(32) });
    await failure(wrong.exchangeCode(code, verifier), 'invalid_client');
  });

  it('PKCE: a code asked for with a challenge is given only for its verifier', async () => {
    const { code, verifier } = await authorize(seller);
    for (const wrong of ['', newPkcePair().verifier, verifier.slice(0, 42), `${verifier}!`]) {
      const error = await failure(client.exchangeCode(code, wrong), 'invalid_request');
      expect(error.message).toBe('Code verifier or code challenge is invalid.');
    }
    // A wrong verifier does not spend the code: its rightful client still exchanges it.
    const tokens = await client.exchangeCode(code, verifier);
    expect(tokens.accessToken).toMatch(/^act\./);
  });

  it('PKCE: the challenge is TikTok’s hex SHA-256 with method S256, or the client hears why', async () => {
    const { verifier, challenge } = newPkcePair();
    const url = new URL(
      client.authorizeUrl({
        state: 'pk-1',
        scopes: REQUESTED_SCOPES,
        disableAutoAuth: true,
        codeChallenge: challenge,
      }),
    );
    const base64url = Buffer.from(challenge, 'hex').toString('base64url');
    for (const [key, value, description] of [
      ['code_challenge', base64url, /hex SHA-256/],
      ['code_challenge_method', 'plain', /S256/],
    ] as const) {
      const bad = new URL(url);
      bad.searchParams.set(key, value);
      const res = await sandbox(`/api/authorize?${bad.searchParams.toString()}`, seller);
      const body = (await res.json()) as { status: string; redirect_url: string };
      expect(body.status).toBe('redirect');
      const back = paramsOf(body.redirect_url);
      expect(back).toMatchObject({ error: 'invalid_request', state: 'pk-1' });
      expect(back.error_description).toMatch(description);
    }
    expect(verifier).toMatch(/^[\w-]{64}$/);
  });

  it('rotates refresh tokens: the old one is refused after rotation, the new pair works', async () => {
    const first = await connect();
    const second = await client.refresh(first.refreshToken);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(second.accessToken).not.toBe(first.accessToken);
    expect(second.openId).toBe(first.openId);
    // The grant still ends a year after consent, not a year after each refresh.
    expect(second.refreshTokenExpiresAt.getTime()).toBeLessThanOrEqual(
      first.refreshTokenExpiresAt.getTime() + 2000,
    );
    await failure(client.refresh(first.refreshToken), 'invalid_grant');
    await expect(client.userInfo(second.accessToken, second.scopes)).resolves.toMatchObject({
      openId: first.openId,
    });
    const third = await client.refresh(second.refreshToken);
    expect(third.refreshToken).not.toBe(second.refreshToken);
  });

  it('revoke ends the grant: user info is access_token_invalid (401), refresh invalid_grant', async () => {
    const tokens = await connect();
    await client.revoke(tokens.accessToken);
    const error = await failure(
      client.userInfo(tokens.accessToken, tokens.scopes),
      'access_token_invalid',
    );
    expect(error.httpStatus).toBe(401);
    await failure(client.refresh(tokens.refreshToken), 'invalid_grant');
  });

  it('answers scope errors for user-info fields whose scope was not granted', async () => {
    const tokens = await connect({ grantedScopes: ['user.info.basic', 'video.upload'] });
    expect(tokens.scopes).toEqual(['user.info.basic', 'video.upload']);
    const error = await failure(
      client.userInfo(tokens.accessToken, ['user.info.basic', 'user.info.profile']),
      'scope_permission_missed',
    );
    expect(error.httpStatus).toBe(401);
    await expect(client.userInfo(tokens.accessToken, tokens.scopes)).resolves.toMatchObject({
      username: null,
    });
    // Creator info needs video.publish.
    await failure(client.creatorInfo(tokens.accessToken), 'scope_not_authorized');
  });

  it('creator info: privacy options and max duration; 20 a minute per token, then 429', async () => {
    const tokens = await connect();
    const info = await client.creatorInfo(tokens.accessToken);
    expect(info).toMatchObject({
      creatorNickname: expect.stringMatching(/^Test /),
      privacyLevelOptions: ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'],
      maxVideoPostDurationSec: 600,
      commentDisabled: false,
    });
    for (let i = 1; i < 20; i++) await client.creatorInfo(tokens.accessToken);
    const error = await failure(client.creatorInfo(tokens.accessToken), 'rate_limit_exceeded');
    expect(error.httpStatus).toBe(429);
    expect(error.retryAfterSeconds).toBeGreaterThan(0);
    expect(error.retryAfterSeconds).toBeLessThanOrEqual(60);
    // The limit is per token: another account's token is not affected.
    const other = await connect();
    await expect(client.creatorInfo(other.accessToken)).resolves.toBeTruthy();
  });

  it('test switches: "expired token" needs a refresh, "revoked" needs a new consent', async () => {
    const tokens = await connect();
    expect(await expireSandboxAccessTokens(t.db.db, seller.userId, tokens.openId)).toBe(true);
    await failure(client.creatorInfo(tokens.accessToken), 'access_token_invalid');
    const fresh = await client.refresh(tokens.refreshToken);
    await expect(client.creatorInfo(fresh.accessToken)).resolves.toBeTruthy();
    expect(await revokeSandboxAccountGrants(t.db.db, seller.userId, tokens.openId)).toBe(true);
    await failure(client.creatorInfo(fresh.accessToken), 'access_token_invalid');
    await failure(client.refresh(fresh.refreshToken), 'invalid_grant');
    // Another seller cannot flip the switches of this one's account.
    const stranger = await t.createUser();
    expect(await revokeSandboxAccountGrants(t.db.db, stranger.userId, tokens.openId)).toBe(false);
  });

  it('answers an unknown bearer token in the envelope with access_token_invalid', async () => {
    const res = await fetch(`${t.appUrl}/tiktok-sandbox/v2/post/publish/creator_info/query/`, {
      method: 'POST',
      headers: { authorization: 'Bearer act.nope', 'content-type': 'application/json' },
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      data: {},
      error: {
        code: 'access_token_invalid',
        message: expect.any(String),
        log_id: expect.any(String),
      },
    });
  });
});

describe('the sandbox authorize page’s endpoints', { timeout: 120_000 }, () => {
  const params = (overrides: Record<string, string> = {}) => ({
    ...paramsOf(
      client.authorizeUrl({
        state: 'st-1',
        scopes: REQUESTED_SCOPES,
        disableAutoAuth: false,
        codeChallenge: newPkcePair().challenge,
      }),
    ),
    ...overrides,
  });
  const view = async (who: Who | null, p: Record<string, string>) => {
    const res = await sandbox(`/api/authorize?${new URLSearchParams(p).toString()}`, who);
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it('needs a signed-in seller', async () => {
    expect((await view(null, params())).status).toBe(401);
  });

  it('shows an unknown client_key or unregistered redirect_uri on the page, never redirecting', async () => {
    expect((await view(seller, params({ client_key: 'nope' }))).body).toMatchObject({
      status: 'error',
      error: 'invalid_client',
    });
    expect(
      (await view(seller, params({ redirect_uri: 'https://evil.example/cb' }))).body,
    ).toMatchObject({ status: 'error', error: 'invalid_redirect_uri' });
    const res = await sandbox('/api/authorize/approve', seller, {
      params: params({ redirect_uri: 'https://evil.example/cb' }),
      account: newAccount(),
    });
    expect(res.status).toBe(400);
    expect(await res.text()).not.toContain('evil.example');
  });

  it('sends a bad response_type or scope back to the client with the state', async () => {
    const badType = await view(seller, params({ response_type: 'token' }));
    expect(badType.body.status).toBe('redirect');
    expect(paramsOf(badType.body.redirect_url as string)).toMatchObject({
      error: 'unsupported_response_type',
      state: 'st-1',
    });
    const badScope = await view(seller, params({ scope: 'user.info.basic,everything' }));
    expect(paramsOf(badScope.body.redirect_url as string)).toMatchObject({
      error: 'invalid_scope',
    });
  });

  it('Cancel redirects with error=access_denied and the state', async () => {
    const redirect_url = (
      await consentInSandbox(
        client.authorizeUrl({
          state: 'st-1',
          scopes: REQUESTED_SCOPES,
          disableAutoAuth: true,
          codeChallenge: newPkcePair().challenge,
        }),
        seller,
        { deny: true },
      )
    ).toString();
    expect(redirect_url.startsWith(`${t.appUrl}/api/tiktok/auth/callback?`)).toBe(true);
    expect(paramsOf(redirect_url)).toMatchObject({ error: 'access_denied', state: 'st-1' });
  });

  it('shows a seller only their own test accounts; another seller cannot authorize them', async () => {
    const owner = await t.createUser();
    const { code, verifier } = await authorize(owner, { account: newAccount() });
    const tokens = await client.exchangeCode(code, verifier);
    const stranger = await t.createUser();
    const seen = await view(stranger, params());
    expect(seen.body).toMatchObject({ status: 'consent', accounts: [], auto_open_id: null });
    const res = await sandbox('/api/authorize/approve', stranger, {
      params: params(),
      account: { open_id: tokens.openId },
    });
    expect(res.status).toBe(404);
    const mine = await view(owner, params());
    expect(mine.body).toMatchObject({
      status: 'consent',
      accounts: [expect.objectContaining({ open_id: tokens.openId })],
    });
  });

  it('skips the choice with the current account unless disable_auto_auth=1', async () => {
    const owner = await t.createUser();
    const { code, verifier } = await authorize(owner);
    const tokens = await client.exchangeCode(code, verifier);
    expect((await view(owner, params())).body.auto_open_id).toBe(tokens.openId);
    expect((await view(owner, params({ disable_auto_auth: '1' }))).body.auto_open_id).toBeNull();
    await client.revoke(tokens.accessToken);
    expect((await view(owner, params())).body.auto_open_id).toBeNull();
  });

  it('refuses a second test account with the same username for one seller', async () => {
    const owner = await t.createUser();
    const account = newAccount();
    await authorize(owner, { account });
    const res = await sandbox('/api/authorize/approve', owner, { params: params(), account });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'validation_error', field: 'username' });
  });
});
