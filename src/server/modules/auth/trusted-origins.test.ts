import { afterEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';

// A browser sends its page's origin with every sign-up; better-auth refuses origins it does not
// trust with 403 invalid_origin, which the dialog shows as "Failed to create account".
const signUpFrom = (app: TestApp, origin: string, email: string) =>
  app.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin },
    payload: { email, password: 'secret-pass-1', name: 'Ada', callbackURL: '/' },
  });

// Two fresh apps on a shared 2-core machine: more time than the default.
describe('trusted origins', { timeout: 120_000 }, () => {
  let app: TestApp | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('without APP_URL, accepts sign-up from every loopback name of the port and no other', async () => {
    // An empty APP_URL counts as unset: the newcomer's `npm start`.
    app = await createTestApp({}, { env: { APP_URL: '', PORT: '3121' } });
    expect(app.config.appUrl).toBe('http://localhost:3121');

    for (const [i, origin] of [
      'http://localhost:3121',
      'http://127.0.0.1:3121',
      'http://[::1]:3121',
    ].entries()) {
      const res = await signUpFrom(app, origin, `loopback-${i}@example.com`);
      expect(res.statusCode, `${origin}: ${res.body}`).toBe(200);
    }
    for (const origin of [
      'http://localhost:3000',
      'http://192.168.1.20:3121',
      'https://evil.test',
    ]) {
      const res = await signUpFrom(app, origin, 'other@example.com');
      expect(res.statusCode, origin).toBe(403);
      expect(res.json()).toMatchObject({ error: 'Invalid origin' });
    }
  });

  it('logs a refused origin as a warning, never as an error: anyone can send one', async () => {
    const logs: string[] = [];
    app = await createTestApp({}, { env: { PORT: '3121' }, logs });
    const res = await signUpFrom(app, `https://evil.test/${'x'.repeat(5000)}`, 'evil@example.com');
    expect(res.statusCode).toBe(403);
    const lines = logs.map((l) => JSON.parse(l) as { level: number; msg: string });
    const refused = lines.filter((l) => l.msg.includes('Invalid origin'));
    expect(refused.map((l) => l.level)).toEqual([40]);
    expect(refused[0]?.msg.length).toBeLessThan(300);
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
  });

  it('with APP_URL, trusts that origin only', async () => {
    app = await createTestApp({}, { env: { APP_URL: 'https://app.example.com/', PORT: '3121' } });

    const ok = await signUpFrom(app, 'https://app.example.com', 'public@example.com');
    expect(ok.statusCode, ok.body).toBe(200);
    const loopback = await signUpFrom(app, 'http://127.0.0.1:3121', 'loopback@example.com');
    expect(loopback.statusCode).toBe(403);
  });
});
