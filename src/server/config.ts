import path from 'node:path';
import { z } from 'zod';
import type { TPaidPlanKey } from '#contract/plans';

const optional = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  APP_URL: optional,
  DATA_DIR: z.string().default('./data'),
  APP_SECRET: optional,
  SUPPORT_EMAIL: z.string().email().default('support@hookreel.app'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),

  DATABASE_URL: optional,
  RUN_WORKERS: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),

  STORAGE_DRIVER: z.enum(['disk', 's3']).optional(),
  S3_BUCKET: optional,
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: optional,
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),

  SMTP_URL: optional,
  MAIL_FROM: z.string().default('Hookreel <no-reply@hookreel.app>'),

  TIKTOK_CLIENT_KEY: optional,
  TIKTOK_CLIENT_SECRET: optional,
  TIKTOK_REDIRECT_URI: optional,

  STRIPE_SECRET_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  STRIPE_PRICE_BASIC: optional,
  STRIPE_PRICE_PLUS: optional,
  STRIPE_PRICE_PRO: optional,
  STRIPE_API_BASE: optional.pipe(z.url().optional()),
  STRIPE_TRIAL_DAYS: z.coerce.number().int().min(0).max(730).default(0),

  PIXEL_PROVIDER: z.enum(['tiktok', 'meta']).default('tiktok'),
  PIXEL_ID: optional,

  AI_BASE_URL: optional.pipe(z.url().optional()),
  AI_API_KEY: optional,
  AI_MODEL: optional,
  AI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(20_000),
  AI_DAILY_ALLOWANCE_FREE: z.coerce.number().int().min(0).default(30),
  AI_DAILY_ALLOWANCE_PAID: z.coerce.number().int().min(0).default(500),

  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(20),
  // Sessions, sign-in limits and load shedding (decisions 019, 020).
  AUTH_ACCOUNT_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  AUTH_SESSION_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(60),
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(10_000).default(2000),
  API_MAX_IN_FLIGHT: z.coerce.number().int().positive().optional(),
  API_MAX_QUEUED: z.coerce.number().int().min(0).default(150),
  API_MAX_WAIT_MS: z.coerce.number().int().min(0).default(500),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 * 1024),
  STARTER_LIBRARY: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  STARTER_LIBRARY_DIR: optional,
});

export type Env = z.infer<typeof ZEnv>;

export type StorageConfig =
  | { driver: 'disk'; root: string }
  | {
      driver: 's3';
      bucket: string;
      region: string;
      endpoint?: string;
      accessKeyId?: string;
      secretAccessKey?: string;
      forcePathStyle: boolean;
    };

export type BillingConfig =
  | { kind: 'local' }
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

export type Config = {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  appUrl: string;
  dataDir: string;
  secret: string;
  supportEmail: string;
  logLevel: Env['LOG_LEVEL'];
  trustProxy: boolean;
  database: { kind: 'pglite'; dir: string | null } | { kind: 'postgres'; url: string };
  /** Whether this process runs job workers (PGlite always does: one process owns it). */
  runWorkers: boolean;
  storage: StorageConfig;
  mail: { kind: 'outbox'; dir: string } | { kind: 'smtp'; url: string };
  mailFrom: string;
  pixel: { provider: 'tiktok' | 'meta'; id: string } | null;
  billing: BillingConfig;
  ai: AiConfig;
  /** Fair use of the AI text routes (DESIGN §4): calls per user and UTC day, by plan. */
  aiDailyAllowance: { free: number; paid: number };
  /** TikTok app credentials; the TikTok feature falls back to its built-in sandbox without them. */
  tiktok: { clientKey: string | null; clientSecret: string | null; redirectUri: string };
  authRateLimitMax: number;
  /** Sign-in attempts per account, session checks per address, session cache, API backlog. */
  limits: {
    accountRateLimitMax: number;
    sessionRateLimitMax: number;
    sessionCacheMs: number;
    apiMaxInFlight: number;
    apiMaxQueued: number;
    apiMaxWaitMs: number;
  };
  uploadMaxBytes: number;
  /** Where the built web app lives; null serves no web app (API-only tests). */
  webDir: string | null;
  /**
   * The generated starter image library (DESIGN §5): drawn once into `dir` (a cache, not data)
   * and imported at start-up when the database has none of it yet.
   */
  starterLibrary: { enabled: boolean; dir: string };
};

export class ConfigError extends Error {}

/**
 * Parses the environment into a Config. Every adapter is chosen here, once, so the rest of the
 * code never reads process.env. `overrides` lets tests replace any field after parsing.
 */
