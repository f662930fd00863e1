import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import type { WorkerKind } from './jobs/define-job';
import {
  FORMER_DEFAULT_SECRET,
  readOrCreateSecret,
  SECRET_RECIPE,
  weakSecretReason,
} from './app-secret';
import type {
  AiConfig,
  BillingConfig,
  DatabaseConfig,
  ImageGenConfig,
  MailConfig,
  MotionConfig,
  RenderConfig,
  StorageConfig,
  TikTokConfig,
  VoiceConfig,
} from './config-adapters';
import {
  aiConfig,
  billingConfig,
  ConfigError,
  databaseConfig,
  imageGenConfig,
  motionConfig,
  mailConfig,
  renderConfig,
  storageConfig,
  tiktokConfig,
  voiceConfig,
} from './config-adapters';

export type {
  AiConfig,
  BillingConfig,
  DatabaseConfig,
  ImageGenConfig,
  MailConfig,
  MotionConfig,
  RenderConfig,
  StorageConfig,
  TikTokConfig,
  VoiceConfig,
};
export { ConfigError };

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
  /** Which jobs this process works (decision 200): every one, none, all but renders, renders. */
  RUN_WORKERS: z.enum(['true', 'false', 'general', 'render']).default('true'),

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
  TIKTOK_API_ORIGIN: optional.pipe(z.url().optional()),
  TIKTOK_AUTH_ORIGIN: optional.pipe(z.url().optional()),
  TIKTOK_SANDBOX_WEBHOOK_URL: optional.pipe(z.url().optional()),
  TIKTOK_SANDBOX_VERIFIED_PREFIXES: optional,
  /** The public origin TikTok pulls media from (docs/decisions/105); APP_URL's by default. */
  MEDIA_PUBLIC_ORIGIN: optional.pipe(
    z
      .url()
      .refine((v) => new URL(v).origin === v.replace(/\/+$/, ''), {
        message: 'must be an origin (scheme, host and port) with no path',
      })
      .optional(),
  ),
  /** Serve the built-in sandbox in production (without TikTok keys); off by default. */
  TIKTOK_SANDBOX_IN_PRODUCTION: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),

  STRIPE_SECRET_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  STRIPE_PRICE_BASIC: optional,
  STRIPE_PRICE_PLUS: optional,
  STRIPE_PRICE_PRO: optional,
  STRIPE_API_BASE: optional.pipe(z.url().optional()),
  STRIPE_TRIAL_DAYS: z.coerce.number().int().min(0).max(730).default(0),
  BILLING_LOCAL_IN_PRODUCTION: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),

  SHOTSTACK_API_KEY: optional,
  SHOTSTACK_ENV: optional.pipe(z.enum(['stage', 'v1']).optional()),
  SHOTSTACK_API_BASE: optional.pipe(z.url().optional()),
  FFMPEG_PATH: optional,
  /** Local renders run at once per worker process; the machine's cores ÷ 2 (at least 1) when unset. */
  RENDER_CONCURRENCY: z.coerce.number().int().min(1).max(32).optional(),
  /** The system's search path, where ffmpeg is looked for when FFMPEG_PATH is not set. */
  PATH: z.string().default(''),

  /** Who may read the development outbox from another machine (comma-separated e-mails). */
  OPERATOR_EMAILS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.email())),

  PIXEL_PROVIDER: z.enum(['tiktok', 'meta']).default('tiktok'),
  PIXEL_ID: optional,

  AI_BASE_URL: optional.pipe(z.url().optional()),
  AI_API_KEY: optional,
  AI_MODEL: optional,
  AI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(20_000),
  AI_IMAGE_BASE_URL: optional.pipe(z.url().optional()),
  AI_IMAGE_API_KEY: optional,
  AI_IMAGE_MODEL: optional,
  // Image models take far longer than text: a minute is common for a 1024² image.
  AI_IMAGE_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(120_000),
  AI_VIDEO_API_KEY: optional,
  AI_VIDEO_MODEL: optional,
  AI_VIDEO_BASE_URL: optional.pipe(z.url().optional()),
  // A hosted image-to-video model queues, then generates for a minute or several.
  AI_VIDEO_TIMEOUT_MS: z.coerce.number().int().min(1000).max(1_800_000).default(600_000),
  AI_VOICE_BASE_URL: optional.pipe(z.url().optional()),
  AI_VOICE_API_KEY: optional,
  AI_VOICE_MODEL: optional,
  AI_VOICE_VOICE: optional,
  // A few seconds of speech take a second or two; a busy provider longer.
  AI_VOICE_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(60_000),
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
  SAMPLE_VIDEOS_DIR: optional,
  STARTER_CHARACTERS_DIR: optional,
  ASSETS_BEFORE_LISTEN: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),

  // How soon work a dead process held is taken over (decision 210). The defaults are what ships;
  // the crash tests shorten them so a restart takes over in seconds rather than a minute.
  RENDER_LEASE_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  SEND_LEASE_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
  UPLOAD_LEASE_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  JOB_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
});

export type Env = z.infer<typeof ZEnv>;

