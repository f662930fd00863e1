import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TTikTokAccounts } from '#contract/tiktok';
import type { TestApp } from '../testing/test-app';
import { createTestApp } from '../testing/test-app';

/**
 * `npm run test:security`, TikTok login CSRF (issue 22, decision 055): a production server
 * connected to the real TikTok (keys set; its API origin is a closed port, so any code exchange
 * attempted would land as `token_exchange_failed`, not as the refusal checked here). The attacker
 * starts a connection and gets the victim's browser to finish it; nothing may be connected.
 */

const OUTSIDER = { remoteAddress: '198.51.100.23' } as const;

type User = Awaited<ReturnType<TestApp['createUser']>>;

describe('a production server refuses a TikTok connection finished in another browser', () => {
  let s: TestApp;
  let attacker: User;
  let victim: User;
  beforeAll(async () => {
    s = await createTestApp(
      {},
      {
        env: {
          NODE_ENV: 'production',
          APP_SECRET: 'operator-chosen-secret-0123456789abcdef',
          TIKTOK_CLIENT_KEY: 'aw0123456789abcd',
          TIKTOK_CLIENT_SECRET: 'operator-tiktok-secret-0123456789',
          TIKTOK_API_ORIGIN: 'http://127.0.0.1:9',
        },
      },
    );
    attacker = await s.createUser('attacker@example.com');
    victim = await s.createUser('victim@example.com');
  });
  afterAll(() => s.close());

  /** A browser: the connect cookie it was given, if any. */
  const go = async (url: string, cookie: string | undefined, headers: object = {}) =>
    s.app.inject({
      ...OUTSIDER,
      method: url.startsWith('/api/tiktok/auth/ticket') ? 'POST' : 'GET',
      url,
      headers: { ...headers, ...(cookie ? { cookie } : {}) },
      ...(url.startsWith('/api/tiktok/auth/ticket') ? { payload: {} } : {}),
    });
  const cookieOf = (res: { headers: Record<string, unknown> }) =>
    String(res.headers['set-cookie']).split(';')[0];
  const accountsOf = async (who: User) =>
    (
      await s.app.inject({
        ...OUTSIDER,
        method: 'GET',
        url: '/api/tiktok/accounts',
        headers: who.headers,
      })
    ).json<TTikTokAccounts>().accounts;

  it('runs as production against the real TikTok', () => {
    expect(s.config.env).toBe('production');
    expect(s.config.tiktok.kind).toBe('tiktok');
  });

  /** The attacker starts a connection in their own browser; the state TikTok will send back. */
  const attackerState = async () => {
    const ticket = await go('/api/tiktok/auth/ticket', undefined, attacker.headers);
    expect(ticket.statusCode).toBe(200);
    expect(String(ticket.headers['set-cookie'])).toMatch(/HttpOnly/i);
    expect(String(ticket.headers['set-cookie'])).toMatch(/SameSite=Lax/i);
    const login = await go(ticket.json<{ url: string }>().url, cookieOf(ticket));
    const authorize = new URL(login.headers.location as string);
    expect(authorize.origin).toBe('https://www.tiktok.com');
    return authorize.searchParams.get('state')!;
  };

  it('refuses the authorize link (its state) opened in the victim’s browser', async () => {
    const victimCookie = cookieOf(await go('/api/tiktok/auth/ticket', undefined, victim.headers));
    for (const cookie of [undefined, victimCookie]) {
      const state = await attackerState();
      // TikTok sends the victim's browser back with a code for the victim's account.
      const callback = await go(
        `/api/tiktok/auth/callback?code=victims-code&scopes=video.upload&state=${state}`,
        cookie,
      );
      expect(callback.headers.location).toBe('/app/tiktok-callback?error=other_browser');
    }
    expect(await accountsOf(attacker)).toEqual([]);
    expect(await accountsOf(victim)).toEqual([]);
  });

  it('refuses the attacker’s login link opened in the victim’s browser', async () => {
    const victimCookie = cookieOf(await go('/api/tiktok/auth/ticket', undefined, victim.headers));
    for (const cookie of [undefined, victimCookie]) {
      const ticket = await go('/api/tiktok/auth/ticket', undefined, attacker.headers);
      const opened = await go(ticket.json<{ url: string }>().url, cookie);
      expect(opened.headers.location).toBe('/app/tiktok-callback?error=other_browser');
    }
    expect(await accountsOf(attacker)).toEqual([]);
  });
});
