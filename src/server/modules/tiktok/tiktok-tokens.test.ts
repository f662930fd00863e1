import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TTikTokAccounts } from '#contract/tiktok';
import { createTikTokClient } from '../../adapters/tiktok/tiktok-client';
import { tiktokAccounts } from '../../db/schema';
import { startFakeTikTokServer } from '../../testing/fakes/fake-tiktok-server';
import { installFakeTikTokTokens } from '../../testing/fakes/fake-tiktok-tokens';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';
import { createTikTokAccounts } from './tiktok-accounts-service';
import { createTokenCipher, tokenBinding } from './token-cipher';

/**
 * Tokens and permissions against a local fake of TikTok's hosts that answers as TikTok's current
 * docs do (`fake-tiktok-tokens.ts`): the app is configured for the real TikTok (`kind: tiktok`)
 * with its origins on the fake, and every call goes through the real client over HTTP. A second
 * accounts module on the same database stands for a second server process (decision 101).
 */

const CLIENT = { clientKey: 'awfakeclientkey1', clientSecret: 'fake-client-secret-0123456789abcd' };
const ALL_SCOPES = [
  'user.info.basic',
  'user.info.profile',
  'video.upload',
  'video.publish',
  'user.info.stats',
  'video.list',
];

let fake: Awaited<ReturnType<typeof startFakeTikTokServer>>;
let tiktok: ReturnType<typeof installFakeTikTokTokens>;
let t: TestApp;

beforeAll(async () => {
  fake = await startFakeTikTokServer();
  tiktok = installFakeTikTokTokens(fake, CLIENT);
  t = await createTestApp(
    {},
    {
      env: {
        TIKTOK_CLIENT_KEY: CLIENT.clientKey,
        TIKTOK_CLIENT_SECRET: CLIENT.clientSecret,
        TIKTOK_API_ORIGIN: fake.origin,
        TIKTOK_AUTH_ORIGIN: fake.origin,
      },
    },
  );
  expect(t.config.tiktok.kind).toBe('tiktok');
}, 180_000);

afterAll(async () => {
  await t?.close();
  await fake?.close();
});

/** Another server process: its own accounts module and client, the same database. */
const otherProcess = (timeoutMs?: number) =>
  createTikTokAccounts({
    db: t.db.db,
    api: createTikTokClient({ ...t.config.tiktok, timeoutMs }),
    cipher: createTokenCipher(t.config.secret),
    log: t.app.log,
  });

/** A seller whose TikTok consent granted `scopes`, saved as the OAuth callback saves it. */
const connected = async (scopes = ALL_SCOPES) => {
  const seller = await t.createUser();
  const openId = `fake-${randomUUID()}`;
  const answer = tiktok.grant(openId, scopes);
  await t.tiktokAccounts.connect(
    seller.userId,
    {
      openId,
      scopes: answer.scope.split(','),
      accessToken: answer.access_token,
      accessTokenExpiresAt: new Date(Date.now() + answer.expires_in * 1000),
      refreshToken: answer.refresh_token,
      refreshTokenExpiresAt: new Date(Date.now() + answer.refresh_expires_in * 1000),
    },
    { openId, displayName: 'Fake Shop', username: 'fakeshop', avatarUrl: null },
  );
  return { ...seller, openId };
};

const cipher = () => createTokenCipher(t.config.secret);
const rowOf = async (openId: string) =>
  (await t.db.db.select().from(tiktokAccounts).where(eq(tiktokAccounts.openId, openId)))[0]!;
const tokensOf = async (openId: string) => {
  const row = await rowOf(openId);
  return {
    access: cipher().decrypt(row.accessTokenEnc, tokenBinding(row, 'access')),
    refresh: cipher().decrypt(row.refreshTokenEnc, tokenBinding(row, 'refresh')),
  };
};
const expireSoon = (openId: string) =>
  t.db.db
    .update(tiktokAccounts)
    .set({ accessTokenExpiresAt: sql`now() + interval '30 minutes'` })
    .where(eq(tiktokAccounts.openId, openId));

