import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const me = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(token) });
  const getSession = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: bearer(token) });

  it('checks the bearer token whole: an altered or missing signature is refused', async () => {
    const u = await t.createUser();
    const signedIn = await t.signIn(u.email);
    const signed = String(signedIn.headers['set-auth-token']);
    const token = signedIn.json<{ token: string }>().token;
    expect(signed.startsWith(`${token}.`)).toBe(true);

    expect((await me(token)).statusCode).toBe(200);
    expect((await me(signed)).statusCode).toBe(200);
    expect((await getSession(signed)).json()?.session.token).toBe(token);

    const signature = signed.slice(token.length + 1);
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    for (const forged of [`${token}.forged`, `${token}.`, `${token}.${flipped}`, `${signed}x`]) {
      const res = await me(forged);
      expect(res.statusCode, forged).toBe(401);
      expect(res.json()).toEqual({ error: 'Sign in to continue', code: 'unauthorized' });
      // better-auth's own routes see no session either.
      expect((await getSession(forged)).json(), forged).toBeNull();
    }
  });

  it('ends every other session when the password changes; the changing one stays', async () => {
    const u = await t.createUser();
    const other = (await t.signIn(u.email)).json<{ token: string }>().token;
    // Both sessions have just been checked, so a session cache would know them.
    expect((await me(other)).statusCode).toBe(200);
    expect((await me(u.token)).statusCode).toBe(200);

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: u.headers,
      payload: { currentPassword: 'secret-pass-1', newPassword: 'changed-pass-2' },
    });
    expect(res.statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await getSession(other)).json()).toBeNull();
    expect((await me(u.token)).statusCode).toBe(200);
  });

  it('ends every session when the password is reset, and signs in with a new one', async () => {
    const u = await t.createUser();
    const other = (await t.signIn(u.email)).json<{ token: string }>().token;
    expect((await me(other)).statusCode).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: u.email, redirectTo: 'http://localhost:3999/reset-password' },
    });
    const link = new URL(await t.linkTo(u.email, /Reset your Hookreel password/));
    const token = new URLSearchParams(link.hash.slice(1)).get('access_token');
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/auth/recover',
      payload: { token, password: 'brand-new-pass' },
    });
    expect(done.statusCode).toBe(200);
    expect((await me(u.token)).statusCode).toBe(401);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(done.json<{ token: string }>().token)).statusCode).toBe(200);
  });

  it('a checked session stops working at once after sign-out or revocation', async () => {
    const u = await t.createUser();
    const second = (await t.signIn(u.email)).json<{ token: string }>().token;
    expect((await me(u.token)).statusCode).toBe(200);
    expect((await me(second)).statusCode).toBe(200);

    const revoke = await t.app.inject({
      method: 'POST',
      url: '/api/auth/revoke-session',
      headers: u.headers,
      payload: { token: second },
    });
    expect(revoke.statusCode).toBe(200);
    expect((await me(second)).statusCode).toBe(401);

    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: u.headers,
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect((await me(u.token)).statusCode).toBe(401);
  });
});
