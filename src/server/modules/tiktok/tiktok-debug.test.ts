import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../testing/test-app';

describe('GET /api/tiktok/debug', () => {
  it('reports which settings exist without revealing them', async () => {
    const t = await createTestApp({
      tiktok: {
        kind: 'tiktok',
        clientKey: 'awkey1234567890ab',
        clientSecret: 'super-secret-value',
        redirectUri: 'https://app.example/cb',
        apiOrigin: 'https://open.tiktokapis.com',
        authOrigin: 'https://www.tiktok.com',
      },
    });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/tiktok/debug' });
      expect(res.json()).toEqual({
        host: 'http://localhost:3999',
        environment: 'test',
        redirectUri: 'https://app.example/cb',
        clientIdConfigured: true,
        clientSecretConfigured: true,
      });
      expect(res.body).not.toContain('super-secret-value');
      expect(res.body).not.toContain('awkey1234567890ab');
    } finally {
      await t.close();
    }
  });

  it('says when the credentials are missing and derives the redirect URI from APP_URL', async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/tiktok/debug' });
      expect(res.json()).toMatchObject({
        redirectUri: 'http://localhost:3999/api/tiktok/auth/callback',
        clientIdConfigured: false,
        clientSecretConfigured: false,
      });
    } finally {
      await t.close();
    }
  });
});

describe('GET /api/tiktok/debug in production', () => {
  it('answers operators only', async () => {
    const t = await createTestApp(
      { operatorEmails: ['ops@example.com'] },
      { env: { NODE_ENV: 'production', APP_SECRET: 'q0tV3b9Xw7Zk2Lr8Nc5Hy1Pj6Dm4Fg0Sa3Ue9Yi' } },
    );
    try {
      const debug = (headers: Record<string, string> = {}) =>
        t.app.inject({ method: 'GET', url: '/api/tiktok/debug', headers });
      const anonymous = await debug();
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toMatchObject({ code: 'unauthorized' });
      const seller = await t.createUser('seller@example.com');
      const refused = await debug(seller.headers);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        code: 'forbidden',
        error:
          'The TikTok configuration check is for this server’s operators (OPERATOR_EMAILS) only.',
      });
      expect(refused.body).not.toContain('callback');
      const operator = await t.createUser('ops@example.com');
      const answered = await debug(operator.headers);
      expect(answered.statusCode).toBe(200);
      expect(answered.json()).toMatchObject({ environment: 'production' });
    } finally {
      await t.close();
    }
  });
});
