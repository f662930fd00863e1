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
