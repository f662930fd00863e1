import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FORMER_DEFAULT_SECRET, SECRET_FILE } from './app-secret';
import { ConfigError, loadConfig } from './config';

let dataDir: string;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hookreel-config-'));
});
afterEach(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const load = (env: Record<string, string> = {}) => loadConfig({ DATA_DIR: dataDir, ...env });

/** The sentence a refused configuration prints. */
const refusal = (env: Record<string, string>) => {
  try {
    load(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('the configuration was accepted');
};

/** What `openssl rand -base64 48` prints. */
const GOOD_SECRET = 'q0tV3b9Xw7Zk2Lr8Nc5Hy1Pj6Dm4Fg0Sa3Ue9Yi7Ko2Wt5Rx8Bn1Cv6Ez4Gh0Jl3Mq';

const STRIPE = {
  STRIPE_SECRET_KEY: 'sk_test_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
  STRIPE_PRICE_BASIC: 'price_b',
  STRIPE_PRICE_PLUS: 'price_p',
  STRIPE_PRICE_PRO: 'price_pro',
};

describe('adapter configuration', () => {
  it('serves pulled media from MEDIA_PUBLIC_ORIGIN, an origin only, and the sandbox verifies it', () => {
    const config = load({
      APP_URL: 'https://app.example.com',
      MEDIA_PUBLIC_ORIGIN: 'https://media.example.com/',
    });
    expect(config.mediaPublicOrigin).toBe('https://media.example.com');
    expect(config.tiktok.sandboxVerifiedPrefixes).toEqual(['https://media.example.com/']);
    expect(refusal({ MEDIA_PUBLIC_ORIGIN: 'https://media.example.com/hookreel' })).toMatch(
      /MEDIA_PUBLIC_ORIGIN: must be an origin/,
    );
    expect(
      load({ TIKTOK_SANDBOX_VERIFIED_PREFIXES: ' https://a.example/x/ ,cdn.example ' }).tiktok
        .sandboxVerifiedPrefixes,
    ).toEqual(['https://a.example/x/', 'cdn.example']);
  });

  it('picks every embedded default without variables', () => {
    const config = load();
    expect(config.database).toEqual({ kind: 'pglite', dir: path.join(dataDir, 'db') });
    expect(config.storage).toEqual({ kind: 'disk', root: path.join(dataDir, 'storage') });
    expect(config.mail).toEqual({ kind: 'outbox', dir: path.join(dataDir, 'outbox') });
    expect(config.billing).toEqual({ kind: 'local' });
    expect(config.ai).toEqual({ kind: 'local' });
    expect(config.tiktok).toEqual({
      kind: 'sandbox',
      clientKey: 'sbx_hookreel',
      clientSecret: expect.stringMatching(/^[0-9a-f]{32}$/),
      redirectUri: `${config.appUrl}/api/tiktok/auth/callback`,
      apiOrigin: `${config.appUrl}/tiktok-sandbox`,
      authOrigin: `${config.appUrl}/tiktok-sandbox`,
      sandboxWebhookUrl: `${config.appUrl}/api/tiktok/webhooks`,
      // The sandbox's verified URL property is where pulled media is served (decision 105).
      sandboxVerifiedPrefixes: [`${config.mediaPublicOrigin}/`],
    });
    expect(config.mediaPublicOrigin).toBe(new URL(config.appUrl).origin);
    expect(config.tiktok.clientSecret).not.toContain(config.secret);
    expect(config.render).toEqual({ kind: 'local' });
  });

  it('picks each production service when its variables are all set', () => {
    const config = load({
      DATABASE_URL: 'postgres://db/hookreel',
      S3_BUCKET: 'media',
      SMTP_URL: 'smtp://mail:25',
      ...STRIPE,
      AI_BASE_URL: 'https://llm.example/v1',
      AI_MODEL: 'm',
      TIKTOK_CLIENT_KEY: 'ck',
      TIKTOK_CLIENT_SECRET: 'cs',
      TIKTOK_REDIRECT_URI: 'https://app.example/api/tiktok/auth/callback',
      SHOTSTACK_API_KEY: 'key',
      SHOTSTACK_ENV: 'v1',
    });
    expect(config.database.kind).toBe('postgres');
    expect(config.storage.kind).toBe('s3');
    expect(config.mail.kind).toBe('smtp');
    expect(config.billing.kind).toBe('stripe');
    expect(config.ai.kind).toBe('llm');
    expect(config.tiktok).toEqual({
      kind: 'tiktok',
      clientKey: 'ck',
      clientSecret: 'cs',
      redirectUri: 'https://app.example/api/tiktok/auth/callback',
      apiOrigin: 'https://open.tiktokapis.com',
      authOrigin: 'https://www.tiktok.com',
    });
    expect(config.render).toEqual({
      kind: 'shotstack',
      apiKey: 'key',
      env: 'v1',
      baseUrl: 'https://api.shotstack.io/edit/v1',
    });
  });

  // DATABASE_URL and SMTP_URL are one variable each: there is no half of them to refuse.
  it.each([
    ['S3 storage', { S3_ENDPOINT: 'http://minio:9000' }, ['S3_BUCKET']],
    ['S3 storage', { STORAGE_DRIVER: 's3' }, ['S3_BUCKET']],
    ['S3 storage', { S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'id' }, ['S3_SECRET_ACCESS_KEY']],
    [
      'Stripe',
      { STRIPE_SECRET_KEY: 'sk_test_x' },
      ['STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_BASIC', 'STRIPE_PRICE_PLUS', 'STRIPE_PRICE_PRO'],
    ],
    ['Stripe', { STRIPE_API_BASE: 'http://127.0.0.1:1' }, Object.keys(STRIPE)],
    ['the LLM', { AI_API_KEY: 'k' }, ['AI_BASE_URL', 'AI_MODEL']],
    ['the LLM', { AI_MODEL: 'm' }, ['AI_BASE_URL']],
    ['TikTok', { TIKTOK_CLIENT_KEY: 'ck' }, ['TIKTOK_CLIENT_SECRET']],
    [
      'TikTok',
      { TIKTOK_REDIRECT_URI: 'https://a.example/cb' },
      ['TIKTOK_CLIENT_KEY', 'TIKTOK_CLIENT_SECRET'],
    ],
    ['Shotstack', { SHOTSTACK_API_KEY: 'key' }, ['SHOTSTACK_ENV']],
    ['Shotstack', { SHOTSTACK_ENV: 'stage' }, ['SHOTSTACK_API_KEY']],
  ])('refuses half-configured %s, naming what is missing', (_name, env, missing) => {
    const message = refusal(env);
    for (const name of missing) expect(message).toMatch(new RegExp(`^  ${name}: required`, 'm'));
    expect(message.split('\n')).toHaveLength(missing.length + 1);
  });

  it('defaults the TikTok redirect URI to our callback route', () => {
    const config = load({
      TIKTOK_CLIENT_KEY: 'ck',
      TIKTOK_CLIENT_SECRET: 'cs',
      APP_URL: 'https://app.example/',
    });
    expect(config.tiktok).toMatchObject({
      redirectUri: 'https://app.example/api/tiktok/auth/callback',
    });
  });

  it('lets the TikTok origins be pointed elsewhere, but only with the credentials', () => {
    const config = load({
      TIKTOK_CLIENT_KEY: 'ck',
      TIKTOK_CLIENT_SECRET: 'cs',
      TIKTOK_API_ORIGIN: 'http://127.0.0.1:9/',
      TIKTOK_AUTH_ORIGIN: 'http://127.0.0.1:9/auth',
    });
    expect(config.tiktok).toMatchObject({
      kind: 'tiktok',
      apiOrigin: 'http://127.0.0.1:9',
      authOrigin: 'http://127.0.0.1:9/auth',
    });
    expect(refusal({ TIKTOK_API_ORIGIN: 'http://127.0.0.1:9' })).toMatch(
      /^ {2}TIKTOK_CLIENT_KEY: required/m,
    );
  });

  it('serves no TikTok sandbox in production without keys unless the operator asks for it', () => {
    const production = { NODE_ENV: 'production', APP_SECRET: GOOD_SECRET };
    expect(load(production).tiktok.kind).toBe('off');
    expect(load({ ...production, TIKTOK_SANDBOX_IN_PRODUCTION: 'true' }).tiktok.kind).toBe(
      'sandbox',
    );
    expect(
      load({ ...production, TIKTOK_CLIENT_KEY: 'awkey', TIKTOK_CLIENT_SECRET: 'x'.repeat(32) })
        .tiktok.kind,
    ).toBe('tiktok');
    // Development keeps its sandbox without being asked.
    expect(load().tiktok.kind).toBe('sandbox');
    expect(refusal({ TIKTOK_SANDBOX_IN_PRODUCTION: 'yes' })).toMatch(
      /TIKTOK_SANDBOX_IN_PRODUCTION/,
    );
  });

  it('sells nothing in production without Stripe unless the operator asks for the test checkout', () => {
    const production = { NODE_ENV: 'production', APP_SECRET: GOOD_SECRET };
    expect(load(production).billing).toEqual({ kind: 'off' });
    expect(load({ ...production, BILLING_LOCAL_IN_PRODUCTION: 'true' }).billing).toEqual({
      kind: 'local',
    });
    expect(load({ ...production, ...STRIPE }).billing.kind).toBe('stripe');
  });

  it('reads operator e-mails as a lower-case list and refuses one that is not an address', () => {
    expect(load({ OPERATOR_EMAILS: ' Ops@Example.com, ,dev@example.com' }).operatorEmails).toEqual([
      'ops@example.com',
      'dev@example.com',
    ]);
    expect(refusal({ OPERATOR_EMAILS: 'ops' })).toMatch(/OPERATOR_EMAILS/);
  });
});

describe('worker kinds (decision 200)', () => {
  const PG = { DATABASE_URL: 'postgres://db.example/hookreel' };

  it('reads RUN_WORKERS as the jobs this process works, every one by default', () => {
    expect(load(PG).workers).toBe('all');
    expect(load({ ...PG, RUN_WORKERS: 'true' }).workers).toBe('all');
    expect(load({ ...PG, RUN_WORKERS: 'false' }).workers).toBe('none');
    expect(load({ ...PG, RUN_WORKERS: 'general' }).workers).toBe('general');
    expect(load({ ...PG, RUN_WORKERS: 'render' }).workers).toBe('render');
    expect(load({ ...PG, RUN_WORKERS: 'render', RENDER_CONCURRENCY: '3' }).renderConcurrency).toBe(
      3,
    );
  });

  it('refuses a kind it does not know, and any but every job on the embedded database', () => {
    expect(refusal({ ...PG, RUN_WORKERS: 'renders' })).toMatch(/RUN_WORKERS: Invalid option/);
    expect(refusal({ RUN_WORKERS: 'false' })).toMatch(
      /RUN_WORKERS: false needs DATABASE_URL \(PostgreSQL\); on the embedded database one process runs every job/,
    );
    expect(refusal({ RUN_WORKERS: 'render' })).toMatch(/RUN_WORKERS: render needs DATABASE_URL/);
    expect(load().workers).toBe('all');
  });
});

describe('leases (decision 210)', () => {
  it('ships the take-over times the product was built with, and reads shorter ones', () => {
    expect(load().leases).toEqual({
      renderMs: 30_000,
      sendMs: 60_000,
      uploadMs: 30_000,
      jobMaintenanceSeconds: 30,
    });
    const short = load({
      RENDER_LEASE_MS: '6000',
      SEND_LEASE_MS: '10000',
      UPLOAD_LEASE_MS: '6000',
      JOB_MAINTENANCE_SECONDS: '2',
    });
    expect(short.leases).toEqual({
      renderMs: 6000,
      sendMs: 10_000,
      uploadMs: 6000,
      jobMaintenanceSeconds: 2,
    });
  });

  it('refuses a lease under a second', () => {
    expect(refusal({ SEND_LEASE_MS: '500' })).toMatch(/SEND_LEASE_MS/);
    expect(refusal({ JOB_MAINTENANCE_SECONDS: '0' })).toMatch(/JOB_MAINTENANCE_SECONDS/);
  });
});

describe('the app secret', () => {
  it('is generated at the first start, kept readable by its owner only, and reused', () => {
    const first = load().secret;
    expect(first).toMatch(/^[\w-]{43}$/);
    const file = path.join(dataDir, SECRET_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(load().secret).toBe(first);
    expect(first).not.toBe(FORMER_DEFAULT_SECRET);
  });

  it('differs between installs', () => {
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'hookreel-config-'));
    try {
      expect(loadConfig({ DATA_DIR: other }).secret).not.toBe(load().secret);
    } finally {
      fs.rmSync(other, { recursive: true, force: true });
    }
  });

  it('comes from APP_SECRET when set, is required in production and never the old default', () => {
    expect(load({ APP_SECRET: 'an-operator-secret' }).secret).toBe('an-operator-secret');
    expect(refusal({ NODE_ENV: 'production' })).toMatch(/^ {2}APP_SECRET: required in production/m);
    expect(refusal({ APP_SECRET: FORMER_DEFAULT_SECRET })).toMatch(/APP_SECRET/);
  });

  it('is refused in production when short, well known or too plain, with how to make one', () => {
    const weak = [
      'changeme',
      'secret',
      'password',
      'test',
      'operator-chosen-secret',
      'changeme'.repeat(5),
      'Secret-Secret-Secret-Secret-Secret',
      'p'.repeat(40),
      'abc123'.repeat(8),
      '0123456789012345678901234567890123',
      'aaaaaaaaaabbbbbbbbbbccccccccccdddddddddd',
    ];
    for (const secret of weak) {
      const sentence = refusal({ NODE_ENV: 'production', APP_SECRET: secret });
      expect(sentence, secret).toMatch(/^ {2}APP_SECRET: too weak for production \(/m);
      expect(sentence, secret).toContain('openssl rand -base64 48');
      expect(sentence, secret).toContain("randomBytes(48).toString('base64')");
      expect(sentence, secret).not.toContain(secret);
    }
    expect(load({ NODE_ENV: 'production', APP_SECRET: GOOD_SECRET }).secret).toBe(GOOD_SECRET);
    // `openssl rand -hex 16`: 128 random bits in 32 characters.
    const hex = '3f9a0c7e51d24b86a0e9f1c37b5d2e48';
    expect(load({ NODE_ENV: 'production', APP_SECRET: hex }).secret).toBe(hex);
    // Development keeps accepting what the developer typed.
    expect(load({ APP_SECRET: 'changeme' }).secret).toBe('changeme');
  });
});

describe('the API admission gate', () => {
  it('serves a few requests at once on PGlite and leaves queueing to the pool on PostgreSQL', () => {
    expect(load().limits.apiMaxInFlight).toBe(4);
    expect(load({ DATABASE_URL: 'postgres://db.example/hookreel' }).limits.apiMaxInFlight).toBe(
      256,
    );
    // A database chosen after parsing (test apps, the bench) counts, not only DATABASE_URL.
    const overridden = loadConfig(
      { DATA_DIR: dataDir },
      { database: { kind: 'postgres', url: 'postgres://db.example/hookreel' } },
    );
    expect(overridden.limits.apiMaxInFlight).toBe(256);
    expect(load({ API_MAX_IN_FLIGHT: '9' }).limits.apiMaxInFlight).toBe(9);
  });
});
