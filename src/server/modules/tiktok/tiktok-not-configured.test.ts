import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TIKTOK_NOT_CONFIGURED } from '#contract/tiktok-mode';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';

const PRODUCTION = {
  NODE_ENV: 'production',
  APP_SECRET: 'q0tV3b9Xw7Zk2Lr8Nc5Hy1Pj6Dm4Fg0Sa3Ue9Yi',
};

/** Where a seller would connect or post, with a body each route would otherwise accept. */
const ACTIONS = [
  { method: 'POST', url: '/api/tiktok/auth/ticket', payload: {} },
  { method: 'POST', url: '/api/tiktok/creator/info', payload: {} },
  { method: 'POST', url: '/api/tiktok/video/upload/init', payload: {} },
  { method: 'POST', url: '/api/tiktok/photo/upload/init', payload: {} },
] as const;

describe('production without TikTok keys', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { env: PRODUCTION });
  });
  afterAll(() => t.close());

  it('says TikTok is not configured wherever a seller would connect or post', async () => {
    const seller = await t.createUser('seller@example.com');
    for (const action of ACTIONS) {
      const res = await t.app.inject({ ...action, headers: seller.headers });
      expect(res.statusCode, action.url).toBe(503);
      expect(res.json()).toEqual({ code: 'tiktok_not_configured', error: TIKTOK_NOT_CONFIGURED });
    }
    const accounts = await t.app.inject({
      method: 'GET',
      url: '/api/tiktok/accounts',
      headers: seller.headers,
    });
    expect(accounts.statusCode).toBe(200);
    expect(accounts.json()).toMatchObject({ accounts: [] });
  });

  it('serves no sandbox and tells the browser and the operator so', async () => {
    for (const [method, url] of [
      ['POST', '/tiktok-sandbox/v2/oauth/token/'],
      ['GET', '/tiktok-sandbox/api/inbox'],
      ['POST', '/tiktok-sandbox/v2/post/publish/inbox/video/init/'],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode, url).toBe(404);
    }
    const config = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json()).toMatchObject({ tiktok: 'off' });
    expect(t.adapterWarnings.join('\n')).toMatch(
      /tiktok: not configured .*TIKTOK_SANDBOX_IN_PRODUCTION=true/,
    );
  });

  it('documents the answer on each of those routes', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();
    for (const action of ACTIONS) {
      expect(Object.keys(doc.paths[action.url]?.post?.responses ?? {}), action.url).toContain(
        '503',
      );
    }
  });
});

describe('production with TIKTOK_SANDBOX_IN_PRODUCTION=true', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { env: { ...PRODUCTION, TIKTOK_SANDBOX_IN_PRODUCTION: 'true' } });
  });
  afterAll(() => t.close());

  it('serves the sandbox, labelled as such, and warns the operator', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json()).toMatchObject({ tiktok: 'sandbox' });
    expect(t.adapterWarnings.join('\n')).toMatch(/built-in sandbox .* IN PRODUCTION/);
    const token = await t.app.inject({ method: 'POST', url: '/tiktok-sandbox/v2/oauth/token/' });
    expect(token.statusCode).not.toBe(404);
    const seller = await t.createUser('seller@example.com');
    const ticket = await t.app.inject({
      method: 'POST',
      url: '/api/tiktok/auth/ticket',
      headers: seller.headers,
      payload: {},
    });
    expect(ticket.statusCode).toBe(200);
  });
});