export type Config = {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  appUrl: string;
  /**
   * Where TikTok pulls the media we post (photos): one public origin the operator verifies with
   * TikTok, `MEDIA_PUBLIC_ORIGIN` (a CDN in front of this server) or APP_URL's origin, whatever
   * the storage adapter (docs/decisions/105).
   */
  mediaPublicOrigin: string;
  /**
   * Origins whose pages may sign up and sign in (better-auth's origin check): APP_URL when set,
   * otherwise every loopback name of the port, so the addresses the start-up log prints all work.
   */
  trustedOrigins: string[];
  dataDir: string;
  secret: string;
  supportEmail: string;
  logLevel: Env['LOG_LEVEL'];
  trustProxy: boolean;
  database: DatabaseConfig;
  /**
   * The jobs this process works (decision 200): `all`, `none` (an API process), `general` (all but
   * render work) or `render` (render work only). PGlite's one process always works them all.
   */
  workers: WorkerKind;
  storage: StorageConfig;
  mail: MailConfig;
  mailFrom: string;
  pixel: { provider: 'tiktok' | 'meta'; id: string } | null;
  billing: BillingConfig;
  ai: AiConfig;
  /**
   * Fair use of the AI text routes (docs/product/billing.md rule 5): calls per user and UTC day, by
   * plan.
   */
  aiDailyAllowance: { free: number; paid: number };
  tiktok: TikTokConfig;
  render: RenderConfig;
  /** Renders a worker process runs at once (docs/decisions/145, 200). */
  renderConcurrency: number;
  /** FFMPEG_PATH when set; otherwise ffmpeg is looked for on `searchPath`, then in npm. */
  ffmpeg: { path: string | null; searchPath: string };
  /** Signed-in users who may read the development outbox from another machine. */
  operatorEmails: string[];
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
   * The generated starter image library (docs/ARCHITECTURE.md, "Image library"): drawn once into
   * `dir` (a cache, not data) and imported at start-up when the database has none of it yet.
   */
  starterLibrary: { enabled: boolean; dir: string };
  /** The landing page's sample ads, made after the first start (a cache, like the library). */
  sampleVideos: { dir: string };
  /** The pre-made characters' portraits and clips, made after the first start (a cache). */
  starterCharacters: { dir: string };
  /** Character image generation: OpenAI-compatible images API or the local painter. */
  imageGen: ImageGenConfig;
  /** Character motion: a hosted image-to-video model, or none (the still stays a still). */
  motion: MotionConfig;
  /** A voice reading the hook: an OpenAI-compatible speech API, or none (decision 140). */
  voice: VoiceConfig;
  /**
   * Make missing sample videos and starter library before listening rather than in a job after
   * (the end-to-end tests, or a deployment whose health check must mean "all there").
   */
  assetsBeforeListen: boolean;
  /**
   * How soon work a dead process held is taken over (decision 210): a render's lease (renewed
   * while it runs), a campaign send's claim (also its job's expiry), a video upload's lease
   * (renewed while it sends), and how often pg-boss's maintenance hands on expired jobs.
   */
  leases: { renderMs: number; sendMs: number; uploadMs: number; jobMaintenanceSeconds: number };
};

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
    throw new ConfigError(
      'Invalid configuration:\n  APP_SECRET: required in production (every process behind the load balancer must share it)',
    );
  }
  const weakness =
    env.NODE_ENV === 'production' && env.APP_SECRET ? weakSecretReason(env.APP_SECRET) : null;
  if (weakness) {
    throw new ConfigError(
      `Invalid configuration:\n  APP_SECRET: too weak for production (${weakness}); ${SECRET_RECIPE}`,
    );
  }
  if (env.APP_SECRET === FORMER_DEFAULT_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  APP_SECRET: this is the published example value; set a random one or leave it unset',
    );
  }
  const appUrl = (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  // Without APP_SECRET (development) a random secret is generated once and kept in DATA_DIR.
  const secret = env.APP_SECRET ?? readOrCreateSecret(dataDir);
  const mediaPublicOrigin = (env.MEDIA_PUBLIC_ORIGIN ?? new URL(appUrl).origin).replace(/\/+$/, '');
  const config: Config = {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    appUrl,
    mediaPublicOrigin,
    trustedOrigins: env.APP_URL ? [appUrl] : loopbackOrigins(env.PORT),
    dataDir,
    secret,
    supportEmail: env.SUPPORT_EMAIL,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    database: databaseConfig(env, dataDir),
    workers: workerKind(env),
    storage: storageConfig(env, dataDir),
    mail: mailConfig(env, dataDir),
    mailFrom: env.MAIL_FROM,
    tiktok: tiktokConfig(env, appUrl, secret, mediaPublicOrigin),
    render: renderConfig(env),
    renderConcurrency: env.RENDER_CONCURRENCY ?? defaultRenderConcurrency(),
    ffmpeg: loadFfmpegSettings(source),
    operatorEmails: env.OPERATOR_EMAILS,
    pixel: env.PIXEL_ID ? { provider: env.PIXEL_PROVIDER, id: env.PIXEL_ID } : null,
    billing: billingConfig(env),
    ai: aiConfig(env),
    aiDailyAllowance: { free: env.AI_DAILY_ALLOWANCE_FREE, paid: env.AI_DAILY_ALLOWANCE_PAID },
    authRateLimitMax: env.AUTH_RATE_LIMIT_MAX,
    limits: {
      accountRateLimitMax: env.AUTH_ACCOUNT_RATE_LIMIT_MAX,
      sessionRateLimitMax: env.AUTH_SESSION_RATE_LIMIT_MAX,
      sessionCacheMs: env.SESSION_CACHE_MS,
      // Set below, from the database finally chosen (tests and benches override it).
      apiMaxInFlight: 0,
      apiMaxQueued: env.API_MAX_QUEUED,
      apiMaxWaitMs: env.API_MAX_WAIT_MS,
    },
    uploadMaxBytes: env.UPLOAD_MAX_BYTES,
    webDir: path.resolve('dist/web'),
    // Shipped in the repository (decision 090): a first start imports them instead of drawing.
    starterLibrary: {
      enabled: env.STARTER_LIBRARY,
      dir: path.resolve(env.STARTER_LIBRARY_DIR ?? `${SHIPPED_ASSETS}/library`),
    },
    sampleVideos: { dir: sampleVideosDir(source) },
    starterCharacters: { dir: starterCharactersDir(source) },
    imageGen: imageGenConfig(env),
    motion: motionConfig(env),
    voice: voiceConfig(env),
    assetsBeforeListen: env.ASSETS_BEFORE_LISTEN,
    leases: {
      renderMs: env.RENDER_LEASE_MS,
      sendMs: env.SEND_LEASE_MS,
      uploadMs: env.UPLOAD_LEASE_MS,
      jobMaintenanceSeconds: env.JOB_MAINTENANCE_SECONDS,
    },
  };
  const merged = { ...config, ...overrides };
  if (overrides.limits) return merged;
  // PGlite runs one query at a time: a few requests at once keep it busy, the rest wait in the
  // bounded queue instead of all interleaving their queries. PostgreSQL's pool queues for
  // itself, so there the gate only bounds the backlog.
  const apiMaxInFlight = env.API_MAX_IN_FLIGHT ?? (merged.database.kind === 'postgres' ? 256 : 4);
  return { ...merged, limits: { ...merged.limits, apiMaxInFlight } };
};

