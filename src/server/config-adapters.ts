import { createHmac } from 'node:crypto';
import path from 'node:path';
import type { TPaidPlanKey } from '#contract/plans';

/**
 * Each outside service's configuration, as a union tagged by `kind`: the embedded default or the
 * production service. Parsed from the already-validated environment by `config.ts`, the only
 * reader of `process.env`.
 */

export class ConfigError extends Error {}

export type DatabaseConfig =
  { kind: 'pglite'; dir: string | null } | { kind: 'postgres'; url: string };

export type StorageConfig =
  | { kind: 'disk'; root: string }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      endpoint?: string;
      accessKeyId?: string;
      secretAccessKey?: string;
      forcePathStyle: boolean;
    };

/**
 * Where the bucket's objects are addressed when `S3_ENDPOINT` names the server (MinIO, R2, the
 * s3rver, S3 behind a private address): `{endpoint}/{bucket}/` in path style, else
 * `{scheme}//{bucket}.{host}/`. Its presigned URLs (product videos, overlays) come back to us in
 * render edits; the media reader fetches them from that server even when its address is private
 * (decision 202). Null for AWS's own endpoints, which are public.
 */
export const ownBucketUrlPrefix = (storage: StorageConfig): string | null => {
  if (storage.kind !== 's3' || !storage.endpoint) return null;
  const endpoint = new URL(storage.endpoint);
  const base = endpoint.pathname.replace(/\/+$/, '');
  return storage.forcePathStyle
    ? `${endpoint.origin}${base}/${storage.bucket}/`
    : `${endpoint.protocol}//${storage.bucket}.${endpoint.host}${base}/`;
};

export type MailConfig = { kind: 'outbox'; dir: string } | { kind: 'smtp'; url: string };

export type BillingConfig =
  | { kind: 'local' }
  /** Production without Stripe and without BILLING_LOCAL_IN_PRODUCTION: nothing is sold. */
  | { kind: 'off' }
  | {
      kind: 'stripe';
      secretKey: string;
      webhookSecret: string;
      /** Price id of each paid plan; webhooks map price ids back to plans with it. */
      prices: Record<TPaidPlanKey, string>;
      /** Another API origin (a proxy, or the fake server in tests); null means Stripe's own. */
      apiBase: { host: string; port: number; protocol: 'http' | 'https' } | null;
      /** Free trial days on a first checkout (0 = none); `{ trial: false }` skips it. */
      trialDays: number;
    };

/** The AI text writer: an OpenAI-compatible chat API, or the built-in local writer. */
export type AiConfig =
  | { kind: 'local' }
  | { kind: 'llm'; baseUrl: string; apiKey: string | null; model: string; timeoutMs: number };

/**
 * Character images: an OpenAI-compatible images API (POST {baseUrl}/images/generations), or the
 * built-in local generator that paints a portrait per prompt and style.
 */
export type ImageGenConfig =
  | { kind: 'local' }
  | { kind: 'openai'; baseUrl: string; apiKey: string | null; model: string; timeoutMs: number };

/** Character motion: fal's queue API with an image-to-video model, or none. */
export type MotionConfig =
  | { kind: 'none' }
  | { kind: 'fal'; baseUrl: string; apiKey: string; model: string; timeoutMs: number };

/** A voice reading the hook (decision 140): an OpenAI-compatible `/audio/speech`, or none. */
export type VoiceConfig =
  | { kind: 'none' }
  | {
      kind: 'openai';
      baseUrl: string;
      apiKey: string | null;
      model: string;
      voice: string;
      timeoutMs: number;
    };

/** OpenAI's own voices include this one; AI_VOICE_VOICE names another. */
export const DEFAULT_VOICE = 'alloy';

/** fal's queue (docs.fal.ai, "Queue API"); AI_VIDEO_BASE_URL points elsewhere (a proxy, a fake). */
export const FAL_QUEUE_URL = 'https://queue.fal.run';

/**
 * TikTok: the built-in sandbox (same HTTP API), or the real Login Kit and Content Posting API.
 * Both kinds carry the same client settings, so the one client is built alike for each; the two
 * origins are the whole difference (decision 024).
 */
