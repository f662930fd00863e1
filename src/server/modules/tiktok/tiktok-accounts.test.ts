import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TTikTokAccounts } from '#contract/tiktok';
import { revokeSandboxAccountGrants } from '../../adapters/tiktok/sandbox/sandbox-accounts-repo';
import { TikTokApiError } from '../../adapters/tiktok/tiktok-api';
import { createTikTokClient } from '../../adapters/tiktok/tiktok-client';
import { tiktokAccounts, tiktokAuthGrants, tiktokCallWindows } from '../../db/schema';
import type { ListeningTestApp } from '../../testing/listening-test-app';
import { createListeningTestApp } from '../../testing/listening-test-app';
import { createTikTokCallBudget } from './tiktok-call-budget';
import { createTokenCipher, tokenBinding } from './token-cipher';

/**
 * The accounts module through the real app, with the real TikTok client talking to the built-in
 * sandbox over HTTP: tickets, state, callback, tokens, refresh, revoke, default, creator info.
 */

type Who = { userId: string; headers: { authorization: string } };

let t: ListeningTestApp;
/** Every body our API sent in this file: none may hold a token. */
const bodies: string[] = [];

beforeAll(async () => {
  t = await createListeningTestApp();
}, 180_000);

afterAll(async () => {
  await t?.close();
});

/** A browser's cookie jar for the connect cookie (the only cookie these routes set). */
type Browser = { cookie?: string };