const accountsOf = async (seller: { headers: Record<string, string> }) => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/tiktok/accounts',
    headers: seller.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TTikTokAccounts>();
};

const caught = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error,
  );

describe('an unticked permission against TikTok’s answers', { timeout: 120_000 }, () => {
  it('takes 401 scope_not_authorized as a missing permission: no refresh, usable, named in words', async () => {
    const seller = await connected(['user.info.basic', 'user.info.profile', 'video.upload']);
    const before = await tokensOf(seller.openId);
    const refreshes = tiktok.refreshCalls();

    const info = await t.app.inject({
      method: 'POST',
      url: '/api/tiktok/creator/info',
      headers: seller.headers,
    });
    expect(info.statusCode, info.body).toBe(403);
    expect(info.json<{ error: string }>().error).toBe(
      'This TikTok account did not give Hookreel the permission “Post content to your account directly”, which the creator info request needs. Drafts can still be sent to its inbox. To grant it, reconnect the account in Settings → TikTok and leave “Post content to your account directly” ticked on TikTok’s screen.',
    );
    // TikTok was asked once (its 401 envelope came back), and no refresh token was spent.
    const asked = fake.requests.filter((r) => r.path === '/v2/post/publish/creator_info/query/');
    expect(asked.at(-1)!.headers.authorization).toBe(`Bearer ${before.access}`);
    expect(tiktok.refreshCalls()).toBe(refreshes);
    expect(tiktok.refreshTokenWorks(before.refresh)).toBe(true);
    expect(await tokensOf(seller.openId)).toEqual(before);

    const { accounts } = await accountsOf(seller);
    expect(accounts).toMatchObject([
      {
        open_id: seller.openId,
        reconnect_needed: false,
        missing_scopes: ['video.publish', 'user.info.stats', 'video.list'],
      },
    ]);
    // Still usable for what was granted.
    const token = await t.tiktokAccounts.withAccessToken(seller.userId, undefined);
    expect(token.accessToken).toBe(before.access);
    // Publishing reads the grant from here to skip creator info for a drafts-only account.
    expect(token.scopes).toEqual(['user.info.basic', 'user.info.profile', 'video.upload']);
  });

  it('reads creator info for a grant with every permission', async () => {
    const seller = await connected();
    const info = await t.app.inject({
      method: 'POST',
      url: '/api/tiktok/creator/info',
      headers: seller.headers,
    });
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json()).toMatchObject({ data: { creator_nickname: 'Fake Creator' } });
    expect((await accountsOf(seller)).accounts[0]!.missing_scopes).toEqual([]);
  });
});