export type TikTokConfig = {
  /**
   * `off`: production without TikTok keys and without TIKTOK_SANDBOX_IN_PRODUCTION. Nothing is
   * sent anywhere and TikTok features answer `tiktok_not_configured` (decision 063); the other
   * fields are the sandbox's, unused but for the webhook secret nobody can sign with.
   */
  kind: 'sandbox' | 'tiktok' | 'off';
  clientKey: string;
  clientSecret: string;
  redirectUri: string;
  /** Where `/v2/oauth/…`, `/v2/user/…` and `/v2/post/…` live. */
  apiOrigin: string;
  /** Where the `/v2/auth/authorize/` page lives. */
  authOrigin: string;
  /**
   * The sandbox only: where it sends its webhooks (TikTok's portal setting); `{APP_URL}/api/tiktok/webhooks`
   * unless TIKTOK_SANDBOX_WEBHOOK_URL names another receiver.
   */
  sandboxWebhookUrl?: string;
  /**
   * The sandbox only: the app's verified URL properties, as in TikTok's developer portal: URL
   * prefixes (`https://host/path/`) and domains (`host`, covering its subdomains). Photo URLs
   * elsewhere are refused with `url_ownership_unverified` (docs/decisions/105).
   */
  sandboxVerifiedPrefixes?: string[];
};

/** The sandbox's fixed client key; its secret is derived from the app secret (decision 024). */
export const SANDBOX_CLIENT_KEY = 'sbx_hookreel';
export const SANDBOX_PATH = '/tiktok-sandbox';
export const TIKTOK_API_ORIGIN = 'https://open.tiktokapis.com';
export const TIKTOK_AUTH_ORIGIN = 'https://www.tiktok.com';

/** 32 hex characters like TikTok's secrets; every process sharing APP_SECRET derives the same. */
export const sandboxClientSecret = (appSecret: string): string =>
  createHmac('sha256', appSecret).update('tiktok-sandbox-client-secret').digest('hex').slice(0, 32);

/** Video rendering: the local ffmpeg renderer, or Shotstack's Edit API. */
export type RenderConfig =
  | { kind: 'local' }
  | {
      kind: 'shotstack';
      apiKey: string;
      env: 'stage' | 'v1';
      /** `https://api.shotstack.io/edit/{env}` unless SHOTSTACK_API_BASE names another (a fake). */
      baseUrl: string;
    };

/** What the parsers below read: the environment after zod has trimmed and typed it. */
export type AdapterEnv = {
  NODE_ENV: 'development' | 'production' | 'test';
  DATABASE_URL?: string;
  STORAGE_DRIVER?: 'disk' | 's3';
  S3_BUCKET?: string;
  S3_REGION: string;
  S3_ENDPOINT?: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
  S3_FORCE_PATH_STYLE: boolean;
  SMTP_URL?: string;
  TIKTOK_CLIENT_KEY?: string;
  TIKTOK_CLIENT_SECRET?: string;
  TIKTOK_REDIRECT_URI?: string;
  TIKTOK_API_ORIGIN?: string;
  TIKTOK_AUTH_ORIGIN?: string;
  TIKTOK_SANDBOX_WEBHOOK_URL?: string;
  TIKTOK_SANDBOX_VERIFIED_PREFIXES?: string;
  TIKTOK_SANDBOX_IN_PRODUCTION: boolean;
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  STRIPE_PRICE_BASIC?: string;
  STRIPE_PRICE_PLUS?: string;
  STRIPE_PRICE_PRO?: string;
  STRIPE_API_BASE?: string;
  STRIPE_TRIAL_DAYS: number;
  BILLING_LOCAL_IN_PRODUCTION: boolean;
  AI_BASE_URL?: string;
  AI_API_KEY?: string;
  AI_MODEL?: string;
  AI_TIMEOUT_MS: number;
  AI_IMAGE_BASE_URL?: string;
  AI_IMAGE_API_KEY?: string;
  AI_IMAGE_MODEL?: string;
  AI_IMAGE_TIMEOUT_MS: number;
  AI_VIDEO_API_KEY?: string;
  AI_VIDEO_MODEL?: string;
  AI_VIDEO_BASE_URL?: string;
  AI_VIDEO_TIMEOUT_MS: number;
  AI_VOICE_BASE_URL?: string;
  AI_VOICE_API_KEY?: string;
  AI_VOICE_MODEL?: string;
  AI_VOICE_VOICE?: string;
  AI_VOICE_TIMEOUT_MS: number;
  SHOTSTACK_API_KEY?: string;
  SHOTSTACK_ENV?: 'stage' | 'v1';
  SHOTSTACK_API_BASE?: string;
};

type Var = keyof AdapterEnv;

/**
 * An adapter is configured by a group of variables: none set picks the embedded default, all of
 * `required` set picks the production service, anything in between is refused with a sentence
 * naming what is missing (falling back silently would hide the mistake, and for billing would
 * hand out paid plans for free).
 */
