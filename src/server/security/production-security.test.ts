import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createEmailVerificationToken } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORMER_DEFAULT_SECRET } from '../app-secret';
import { createDiskSignature } from '../adapters/storage/disk-storage';
import { pulledMediaUrl } from '../modules/publishing';
import { loadConfig } from '../config';
import { MAX_SIGNED_URL_TTL_SECONDS } from '../adapters/storage/storage';
import { tiktokPosts, users } from '../db/schema';
import { allowLocalOrigins } from '../net/safe-fetch';
import { seedFinishedRender } from '../testing/render-fixtures';
import type { TestApp } from '../testing/test-app';
import { createTestApp } from '../testing/test-app';

/**
 * `npm run test:security`: a production server as an operator would start it (NODE_ENV
 * production, APP_SECRET set, a TikTok app, no Stripe) replays the known attacks; each must be refused. One
 * more attack is one more entry in `attacks`.
 */

const postVideo = (s: Server, headers: Record<string, string>, videoUrl: string) =>
  s.app.inject({
    ...OUTSIDER,
    method: 'POST',
    url: '/api/tiktok/video/upload/init',
    headers,
    payload: { title: 'Clip', video_url: videoUrl },
  });
const postsOf = (s: Server, userId: string) =>
  s.db.db.select().from(tiktokPosts).where(eq(tiktokPosts.userId, userId));

const PRODUCTION = {
  NODE_ENV: 'production',
  APP_SECRET: 'operator-chosen-secret-0123456789abcdef',
};

/**
 * The operator's TikTok app (decision 063: without one, production has no TikTok features to
 * attack). Its origins lead nowhere: every attack here is refused before TikTok is called.
 */
const TIKTOK_APP = {
  TIKTOK_CLIENT_KEY: 'awoperatorkey0001',
  TIKTOK_CLIENT_SECRET: 'operator-tiktok-secret-0123456789',
  TIKTOK_API_ORIGIN: 'http://127.0.0.1:9',
  TIKTOK_AUTH_ORIGIN: 'http://127.0.0.1:9',
};

/** A request from somewhere on the internet, not from the server's own machine. */
const OUTSIDER = { remoteAddress: '198.51.100.23' } as const;

type Server = TestApp & {
  /** A confirmed user who the attacker is not. */
  victim: Awaited<ReturnType<TestApp['createUser']>>;
  /**
   * The attacker's media host: a local server that this app alone counts as a public address
   * (a test seam production never has), trickling a byte every 50 ms for as long as it is read.
   */
  slowHost: { origin: string; open: () => number };
};