/** The names a browser on this machine may use for a server on `port` (none for an unset port). */
export const loopbackOrigins = (port: number): string[] =>
  port === 0
    ? []
    : [`http://localhost:${port}`, `http://127.0.0.1:${port}`, `http://[::1]:${port}`];

/**
 * What the first start shows (characters, landing examples, starter images) is made once by the
 * project's own scripts and committed here, so a new install has it at once (decision 090). The
 * server still makes whatever is missing or from an older painter version.
 */
const SHIPPED_ASSETS = 'assets/starter';

const ZStarterCharactersEnv = ZEnv.pick({ STARTER_CHARACTERS_DIR: true });

/** Where the pre-made characters are made; for the build script too, which needs no secret. */
export const starterCharactersDir = (source: Record<string, string | undefined> = process.env) =>
  path.resolve(
    ZStarterCharactersEnv.parse(source).STARTER_CHARACTERS_DIR ?? `${SHIPPED_ASSETS}/characters`,
  );

const ZSampleVideosEnv = ZEnv.pick({ SAMPLE_VIDEOS_DIR: true });

/** Where the sample videos are kept; for the build script too, which needs no secret. */
export const sampleVideosDir = (source: Record<string, string | undefined> = process.env) =>
  path.resolve(
    ZSampleVideosEnv.parse(source).SAMPLE_VIDEOS_DIR ?? `${SHIPPED_ASSETS}/sample-videos`,
  );

const ZFfmpegEnv = ZEnv.pick({ FFMPEG_PATH: true, PATH: true });

/**
 * Only where to find ffmpeg, for build scripts, which must not need (or create) the server's
 * secret and adapters.
 */
export const loadFfmpegSettings = (
  source: Record<string, string | undefined> = process.env,
): Config['ffmpeg'] => {
  const env = ZFfmpegEnv.parse(source);
  return { path: env.FFMPEG_PATH ?? null, searchPath: env.PATH };
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

/**
 * x264 keeps two cores busy with one encode, so renders take turns: one per two cores. More at
 * once only share the same cores and finish later together (docs/decisions/145).
 */
export const defaultRenderConcurrency = () =>
  Math.max(1, Math.floor(os.availableParallelism() / 2));

const WORKER_KINDS = {
  true: 'all',
  false: 'none',
  general: 'general',
  render: 'render',
} as const satisfies Record<Env['RUN_WORKERS'], WorkerKind>;

const workerKind = (env: Env): WorkerKind => {
  const kind = WORKER_KINDS[env.RUN_WORKERS];
  if (kind !== 'all' && !env.DATABASE_URL) {
    // Said, not ignored: an operator who meant an API process would otherwise get a worker.
    throw new ConfigError(
      `Invalid configuration:\n  RUN_WORKERS: ${env.RUN_WORKERS} needs DATABASE_URL (PostgreSQL); on the embedded database one process runs every job`,
    );
  }
  return kind;
};