const requireGroup = (
  env: AdapterEnv,
  adapter: string,
  required: readonly Var[],
  optional: readonly Var[] = [],
): boolean => {
  const set = [...required, ...optional].filter((name) => env[name] !== undefined);
  if (set.length === 0) return false;
  const missing = required.filter((name) => env[name] === undefined);
  if (missing.length > 0) {
    const given = `${set.join(' and ')} ${set.length > 1 ? 'are' : 'is'} set`;
    const lines = missing.map((name) => `  ${name}: required for ${adapter} when ${given}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return true;
};

export const databaseConfig = (env: AdapterEnv, dataDir: string): DatabaseConfig =>
  env.DATABASE_URL
    ? { kind: 'postgres', url: env.DATABASE_URL }
    : { kind: 'pglite', dir: path.join(dataDir, 'db') };

export const storageConfig = (env: AdapterEnv, dataDir: string): StorageConfig => {
  if (env.STORAGE_DRIVER === 'disk') return { kind: 'disk', root: path.join(dataDir, 'storage') };
  const s3 =
    env.STORAGE_DRIVER === 's3' ||
    requireGroup(
      env,
      'S3 storage',
      ['S3_BUCKET'],
      ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'],
    );
  if (!s3) return { kind: 'disk', root: path.join(dataDir, 'storage') };
  if (!env.S3_BUCKET) {
    throw new ConfigError('Invalid configuration:\n  S3_BUCKET: required when STORAGE_DRIVER=s3');
  }
  // A key id without its secret (or the reverse) would fail on the first upload, not at start.
  if (env.S3_ACCESS_KEY_ID || env.S3_SECRET_ACCESS_KEY) {
    requireGroup(env, 'S3 storage', ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']);
  }
  return {
    kind: 's3',
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
  };
};

export const mailConfig = (env: AdapterEnv, dataDir: string): MailConfig =>
  env.SMTP_URL
    ? { kind: 'smtp', url: env.SMTP_URL }
    : { kind: 'outbox', dir: path.join(dataDir, 'outbox') };

const STRIPE_REQUIRED = [
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_PRICE_BASIC',
  'STRIPE_PRICE_PLUS',
  'STRIPE_PRICE_PRO',
] as const;

const parseApiBase = (value: string) => {
  const url = new URL(value);
  const protocol = url.protocol === 'http:' ? ('http' as const) : ('https' as const);
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
    protocol,
  };
};

/**
 * Without Stripe, development and tests get the local test checkout; production gets it only
 * when the operator asks for it (decision 015), otherwise billing is off.
 */
export const billingConfig = (env: AdapterEnv): BillingConfig => {
  if (!requireGroup(env, 'Stripe billing', STRIPE_REQUIRED, ['STRIPE_API_BASE'])) {
    return env.NODE_ENV === 'production' && !env.BILLING_LOCAL_IN_PRODUCTION
      ? { kind: 'off' }
      : { kind: 'local' };
  }
  return {
    kind: 'stripe',
    secretKey: env.STRIPE_SECRET_KEY!,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
    prices: {
      basic: env.STRIPE_PRICE_BASIC!,
      plus: env.STRIPE_PRICE_PLUS!,
      pro: env.STRIPE_PRICE_PRO!,
    },
    apiBase: env.STRIPE_API_BASE ? parseApiBase(env.STRIPE_API_BASE) : null,
    trialDays: env.STRIPE_TRIAL_DAYS,
  };
};

export const aiConfig = (env: AdapterEnv): AiConfig => {
  if (!requireGroup(env, 'the LLM writer', ['AI_BASE_URL', 'AI_MODEL'], ['AI_API_KEY'])) {
    return { kind: 'local' };
  }
  return {
    kind: 'llm',
    baseUrl: env.AI_BASE_URL!,
    apiKey: env.AI_API_KEY ?? null,
    model: env.AI_MODEL!,
    timeoutMs: env.AI_TIMEOUT_MS,
  };
};

export const imageGenConfig = (env: AdapterEnv): ImageGenConfig => {
  if (
    !requireGroup(
      env,
      'the AI image API',
      ['AI_IMAGE_BASE_URL', 'AI_IMAGE_MODEL'],
      ['AI_IMAGE_API_KEY'],
    )
  ) {
    return { kind: 'local' };
  }
  return {
    kind: 'openai',
    baseUrl: env.AI_IMAGE_BASE_URL!.replace(/\/+$/, ''),
    apiKey: env.AI_IMAGE_API_KEY ?? null,
    model: env.AI_IMAGE_MODEL!,
    timeoutMs: env.AI_IMAGE_TIMEOUT_MS,
  };
};

export const motionConfig = (env: AdapterEnv): MotionConfig => {
  if (
    !requireGroup(
      env,
      'character motion',
      ['AI_VIDEO_API_KEY', 'AI_VIDEO_MODEL'],
      ['AI_VIDEO_BASE_URL'],
    )
  ) {
    return { kind: 'none' };
  }
  return {
    kind: 'fal',
    baseUrl: (env.AI_VIDEO_BASE_URL ?? FAL_QUEUE_URL).replace(/\/+$/, ''),
    apiKey: env.AI_VIDEO_API_KEY!,
    model: env.AI_VIDEO_MODEL!.replace(/^\/+|\/+$/g, ''),
    timeoutMs: env.AI_VIDEO_TIMEOUT_MS,
  };
};

export const voiceConfig = (env: AdapterEnv): VoiceConfig => {
  if (
    !requireGroup(
      env,
      'the voice',
      ['AI_VOICE_BASE_URL', 'AI_VOICE_MODEL'],
      ['AI_VOICE_API_KEY', 'AI_VOICE_VOICE'],
    )
  ) {
    return { kind: 'none' };
  }
  return {
    kind: 'openai',
    baseUrl: env.AI_VOICE_BASE_URL!.replace(/\/+$/, ''),
    apiKey: env.AI_VOICE_API_KEY ?? null,
    model: env.AI_VOICE_MODEL!,
    voice: env.AI_VOICE_VOICE ?? DEFAULT_VOICE,
    timeoutMs: env.AI_VOICE_TIMEOUT_MS,
  };
};

const trimOrigin = (value: string) => value.replace(/\/+$/, '');

/**
 * The redirect URI defaults to our own callback route, which the sandbox uses too. The origin
 * overrides exist for a proxy or a fake in tests; without them the real TikTok hosts are used.
 */
export const tiktokConfig = (
  env: AdapterEnv,
  appUrl: string,
  appSecret: string,
  mediaPublicOrigin = new URL(appUrl).origin,
): TikTokConfig => {
  const redirectUri = env.TIKTOK_REDIRECT_URI ?? `${appUrl}/api/tiktok/auth/callback`;
  const real = requireGroup(
    env,
    'TikTok',
    ['TIKTOK_CLIENT_KEY', 'TIKTOK_CLIENT_SECRET'],
    ['TIKTOK_REDIRECT_URI', 'TIKTOK_API_ORIGIN', 'TIKTOK_AUTH_ORIGIN'],
  );
  if (!real) {
    const sandbox = `${appUrl}${SANDBOX_PATH}`;
    // A hosted server must not let sellers "post" into a fake inbox they take for TikTok.
    const off = env.NODE_ENV === 'production' && !env.TIKTOK_SANDBOX_IN_PRODUCTION;
    return {
      kind: off ? 'off' : 'sandbox',
      clientKey: SANDBOX_CLIENT_KEY,
      clientSecret: sandboxClientSecret(appSecret),
      redirectUri,
      apiOrigin: sandbox,
      authOrigin: sandbox,
      sandboxWebhookUrl: env.TIKTOK_SANDBOX_WEBHOOK_URL ?? `${appUrl}/api/tiktok/webhooks`,
      // What an operator verifies by default: the origin our pulled media is served from.
      sandboxVerifiedPrefixes: env.TIKTOK_SANDBOX_VERIFIED_PREFIXES?.split(',')
        .map((p) => p.trim())
        .filter(Boolean) ?? [`${mediaPublicOrigin}/`],
    };
  }
  return {
    kind: 'tiktok',
    clientKey: env.TIKTOK_CLIENT_KEY!,
    clientSecret: env.TIKTOK_CLIENT_SECRET!,
    redirectUri,
    apiOrigin: trimOrigin(env.TIKTOK_API_ORIGIN ?? TIKTOK_API_ORIGIN),
    authOrigin: trimOrigin(env.TIKTOK_AUTH_ORIGIN ?? TIKTOK_AUTH_ORIGIN),
  };
};

/** Stage and v1 take different keys, so the environment is never guessed from the key. */
export const renderConfig = (env: AdapterEnv): RenderConfig => {
  if (
    !requireGroup(env, 'Shotstack', ['SHOTSTACK_API_KEY', 'SHOTSTACK_ENV'], ['SHOTSTACK_API_BASE'])
  ) {
    return { kind: 'local' };
  }
  const shotstackEnv = env.SHOTSTACK_ENV!;
  return {
    kind: 'shotstack',
    apiKey: env.SHOTSTACK_API_KEY!,
    env: shotstackEnv,
    baseUrl: (env.SHOTSTACK_API_BASE ?? `https://api.shotstack.io/edit/${shotstackEnv}`).replace(
      /\/+$/,
      '',
    ),
  };
};
