import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';

describe('accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('signs up, refuses sign-in before confirmation, confirms through the e-mail, signs in', async () => {
    const email = 'grace@example.com';
    const res = await t.signUp(email, 'secret-pass-1', 'Grace Brewster Hopper');
    expect(res.statusCode).toBe(200);
    expect(res.json().user.emailVerified).toBe(false);

    const early = await t.signIn(email);
    expect(early.statusCode).toBe(403);
    expect(early.json()).toMatchObject({ code: 'email_not_verified' });

    const link = new URL(await t.linkTo(email, /Confirm your Hookreel account/));
    expect(link.searchParams.get('callbackURL')).toBe('/?email_confirmed=true');
    const confirm = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(confirm.statusCode).toBe(302);
    expect(confirm.headers.location).toBe('/?email_confirmed=true');
    // A second click (or a tampered token) still lands on the page, which then explains.
    const again = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(again.headers.location).toBe('/?email_confirmed=true');
    const broken = new URL(link);
    broken.searchParams.set('token', 'not-a-token');
    const bad = await t.app.inject({ method: 'GET', url: broken.pathname + broken.search });
    expect(bad.statusCode).toBe(302);
    expect(bad.headers.location).toBe('/?email_confirmed=true&error=INVALID_TOKEN');

    const ok = await t.signIn(email);
    expect(ok.statusCode).toBe(200);
    const { token } = ok.json();
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email,
      firstName: 'Grace',
      lastName: 'Brewster Hopper',
      fullName: 'Grace Brewster Hopper',
      displayName: 'Grace Brewster Hopper',
      plan: 'free',
      subscriptionStatus: null,
      subscription_status: null,
      stripe_customer_id: null,
      current_period_end: null,
      tiktokAccessToken: null,
    });
  });

  it('sends the confirmation e-mail again on request (a lost one never locks the account)', async () => {
    const email = 'lost-mail@example.com';
    expect((await t.signUp(email)).statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/send-verification-email',
      payload: { email, callbackURL: '/' },
    });
    expect(again.statusCode).toBe(200);
    const confirmations = (await t.outbox()).filter(
      (m) => m.to === email && /Confirm your Hookreel account/.test(m.subject),
    );
    expect(confirmations).toHaveLength(2);
    const link = new URL(confirmations.at(-1)!.links[0]!);
    const confirm = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(confirm.statusCode).toBe(302);
    expect((await t.signIn(email)).statusCode).toBe(200);
  });

  it('answers a wrong password with 401 and our envelope', async () => {
    const { email } = await t.createUser();
    const res = await t.signIn(email, 'wrong-password');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: expect.any(String), code: 'invalid_email_or_password' });
  });

  it('rejects a sign-up password shorter than 6 characters', async () => {
    const res = await t.signUp('short@example.com', '12345');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('password_too_short');
  });

  it('bounds the name a sign-up stores and drops fields better-auth would store unasked', async () => {
    const long = await t.signUp('long-name@example.com', 'secret-pass-1', 'N'.repeat(10_000));
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ code: 'validation_error', field: 'name' });
    expect(long.json().error).toMatch(/100 characters/);
    const blank = await t.signUp('blank-name@example.com', 'secret-pass-1', '   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ code: 'validation_error', field: 'name' });
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: {},
    });
    expect(empty.json()).toMatchObject({ code: 'validation_error', field: 'email' });
    expect(empty.json().error).toMatch(/Enter your e-mail address/i);
    const longEmail = await t.signUp(`${'e'.repeat(300)}@example.com`);
    expect(longEmail.json()).toMatchObject({ code: 'validation_error', field: 'email' });

    const email = 'image@example.com';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: {
        email,
        password: 'secret-pass-1',
        name: '  Grace Hopper  ',
        image: 'https://evil.test/tracker.png',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({ name: 'Grace Hopper', image: null });
  });

  it('does not reveal that an e-mail is taken, and tells the owner instead', async () => {
    const { email } = await t.createUser();
    const res = await t.signUp(email, 'another-pass-1');
    expect(res.statusCode).toBe(200);
    await t.linkTo(email, /already have a Hookreel account/);
  });

  it('resets the password through the e-mailed link (token in the hash) and signs in', async () => {
    const { email } = await t.createUser();
    const req = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email, redirectTo: 'http://localhost:3999/reset-password' },
    });
    expect(req.statusCode).toBe(200);
    const link = new URL(await t.linkTo(email, /Reset your Hookreel password/));
    expect(link.pathname).toBe('/reset-password');
    expect(link.search).toBe('');
    const token = new URLSearchParams(link.hash.slice(1)).get('access_token');
    expect(token).toBeTruthy();

    const short = await t.app.inject({
      method: 'POST',
      url: '/api/auth/recover',
      payload: { token, password: 'short' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ code: 'validation_error', field: 'password' });

    const done = await t.app.inject({
      method: 'POST',
      url: '/api/auth/recover',
      payload: { token, password: 'brand-new-pass' },
    });
    expect(done.statusCode).toBe(200);
    const session = done.json();
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(me.json().email).toBe(email);

    expect((await t.signIn(email)).statusCode).toBe(401);
    expect((await t.signIn(email, 'brand-new-pass')).statusCode).toBe(200);

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/recover',
      payload: { token, password: 'yet-another-pass' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('invalid_token');
  });

  it('changes the password of a signed-in user', async () => {
    const u = await t.createUser();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: u.headers,
      payload: { currentPassword: 'secret-pass-1', newPassword: 'changed-pass-2' },
    });
    expect(res.statusCode).toBe(200);
    expect((await t.signIn(u.email, 'changed-pass-2')).statusCode).toBe(200);
  });

  it('signs out: the token stops working', async () => {
    const u = await t.createUser();
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: u.headers,
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: u.headers });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toEqual({ error: 'Sign in to continue', code: 'unauthorized' });
  });

  it('reports the session expiry so the client can refresh it', async () => {
    const u = await t.createUser();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: u.headers,
    });
    expect(res.statusCode).toBe(200);
    const expiresAt = new Date(res.json().session.expiresAt).getTime();
    expect(expiresAt).toBeGreaterThan(Date.now() + 6 * 24 * 3600 * 1000);
  });

  it('ignores the session cookie on our own API (bearer only)', async () => {
    const u = await t.createUser();
    const signedIn = await t.signIn(u.email);
    const cookie = String(signedIn.headers['set-cookie']).split(';')[0];
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(me.statusCode).toBe(401);
  });
});

describe('auth rate limit', () => {
  it('answers 429 with our envelope after too many attempts', async () => {
    const t = await createTestApp({ authRateLimitMax: 3 });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++)
        codes.push((await t.signIn('nobody@example.com', 'x')).statusCode);
      expect(codes.slice(0, 3)).toEqual([401, 401, 401]);
      expect(codes[3]).toBe(429);
      const res = await t.signIn('nobody@example.com', 'x');
      expect(res.json().code).toBe('rate_limited');
    } finally {
      await t.close();
    }
  });
});