/** Starts the attacker's trickling media host. */
const startSlowHost = async () => {
  let open = 0;
  const server = http.createServer((_req, res) => {
    open++;
    res.writeHead(200, { 'content-type': 'video/mp4' });
    const timer = setInterval(() => res.write(Buffer.alloc(1, 1)), 50);
    res.on('close', () => {
      open--;
      clearInterval(timer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    open: () => open,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

const attacks: Record<string, (s: Server) => Promise<void>> = {
  'account takeover through the outbox (reset request, read /dev/mail.json, recover)': async (
    s,
  ) => {
    const reset = await s.app.inject({
      ...OUTSIDER,
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: s.victim.email, redirectTo: `${s.config.appUrl}/reset-password` },
    });
    expect(reset.statusCode).toBe(200);
    // The reset link does exist in the outbox on disk: only the pages stand in the way.
    await s.linkTo(s.victim.email, /Reset your Hookreel password/);
    for (const url of ['/dev/mail.json', '/dev/mail']) {
      for (const headers of [{}, { 'x-forwarded-for': '127.0.0.1' }]) {
        const read = await s.app.inject({ ...OUTSIDER, method: 'GET', url, headers });
        expect(read.statusCode).toBe(404);
        expect(read.body).not.toContain('access_token');
        expect(read.body).not.toContain(s.victim.email);
      }
      // Not even the machine itself reads it in production.
      expect((await s.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
    const recover = await s.app.inject({
      ...OUTSIDER,
      method: 'POST',
      url: '/api/auth/recover',
      payload: { token: 'guessed-token', password: 'attacker-pass-1' },
    });
    expect(recover.statusCode).toBeGreaterThanOrEqual(400);
    expect(recover.statusCode).toBeLessThan(500);
    expect((await s.signIn(s.victim.email)).statusCode).toBe(200);
  },

  'an e-mail confirmation forged with the former default secret': async (s) => {
    const email = 'not-mine@example.com';
    expect((await s.signUp(email)).statusCode).toBe(200);
    const genuine = new URL(await s.linkTo(email, /Confirm/));
    const forged = await createEmailVerificationToken(FORMER_DEFAULT_SECRET, email);
    const params = new URLSearchParams(genuine.search);
    params.set('token', forged);
    const res = await s.app.inject({
      ...OUTSIDER,
      method: 'GET',
      url: `${genuine.pathname}?${params.toString()}`,
    });
    expect(res.statusCode).not.toBe(200);
    const signIn = await s.signIn(email);
    expect(signIn.statusCode).toBe(403);
  },

  'a /files link forged with the former default secret, or signed to last for ever': async (s) => {
    const key = `users/${s.victim.userId}/avatars/a.png`;
    await s.storage.put(key, Buffer.from('private'), 'image/png');
    const forever = Math.floor(Date.now() / 1000) + 10 * 365 * 86_400;
    const tooFar = Math.floor(Date.now() / 1000) + MAX_SIGNED_URL_TTL_SECONDS + 3600;
    for (const [secret, expires] of [
      [FORMER_DEFAULT_SECRET, forever],
      [FORMER_DEFAULT_SECRET, Math.floor(Date.now() / 1000) + 60],
      [s.config.secret, forever],
      [s.config.secret, tooFar],
    ] as const) {
      const sig = createDiskSignature(secret, key, expires);
      const res = await s.app.inject({
        ...OUTSIDER,
        method: 'GET',
        url: `/files/${key}?expires=${expires}&sig=${sig}`,
      });
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('private');
    }
  },

  'a link to a slide TikTok pulls, forged, for another seller, or past its expiry': async (s) => {
    const id = '0f0e0d0c-0b0a-4909-8807-060504030201';
    const key = `temp/${s.victim.userId}/${id}.jpg`;
    await s.storage.put(key, Buffer.from('private slide'), 'image/jpeg');
    const path = `/media/tiktok/${s.victim.userId}/${id}.jpg`;
    const expires = Math.floor(Date.now() / 1000) + 3600;
    for (const [secret, when] of [
      [FORMER_DEFAULT_SECRET, expires],
      [s.config.secret, Math.floor(Date.now() / 1000) - 60],
    ] as const) {
      const url = new URL(pulledMediaUrl({ origin: 'http://x', secret }, key, 0, when * 1000));
      const res = await s.app.inject({
        ...OUTSIDER,
        method: 'GET',
        url: url.pathname + url.search,
      });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('private slide');
    }
    const genuine = new URL(
      pulledMediaUrl({ origin: 'http://x', secret: s.config.secret }, key, 600),
    );
    const other = `/media/tiktok/${'a'.repeat(32)}/${id}.jpg${genuine.search}`;
    const res = await s.app.inject({ ...OUTSIDER, method: 'GET', url: other });
    expect(res.statusCode).toBe(404);
    const own = await s.app.inject({
      ...OUTSIDER,
      method: 'GET',
      url: `${path}${genuine.search}`,
    });
    expect(own.body).toBe('private slide');
  },

  'a bearer token whose signature part is altered or missing': async (s) => {
    const token = s.victim.headers.authorization.replace(/^Bearer /, '');
    const bare = token.split('.')[0] ?? token;
    const asUser = (bearer: string) =>
      s.app.inject({
        ...OUTSIDER,
        method: 'GET',
        url: '/api/auth/user',
        headers: { authorization: `Bearer ${bearer}` },
      });
    expect((await asUser(token)).statusCode).toBe(200);
    for (const forged of [`${bare}.forged`, `${bare}.`, `${bare}.${'A'.repeat(43)}`]) {
      expect((await asUser(forged)).statusCode).toBe(401);
    }
  },

  'a slow media host holding the public proxies to starve the API': async (s) => {
    const proxied = (remoteAddress: string) =>
      s.app.inject({
        remoteAddress,
        method: 'GET',
        url: `/api/video-proxy/url/${Buffer.from(`${s.slowHost.origin}/v.mp4`).toString('base64url')}`,
      });
    // Two addresses, two requests each: the proxies' whole budget, all of them trickling.
    const held = ['198.51.100.31', '198.51.100.31', '198.51.100.32', '198.51.100.32'].map(proxied);
    while (s.slowHost.open() < 4) await new Promise((resolve) => setTimeout(resolve, 10));
    const third = await proxied('198.51.100.31');
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ code: 'rate_limited' });
    const stranger = await proxied('198.51.100.33');
    expect(stranger.statusCode).toBe(503);
    expect(stranger.json()).toMatchObject({ code: 'server_busy' });
    // Signed-in calls are served meanwhile: the proxies never take the API's turns.
    const me = await s.app.inject({
      ...OUTSIDER,
      method: 'GET',
      url: '/api/auth/user',
      headers: s.victim.headers,
    });
    expect(me.statusCode).toBe(200);
    // And the trickle is cut off at the whole-request deadline, not left to run.
    for (const res of await Promise.all(held))
      expect(res.json()).toMatchObject({ code: 'media_timeout' });
    // …and its connections are closed (a hang here fails the test by its timeout).
    while (s.slowHost.open() > 0) await new Promise((resolve) => setTimeout(resolve, 10));
  },

  'a free paid plan from the local test checkout': async (s) => {
    const res = await s.app.inject({
      ...OUTSIDER,
      method: 'POST',
      url: '/api/billing/create-checkout-session',
      headers: s.victim.headers,
      payload: { plan: 'pro' },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'billing_not_configured' });
    expect(res.headers['set-cookie']).toBeUndefined();
    const page = await s.app.inject({ ...OUTSIDER, method: 'GET', url: '/billing/checkout/any' });
    expect(page.body).not.toContain('Complete test purchase');
  },

  'a page on a DNS-rebinding domain, opened on the server itself, reading a development aid':
    async (s) => {
      for (const url of ['/dev/mail.json', '/api/tiktok/debug']) {
        const read = await s.app.inject({
          method: 'GET',
          url,
          headers: { ...s.victim.headers, host: 'evil.example' },
        });
        expect(read.statusCode, url).toBe(421);
        expect(read.json(), url).toMatchObject({ code: 'unknown_host' });
      }
    },

  'the TikTok configuration check read by a seller who is not an operator': async (s) => {
    const read = await s.app.inject({
      ...OUTSIDER,
      method: 'GET',
      url: '/api/tiktok/debug',
      headers: s.victim.headers,
    });
    expect(read.statusCode).toBe(403);
    expect(read.body).not.toContain('redirectUri');
  },

  'a server started with a well-known or short APP_SECRET': async (s) => {
    for (const secret of ['changeme', 'secret', 'test', FORMER_DEFAULT_SECRET, 'x'.repeat(48)]) {
      expect(() =>
        loadConfig({ NODE_ENV: 'production', APP_SECRET: secret, DATA_DIR: s.dir }),
      ).toThrow(/APP_SECRET: too weak for production .*openssl rand -base64 48/);
    }
  },

  'a free user sending a video to TikTok (issue 22)': async (s) => {
    const free = await s.createUser();
    const own = await seedFinishedRender(s, free.userId, Buffer.from('rendered video'));
    const res = await postVideo(s, free.headers, own.url);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({
      code: 'no_plan',
      error: expect.stringMatching(/paid plan/),
    });
    expect(await postsOf(s, free.userId)).toHaveLength(0);
  },

  'a paid user sending another user’s render, product video or an outside URL': async (s) => {
    const attacker = await s.createUser();
    await s.db.db
      .update(users)
      .set({ plan: 'pro', subscriptionStatus: 'active' })
      .where(eq(users.id, attacker.userId));
    const theirs = await seedFinishedRender(s, s.victim.userId, Buffer.from('their video'));
    const stolen = await postVideo(s, attacker.headers, theirs.url);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toMatchObject({ code: 'not_found' });
    const productVideo = `users/${s.victim.userId}/product-videos/clip.mp4`;
    await s.storage.put(productVideo, Buffer.from('their product'), 'video/mp4');
    for (const url of [
      await s.storage.signedUrl(productVideo),
      'https://cdn.example.com/video.mp4',
    ]) {
      const res = await postVideo(s, attacker.headers, url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toMatchObject({ code: 'forbidden', field: 'video_url' });
    }
    expect(await postsOf(s, attacker.userId)).toHaveLength(0);
  },
};

describe('a production server refuses the known attacks', () => {
  let server: Server;
  let slowHost: Awaited<ReturnType<typeof startSlowHost>>;
  beforeAll(async () => {
    slowHost = await startSlowHost();
    const app = await createTestApp(
      {},
      {
        env: { ...PRODUCTION, ...TIKTOK_APP },
        // Production limits, except a deadline short enough to wait for here.
        build: {
          outboundAllowLocal: allowLocalOrigins(slowHost.origin),
          mediaProxy: { timeoutMs: 2000 },
        },
      },
    );
    server = { ...app, victim: await app.createUser('victim@example.com'), slowHost };
  });
  afterAll(async () => {
    await server?.close();
    await slowHost?.close();
  });

  it('runs as production, with its own secret and no test checkout', () => {
    expect(server.config.env).toBe('production');
    expect(server.config.secret).not.toBe(FORMER_DEFAULT_SECRET);
    expect(server.config.billing).toEqual({ kind: 'off' });
  });

  it.each(Object.entries(attacks))('refuses %s', async (_name, attack) => {
    await attack(server);
  });
});

/** Against the same server without a TikTok app (and without TIKTOK_SANDBOX_IN_PRODUCTION). */
type KeylessServer = Pick<Server, 'app' | 'victim'>;

const attacksWithoutTikTok: Record<string, (s: KeylessServer) => Promise<void>> = {
  'a seller "posting" into the built-in sandbox as if it were TikTok': async (s) => {
    const ticket = await s.app.inject({
      ...OUTSIDER,
      method: 'POST',
      url: '/api/tiktok/auth/ticket',
      headers: s.victim.headers,
      payload: {},
    });
    expect(ticket.statusCode).toBe(503);
    expect(ticket.json()).toMatchObject({ code: 'tiktok_not_configured' });
    for (const url of [
      '/tiktok-sandbox/v2/oauth/token/',
      '/tiktok-sandbox/v2/post/publish/inbox/video/init/',
    ]) {
      const res = await s.app.inject({ ...OUTSIDER, method: 'POST', url });
      expect(res.statusCode, url).toBe(404);
    }
  },
};

describe('a production server without a TikTok app refuses the known attacks', () => {
  let server: KeylessServer & TestApp;
  beforeAll(async () => {
    const app = await createTestApp({}, { env: PRODUCTION });
    server = { ...app, victim: await app.createUser('victim@example.com') };
  });
  afterAll(() => server.close());

  it('has TikTok off', () => {
    expect(server.config.tiktok.kind).toBe('off');
  });

  it.each(Object.entries(attacksWithoutTikTok))('refuses %s', async (_name, attack) => {
    await attack(server);
  });
});