describe('tokens under TikTok’s current rules', { timeout: 120_000 }, () => {
  it('refreshes ahead of expiry and keeps the rotated refresh token, the old one dead at TikTok', async () => {
    const seller = await connected();
    const before = await tokensOf(seller.openId);
    // Two hours fresh: no refresh.
    await t.tiktokAccounts.withAccessToken(seller.userId, undefined);
    const refreshes = tiktok.refreshCalls();

    await expireSoon(seller.openId);
    const fresh = await t.tiktokAccounts.withAccessToken(seller.userId, undefined);
    expect(tiktok.refreshCalls()).toBe(refreshes + 1);
    const after = await tokensOf(seller.openId);
    expect(fresh.accessToken).toBe(after.access);
    expect(after.access).not.toBe(before.access);
    expect(tiktok.refreshTokenWorks(before.refresh)).toBe(false);
    expect(tiktok.refreshTokenWorks(after.refresh)).toBe(true);
    const row = await rowOf(seller.openId);
    expect(row.accessTokenExpiresAt.getTime()).toBeGreaterThan(Date.now() + 1.9 * 3600_000);
    expect(row.accessTokenExpiresAt.getTime()).toBeLessThan(Date.now() + 2.1 * 3600_000);
  });

  it('spends a refresh token once when two processes refresh the same account at once', async () => {
    const seller = await connected();
    const before = await tokensOf(seller.openId);
    const refreshes = tiktok.refreshCalls();
    // Each answer takes a while, so the second process asks while the first waits for TikTok.
    tiktok.slowRefreshes(400);
    try {
      const [a, b] = await Promise.all([
        t.tiktokAccounts.withAccessToken(seller.userId, undefined, { forceRefresh: true }),
        otherProcess().withAccessToken(seller.userId, undefined, { forceRefresh: true }),
      ]);
      expect(a.accessToken).toBe(b.accessToken);
    } finally {
      tiktok.slowRefreshes(0);
    }
    expect(tiktok.refreshCalls()).toBe(refreshes + 1);
    expect((await accountsOf(seller)).accounts[0]!.reconnect_needed).toBe(false);
    const after = await tokensOf(seller.openId);
    expect(after.refresh).not.toBe(before.refresh);
    expect(tiktok.refreshTokenWorks(after.refresh)).toBe(true);
  });

  it('a lost refresh answer: the old token keeps working while it lasts, then the account asks for a reconnect in words', async () => {
    const seller = await connected();
    const before = await tokensOf(seller.openId);
    await expireSoon(seller.openId);
    // TikTok rotates the token, but its answer never arrives (a timeout on our side).
    tiktok.loseNextRefreshAnswer();
    const hasty = otherProcess(500);
    const token = await hasty.withAccessToken(seller.userId, undefined);
    // The current access token has 30 minutes left: the call it was asked for still goes out.
    expect(token.accessToken).toBe(before.access);
    expect(tiktok.refreshTokenWorks(before.refresh)).toBe(false);
    expect((await rowOf(seller.openId)).refreshLeaseUntil).toBeNull();
    expect((await accountsOf(seller)).accounts[0]!.reconnect_needed).toBe(false);

    // The next refresh sends the spent token: invalid_grant marks the account, never silently.
    const error = await caught(
      t.tiktokAccounts.withAccessToken(seller.userId, undefined, { forceRefresh: true }),
    );
    expect(error).toMatchObject({ code: 'tiktok_reconnect_needed', status: 409 });
    expect((error as Error).message).toBe(
      'Your TikTok connection has expired: TikTok no longer accepts Hookreel’s sign-in for this account. Reconnect it in Settings → TikTok to continue posting; scheduled campaign items wait until then.',
    );
    expect((await accountsOf(seller)).accounts[0]!.reconnect_needed).toBe(true);
    const info = await t.app.inject({
      method: 'POST',
      url: '/api/tiktok/creator/info',
      headers: seller.headers,
    });
    expect(info.statusCode).toBe(409);
    expect(info.json()).toMatchObject({ code: 'tiktok_reconnect_needed' });
  });

  it('a process that died mid-refresh: its lease runs out, and the spent token marks the account', async () => {
    const seller = await connected();
    const before = await tokensOf(seller.openId);
    // TikTok took the refresh, then the process died before saving: its lease is past.
    tiktok.spendRefreshToken(before.refresh);
    await t.db.db
      .update(tiktokAccounts)
      .set({ refreshLeaseUntil: sql`now() - interval '1 second'` })
      .where(eq(tiktokAccounts.openId, seller.openId));
    const error = await caught(
      otherProcess().withAccessToken(seller.userId, undefined, { forceRefresh: true }),
    );
    expect(error).toMatchObject({ code: 'tiktok_reconnect_needed' });
    expect((await accountsOf(seller)).accounts[0]!.reconnect_needed).toBe(true);
  });

  it('asks for a reconnect without calling TikTok once the refresh token’s 180 days are over', async () => {
    const seller = await connected();
    await t.db.db
      .update(tiktokAccounts)
      .set({
        accessTokenExpiresAt: sql`now() - interval '1 minute'`,
        refreshTokenExpiresAt: sql`now() - interval '1 minute'`,
      })
      .where(eq(tiktokAccounts.openId, seller.openId));
    const refreshes = tiktok.refreshCalls();
    const error = await caught(t.tiktokAccounts.withAccessToken(seller.userId, undefined));
    expect(error).toMatchObject({ code: 'tiktok_reconnect_needed' });
    expect(tiktok.refreshCalls()).toBe(refreshes);
    expect((await accountsOf(seller)).accounts[0]!.reconnect_needed).toBe(true);
  });
});