export const loadConfig = (
  source: Record<string, string | undefined> = process.env,
  overrides: Partial<Config> = {},
): Config => {
  const parsed = ZEnv.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  if (env.NODE_ENV === 'production' && !env.APP_SECRET) {
    throw new ConfigError('Invalid configuration:\n  APP_SECRET: required in production');
  }
  const storageDriver = env.STORAGE_DRIVER ?? (env.S3_BUCKET ? 's3' : 'disk');
  if (storageDriver === 's3' && !env.S3_BUCKET) {
    throw new ConfigError('Invalid configuration:\n  S3_BUCKET: required when STORAGE_DRIVER=s3');
  }
  const billing = billingConfig(env);
  const ai = aiConfig(env);
  const config: Config = {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    dataDir,
    // A fixed development secret keeps sessions valid across restarts of a local install;
    // production refuses to start without its own (checked above).
    secret: env.APP_SECRET ?? 'hookreel-local-development-secret-change-me',
    supportEmail: env.SUPPORT_EMAIL,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    database: env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL }
      : { kind: 'pglite', dir: path.join(dataDir, 'db') },
    runWorkers: env.DATABASE_URL ? env.RUN_WORKERS : true,
    storage:
      storageDriver === 's3'
        ? {
            driver: 's3',
            bucket: env.S3_BUCKET!,
            region: env.S3_REGION,
            endpoint: env.S3_ENDPOINT,
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
            forcePathStyle: env.S3_FORCE_PATH_STYLE,
          }
        : { driver: 'disk', root: path.join(dataDir, 'storage') },
    mail: env.SMTP_URL
      ? { kind: 'smtp', url: env.SMTP_URL }
      : { kind: 'outbox', dir: path.join(dataDir, 'outbox') },
    mailFrom: env.MAIL_FROM,
    tiktok: {
      clientKey: env.TIKTOK_CLIENT_KEY ?? null,
      clientSecret: env.TIKTOK_CLIENT_SECRET ?? null,
      redirectUri:
        env.TIKTOK_REDIRECT_URI ??
        `${(env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '')}/api/tiktok/auth/callback`,
    },
    pixel: env.PIXEL_ID ? { provider: env.PIXEL_PROVIDER, id: env.PIXEL_ID } : null,
    billing,
    ai,
    aiDailyAllowance: { free: env.AI_DAILY_ALLOWANCE_FREE, paid: env.AI_DAILY_ALLOWANCE_PAID },
    authRateLimitMax: env.AUTH_RATE_LIMIT_MAX,
    limits: {
      accountRateLimitMax: env.AUTH_ACCOUNT_RATE_LIMIT_MAX,
      sessionRateLimitMax: env.AUTH_SESSION_RATE_LIMIT_MAX,
      sessionCacheMs: env.SESSION_CACHE_MS,
      // PGlite runs one query at a time: a few requests at once keep it busy, the rest wait
      // in the bounded queue instead of all interleaving their queries.
      apiMaxInFlight: env.API_MAX_IN_FLIGHT ?? (env.DATABASE_URL ? 64 : 4),
      apiMaxQueued: env.API_MAX_QUEUED,
      apiMaxWaitMs: env.API_MAX_WAIT_MS,
    },
    uploadMaxBytes: env.UPLOAD_MAX_BYTES,
    webDir: path.resolve('dist/web'),
    // Beside the web build rather than in DATA_DIR: a wiped data folder (every e2e run) then
    // re-imports the cached images instead of drawing them again.
    starterLibrary: {
      enabled: env.STARTER_LIBRARY,
      dir: path.resolve(env.STARTER_LIBRARY_DIR ?? '.cache/starter-library'),
    },
  };
  return { ...config, ...overrides };
};

const STRIPE_VARS = [
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_PRICE_BASIC',
  'STRIPE_PRICE_PLUS',
  'STRIPE_PRICE_PRO',
] as const;

/**
 * Stripe needs all five variables. Setting only some is refused rather than falling back to the
 * local checkout, which would hand out paid plans for free on a half-configured server.
 */
const billingConfig = (env: Env): BillingConfig => {
  const missing = STRIPE_VARS.filter((name) => !env[name]);
  if (missing.length === STRIPE_VARS.length) return { kind: 'local' };
  if (missing.length > 0) {
    const lines = missing.map((name) => `  ${name}: required when any STRIPE_* variable is set`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  let apiBase: Extract<BillingConfig, { kind: 'stripe' }>['apiBase'] = null;
  if (env.STRIPE_API_BASE) {
    const url = new URL(env.STRIPE_API_BASE);
    const protocol = url.protocol === 'http:' ? 'http' : 'https';
    apiBase = {
      host: url.hostname,
      port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
      protocol,
    };
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
    apiBase,
    trialDays: env.STRIPE_TRIAL_DAYS,
  };
};

/**
 * The LLM needs both its address and a model name; one without the other is refused rather than
 * silently falling back to the local writer, which would hide the mistake.
 */
const aiConfig = (env: Env): AiConfig => {
  if (!env.AI_BASE_URL && !env.AI_MODEL) return { kind: 'local' };
  if (!env.AI_BASE_URL || !env.AI_MODEL) {
    const missing = env.AI_BASE_URL ? 'AI_MODEL' : 'AI_BASE_URL';
    const other = env.AI_BASE_URL ? 'AI_BASE_URL' : 'AI_MODEL';
    throw new ConfigError(`Invalid configuration:\n  ${missing}: required when ${other} is set`);
  }
  return {
    kind: 'llm',
    baseUrl: env.AI_BASE_URL,
    apiKey: env.AI_API_KEY ?? null,
    model: env.AI_MODEL,
    timeoutMs: env.AI_TIMEOUT_MS,
  };
};

/** For commands: a configuration mistake is printed as a sentence and exits, not a stack trace. */
export const loadConfigOrExit = (): Config => {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
};