const inject = async (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  who: Who | null,
  payload?: unknown,
  browser?: Browser,
) => {
  const res = await t.app.inject({
    method,
    url,
    headers: { ...who?.headers, ...(browser?.cookie ? { cookie: browser.cookie } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  const setCookie = res.headers['set-cookie'];
  if (browser && typeof setCookie === 'string') browser.cookie = setCookie.split(';')[0];
  bodies.push(res.body, JSON.stringify(res.headers));
  return res;
};

const paramsOf = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

const newTestAccount = () => {
  const id = randomUUID().slice(0, 8);
  return { display_name: `Shop ${id}`, username: `shop_${id}` };
};

const ticket = async (who: Who, body: object = {}, browser: Browser = {}) => {
  const res = await inject('POST', '/api/tiktok/auth/ticket', who, body, browser);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ url: string }>().url;
};

/** Ticket → login → the sandbox's authorize page approves → our callback; returns where it lands. */
const connect = async (
  who: Who,
  {
    body = {},
    account = newTestAccount(),
    grantedScopes,
  }: {
    body?: object;
    account?: { display_name: string; username: string } | { open_id: string };
    grantedScopes?: string[];
  } = {},
) => {
  const browser: Browser = {};
  const login = await inject('GET', await ticket(who, body, browser), null, undefined, browser);
  expect(login.statusCode).toBe(302);
  const authorizeUrl = login.headers.location as string;
  expect(authorizeUrl).toContain('/tiktok-sandbox/v2/auth/authorize/');
  const approve = await fetch(`${t.appUrl}/tiktok-sandbox/api/authorize/approve`, {
    method: 'POST',
    headers: { ...who.headers, 'content-type': 'application/json' },
    body: JSON.stringify({
      params: paramsOf(authorizeUrl),
      account,
      granted_scopes: grantedScopes,
    }),
  });
  expect(approve.status, await approve.clone().text()).toBe(200);
  const callback = new URL(((await approve.json()) as { redirect_url: string }).redirect_url);
  expect(callback.pathname).toBe('/api/tiktok/auth/callback');
  const landed = await inject('GET', callback.pathname + callback.search, null, undefined, browser);
  expect(landed.statusCode).toBe(302);
  return {
    authorizeParams: paramsOf(authorizeUrl),
    callbackPath: callback.pathname + callback.search,
    landing: landed.headers.location as string,
    browser,
  };
};

const accountsOf = async (who: Who) => {
  const res = await inject('GET', '/api/tiktok/accounts', who);
  expect(res.statusCode).toBe(200);
  return res.json<TTikTokAccounts>();
};

const rowOf = async (userId: string, openId: string) => {
  const [row] = await t.db.db
    .select()
    .from(tiktokAccounts)
    .where(sql`${tiktokAccounts.userId} = ${userId} and ${tiktokAccounts.openId} = ${openId}`);
  return row!;
};

const cipher = () => createTokenCipher(t.config.secret);
const tokensOf = async (userId: string, openId: string) => {
  const row = await rowOf(userId, openId);
  return {
    access: cipher().decrypt(row.accessTokenEnc, tokenBinding(row, 'access')),
    refresh: cipher().decrypt(row.refreshTokenEnc, tokenBinding(row, 'refresh')),
  };
};
const client = () => createTikTokClient({ ...t.config.tiktok });

describe('TikTok connection: ticket, state and callback', { timeout: 120_000 }, () => {
  it('connects the first account as default and lands on the callback page', async () => {
    const seller = await t.createUser();
    const account = newTestAccount();
    const { landing, authorizeParams } = await connect(seller, { account });
    expect(authorizeParams.disable_auto_auth).toBeUndefined();
    // PKCE (decision 056): TikTok's hex S256 challenge goes out; the verifier stays with the state.
    expect(authorizeParams.code_challenge).toMatch(/^[0-9a-f]{64}$/);
    expect(authorizeParams.code_challenge_method).toBe('S256');
    const [grant] = await t.db.db
      .select({ codeVerifier: tiktokAuthGrants.codeVerifier })
      .from(tiktokAuthGrants)
      .where(
        sql`${tiktokAuthGrants.userId} = ${seller.userId} and ${tiktokAuthGrants.kind} = 'state'`,
      );
    expect(grant!.codeVerifier).toMatch(/^[\w-]{64}$/);
    expect(bodies.join('\n')).not.toContain(grant!.codeVerifier!);
    expect(landing).toMatch(/^\/app\/tiktok-callback\?code=.+&state=.+/);
    const list = await accountsOf(seller);
    expect(list.accounts).toEqual([
      {
        open_id: expect.any(String),
        display_name: account.display_name,
        username: account.username,
        avatar_url: expect.any(String),
        is_default: true,
        reconnect_needed: false,
        missing_scopes: [],
      },
    ]);
    expect(list.default_open_id).toBe(list.accounts[0]!.open_id);
    const user = (await inject('GET', '/api/auth/user', seller)).json<Record<string, unknown>>();
    expect(user).toMatchObject({
      tiktokAccessToken: 'connected',
      tiktokDisplayName: account.display_name,
      tiktokUsername: account.username,
    });
  });

  it('uses a ticket once, refuses it after 2 minutes, and never trusts user_id', async () => {
    const seller = await t.createUser();
    expect((await inject('POST', '/api/tiktok/auth/ticket', null, {})).statusCode).toBe(401);
    const browser: Browser = {};
    const url = await ticket(seller, {}, browser);
    expect(url).toMatch(/^\/api\/tiktok\/auth\/login\?ticket=[\w-]{40,}$/);
    const first = await inject('GET', url, null, undefined, browser);
    expect(first.headers.location).toContain('/tiktok-sandbox/v2/auth/authorize/');
    const again = await inject('GET', url, null, undefined, browser);
    expect(again.headers.location).toBe('/app/tiktok-callback?error=login_link_expired');

    const late = await ticket(seller, {}, browser);
    await t.db.db
      .update(tiktokAuthGrants)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(tiktokAuthGrants.userId, seller.userId));
    expect((await inject('GET', late, null, undefined, browser)).headers.location).toBe(
      '/app/tiktok-callback?error=login_link_expired',
    );
    const byUserId = await inject('GET', `/api/tiktok/auth/login?user_id=${seller.userId}`, null);
    expect(byUserId.headers.location).toBe('/app/tiktok-callback?error=sign_in_required');
  });

  it('asks TikTok for its login again when adding another account, and returns to Settings', async () => {
    const seller = await t.createUser();
    await connect(seller);
    const second = await connect(seller, { body: { addAnother: true } });
    expect(second.authorizeParams.disable_auto_auth).toBe('1');
    expect(second.landing).toBe('/settings?tab=tiktok&tiktok_connected=true');
    expect((await accountsOf(seller)).accounts).toHaveLength(2);
  });

  it('stores nothing for a forged, replayed or expired state', async () => {
    const seller = await t.createUser();
    const forged = await inject(
      'GET',
      `/api/tiktok/auth/callback?code=abc&state=${randomUUID()}`,
      null,
    );
    expect(forged.headers.location).toBe('/app/tiktok-callback?error=invalid_state');

    const { callbackPath, browser } = await connect(seller);
    const replayed = await inject('GET', callbackPath, null, undefined, browser);
    expect(replayed.headers.location).toBe('/app/tiktok-callback?error=invalid_state');
    expect((await accountsOf(seller)).accounts).toHaveLength(1);

    // A state that outlived its 10 minutes: the approval comes back too late.
    const other = await t.createUser();
    const otherBrowser: Browser = {};
    const login = await inject(
      'GET',
      await ticket(other, {}, otherBrowser),
      null,
      undefined,
      otherBrowser,
    );
    const params = paramsOf(login.headers.location as string);
    await t.db.db
      .update(tiktokAuthGrants)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(tiktokAuthGrants.userId, other.userId));
    const approve = await fetch(`${t.appUrl}/tiktok-sandbox/api/authorize/approve`, {
      method: 'POST',
      headers: { ...other.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ params, account: newTestAccount() }),
    });
    const callback = new URL(((await approve.json()) as { redirect_url: string }).redirect_url);
    const expired = await inject(
      'GET',
      callback.pathname + callback.search,
      null,
      undefined,
      otherBrowser,
    );
    expect(expired.headers.location).toBe('/app/tiktok-callback?error=invalid_state');
    expect((await accountsOf(other)).accounts).toEqual([]);
  });

  it('binds the state to the browser that started: opened anywhere else it connects nothing', async () => {
    // Login CSRF (issue 22): the attacker starts, keeps the authorize link, and the victim's
    // browser opens it; TikTok approves a returning account without a click.
    const attacker = await t.createUser();
    const victim = await t.createUser();
    const victimBrowser: Browser = {};
    await ticket(victim, {}, victimBrowser); // the victim's browser holds a nonce of its own
    for (const cookieOf of [() => undefined, () => victimBrowser.cookie]) {
      const attackerBrowser: Browser = {};
      const login = await inject(
        'GET',
        await ticket(attacker, {}, attackerBrowser),
        null,
        undefined,
        attackerBrowser,
      );
      expect(login.headers['set-cookie']).toMatch(/HttpOnly/i);
      expect(login.headers['set-cookie']).toMatch(/SameSite=Lax/i);
      const approve = await fetch(`${t.appUrl}/tiktok-sandbox/api/authorize/approve`, {
        method: 'POST',
        headers: { ...victim.headers, 'content-type': 'application/json' },
        body: JSON.stringify({
          params: paramsOf(login.headers.location as string),
          account: newTestAccount(),
        }),
      });
      const callback = new URL(((await approve.json()) as { redirect_url: string }).redirect_url);
      const landed = await inject('GET', callback.pathname + callback.search, null, undefined, {
        cookie: cookieOf(),
      });
      expect(landed.headers.location).toBe('/app/tiktok-callback?error=other_browser');
      // The state is spent: the attacker's own browser cannot finish it afterwards either.
      const late = await inject(
        'GET',
        callback.pathname + callback.search,
        null,
        undefined,
        attackerBrowser,
      );
      expect(late.headers.location).toBe('/app/tiktok-callback?error=invalid_state');
    }
    expect((await accountsOf(attacker)).accounts).toEqual([]);
    expect((await accountsOf(victim)).accounts).toEqual([]);
  });

  it('refuses a login link opened in a browser other than the one that asked for it', async () => {
    const attacker = await t.createUser();
    const link = await ticket(attacker, {}, {});
    const opened = await inject('GET', link, null, undefined, {});
    expect(opened.headers.location).toBe('/app/tiktok-callback?error=other_browser');
    expect(opened.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a grant without the required scopes and keeps nothing', async () => {
    const seller = await t.createUser();
    const { landing } = await connect(seller, { grantedScopes: ['user.info.basic'] });
    expect(landing).toBe('/app/tiktok-callback?error=missing_scope');
    expect((await accountsOf(seller)).accounts).toEqual([]);
    const denied = await connect(seller, { body: { returnTo: 'settings' }, grantedScopes: [] });
    expect(denied.landing).toBe('/settings?tab=tiktok&tiktok_error=true');
  });
});

describe('TikTok accounts: default, disconnect, tokens', { timeout: 120_000 }, () => {
  it('changes the default and hides other users’ accounts (404)', async () => {
    const seller = await t.createUser();
    const stranger = await t.createUser();
    await connect(seller);
    await connect(seller, { body: { addAnother: true } });
    const [first, second] = (await accountsOf(seller)).accounts;
    expect(first!.is_default).toBe(true);

    const changed = await inject('PUT', '/api/tiktok/accounts/default', seller, {
      open_id: second!.open_id,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<TTikTokAccounts>().default_open_id).toBe(second!.open_id);
    expect((await accountsOf(seller)).accounts.map((a) => a.is_default)).toEqual([false, true]);

    for (const res of [
      await inject('PUT', '/api/tiktok/accounts/default', stranger, { open_id: first!.open_id }),
      await inject('DELETE', `/api/tiktok/accounts/${first!.open_id}`, stranger),
      await inject('POST', `/api/tiktok/creator/info?account_open_id=${first!.open_id}`, stranger),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toMatchObject({ code: 'not_found' });
    }
    await expect(
      t.tiktokAccounts.withAccessToken(stranger.userId, first!.open_id),
    ).rejects.toMatchObject({ code: 'not_found' });
    await expect(
      t.tiktokAccounts.withAccessToken(stranger.userId, undefined),
    ).rejects.toMatchObject({ code: 'tiktok_not_connected' });
  });

  it('revokes at TikTok on disconnect, and the next account becomes default', async () => {
    const seller = await t.createUser();
    await connect(seller);
    await connect(seller, { body: { addAnother: true } });
    const [first, second] = (await accountsOf(seller)).accounts;
    const { access } = await tokensOf(seller.userId, first!.open_id);
    expect((await client().userInfo(access, ['user.info.basic'])).openId).toBe(first!.open_id);

    const res = await inject('DELETE', `/api/tiktok/accounts/${first!.open_id}`, seller);
    expect(res.statusCode).toBe(204);
    const error = await client()
      .userInfo(access, ['user.info.basic'])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TikTokApiError);
    expect((error as TikTokApiError).code).toBe('access_token_invalid');
    const after = await accountsOf(seller);
    expect(after.accounts.map((a) => a.open_id)).toEqual([second!.open_id]);
    expect(after.default_open_id).toBe(second!.open_id);

    const disconnectDefault = await inject('DELETE', '/api/tiktok/auth/disconnect', seller);
    expect(disconnectDefault.statusCode).toBe(204);
    expect((await accountsOf(seller)).accounts).toEqual([]);
    expect((await inject('GET', '/api/auth/user', seller)).json()).toMatchObject({
      tiktokAccessToken: null,
    });
  });

  it('keeps tokens encrypted at rest and out of every response', async () => {
    const seller = await t.createUser();
    await connect(seller);
    const [account] = (await accountsOf(seller)).accounts;
    const row = await rowOf(seller.userId, account!.open_id);
    const { access, refresh } = await tokensOf(seller.userId, account!.open_id);
    expect(access).toMatch(/^act\./);
    expect(refresh).toMatch(/^rft\./);
    expect(row.accessTokenEnc).not.toContain(access);
    expect(row.refreshTokenEnc).not.toContain(refresh);
    // Bound to its row and field: the access ciphertext does not open as the refresh token.
    expect(() => cipher().decrypt(row.accessTokenEnc, tokenBinding(row, 'refresh'))).toThrow();
    const all = bodies.join('\n');
    expect(all).not.toMatch(/act\.[\w-]{8,}/);
    expect(all).not.toMatch(/rft\.[\w-]{8,}/);
    expect(all).not.toContain(row.accessTokenEnc);
  });
});

describe('TikTok tokens: refresh, reconnect, budgets', { timeout: 120_000 }, () => {
  it('refreshes when less than an hour is left and saves the rotated refresh token', async () => {
    const seller = await t.createUser();
    await connect(seller);
    const [account] = (await accountsOf(seller)).accounts;
    const before = await tokensOf(seller.userId, account!.open_id);
    const fresh = await t.tiktokAccounts.withAccessToken(seller.userId, undefined);
    expect(fresh.accessToken).toBe(before.access);

    await t.db.db
      .update(tiktokAccounts)
      .set({ accessTokenExpiresAt: sql`now() + interval '30 minutes'` })
      .where(eq(tiktokAccounts.openId, account!.open_id));
    const refreshed = await t.tiktokAccounts.withAccessToken(seller.userId, account!.open_id);
    const after = await tokensOf(seller.userId, account!.open_id);
    expect(refreshed.accessToken).not.toBe(before.access);
    expect(after.access).toBe(refreshed.accessToken);
    expect(after.refresh).not.toBe(before.refresh);
    expect(
      (await rowOf(seller.userId, account!.open_id)).accessTokenExpiresAt.getTime(),
    ).toBeGreaterThan(Date.now() + 1.9 * 3600_000);
    // The old refresh token was spent: only the saved one works now.
    await expect(client().refresh(before.refresh)).rejects.toMatchObject({ code: 'invalid_grant' });
  });

  it('refreshes once when two publishes force it at the same time', async () => {
    const seller = await t.createUser();
    await connect(seller);
    const [a, b] = await Promise.all([
      t.tiktokAccounts.withAccessToken(seller.userId, undefined, { forceRefresh: true }),
      t.tiktokAccounts.withAccessToken(seller.userId, undefined, { forceRefresh: true }),
    ]);
    expect(a.accessToken).toBe(b.accessToken);
    expect((await accountsOf(seller)).accounts[0]!.reconnect_needed).toBe(false);
  });

  it('marks the account reconnect needed when TikTok refuses the refresh (invalid_grant)', async () => {
    const seller = await t.createUser();
    await connect(seller);
    const [account] = (await accountsOf(seller)).accounts;
    await revokeSandboxAccountGrants(t.db.db, seller.userId, account!.open_id);
    await expect(
      t.tiktokAccounts.withAccessToken(seller.userId, undefined, { forceRefresh: true }),
    ).rejects.toMatchObject({ code: 'tiktok_reconnect_needed', status: 409 });
    expect((await accountsOf(seller)).accounts[0]!.reconnect_needed).toBe(true);
    const info = await inject('POST', '/api/tiktok/creator/info', seller);
    expect(info.statusCode).toBe(409);
    expect(info.json()).toMatchObject({ code: 'tiktok_reconnect_needed' });

    // Connecting the same TikTok account again clears the flag and keeps it the default.
    await connect(seller, {
      account: { open_id: account!.open_id },
      body: { returnTo: 'settings' },
    });
    expect((await accountsOf(seller)).accounts).toMatchObject([
      { open_id: account!.open_id, reconnect_needed: false, is_default: true },
    ]);
  });

  it('marks every connection to a TikTok account when its authorization is removed', async () => {
    const seller = await t.createUser();
    await connect(seller);
    const [account] = (await accountsOf(seller)).accounts;
    await t.tiktokAccounts.markAuthorizationRemoved(account!.open_id);
    expect((await accountsOf(seller)).accounts[0]!.reconnect_needed).toBe(true);
    await expect(t.tiktokAccounts.withAccessToken(seller.userId, undefined)).rejects.toMatchObject({
      code: 'tiktok_reconnect_needed',
    });
  });

  it('keeps an account without video.publish usable: creator info says which permission, no refresh', async () => {
    const seller = await t.createUser();
    await connect(seller, {
      grantedScopes: ['user.info.basic', 'user.info.profile', 'video.upload'],
    });
    const [account] = (await accountsOf(seller)).accounts;
    // Settings names what was unticked (decision 100).
    expect(account!.missing_scopes).toEqual(['video.publish', 'user.info.stats', 'video.list']);
    const before = await tokensOf(seller.userId, account!.open_id);
    const info = await inject('POST', '/api/tiktok/creator/info', seller);
    expect(info.statusCode, info.body).toBe(403);
    expect(info.json()).toMatchObject({
      code: 'tiktok_error',
      error: expect.stringContaining('Post content to your account directly'),
    });
    expect(info.json<{ error: string }>().error).toMatch(/reconnect the account in Settings/);
    // TikTok's 401 scope_not_authorized spent no refresh and locked nothing.
    expect((await accountsOf(seller)).accounts[0]!.reconnect_needed).toBe(false);
    expect(await tokensOf(seller.userId, account!.open_id)).toEqual(before);
    const token = await t.tiktokAccounts.withAccessToken(seller.userId, undefined);
    expect(token.accessToken).toBe(before.access);
  });

  it('answers creator info in the shape the upload dialogs read', async () => {
    const seller = await t.createUser();
    await connect(seller);
    const res = await inject('POST', '/api/tiktok/creator/info', seller);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      data: {
        creator_nickname: expect.any(String),
        privacy_level_options: expect.any(Array),
        max_video_post_duration_sec: expect.any(Number),
      },
      error: { code: 'ok' },
    });
  });

  it('keeps each account within its per-minute budget, shared through the database', async () => {
    const openId = `budget-${randomUUID()}`;
    for (let i = 0; i < 6; i++) await createTikTokCallBudget(t.db.db).reserve(openId, 'init');
    const error = await createTikTokCallBudget(t.db.db)
      .reserve(openId, 'init')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'tiktok_rate_limited', status: 429 });
    const wait = (error as { retryAfterSeconds: number }).retryAfterSeconds;
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    // Other kinds and other accounts have budgets of their own.
    await createTikTokCallBudget(t.db.db).reserve(openId, 'status');
    await createTikTokCallBudget(t.db.db).reserve(`${openId}-other`, 'init');
  });

  it('gives the last calls of a budget to exactly as many callers, however many ask at once', async () => {
    const openId = `budget-${randomUUID()}`;
    const budget = createTikTokCallBudget(t.db.db);
    const answers = await Promise.allSettled(
      Array.from({ length: 15 }, () => budget.reserve(openId, 'init')),
    );
    expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(6);
    for (const refused of answers.filter((a) => a.status === 'rejected')) {
      expect(refused.reason).toMatchObject({ code: 'tiktok_rate_limited' });
    }
  });

  it('lets a call leave the budget a minute after it was made', async () => {
    const openId = `budget-${randomUUID()}`;
    const minuteAgo = new Date(Date.now() - 61_000);
    await t.db.db.insert(tiktokCallWindows).values({
      openId,
      kind: 'init',
      calls: [minuteAgo, minuteAgo, minuteAgo, new Date(), new Date(), new Date()],
      taken: true,
    });
    const budget = createTikTokCallBudget(t.db.db);
    for (let i = 0; i < 3; i++) await budget.reserve(openId, 'init');
    const error = await budget.reserve(openId, 'init').catch((e: unknown) => e);
    // The oldest call left in the window was made just now: it leaves in about a minute.
    expect(error).toMatchObject({ code: 'tiktok_rate_limited' });
    expect((error as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThanOrEqual(58);
    const [row] = await t.db.db
      .select()
      .from(tiktokCallWindows)
      .where(and(eq(tiktokCallWindows.openId, openId), eq(tiktokCallWindows.kind, 'init')));
    expect(row!.calls).toHaveLength(6);
    expect(row!.calls.every((c) => c > minuteAgo)).toBe(true);
  });
});
