import path from 'node:path';
import { z } from 'zod';

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

  PIXEL_PROVIDER: z.enum(['tiktok', 'meta']).default('tiktok'),
  PIXEL_ID: optional,

  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(20),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 * 1024),
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
  /** TikTok app credentials; the TikTok feature falls back to its built-in sandbox without them. */
  tiktok: { clientKey: string | null; clientSecret: string | null; redirectUri: string };
  authRateLimitMax: number;
  uploadMaxBytes: number;
  /** Where the built web app lives; null serves no web app (API-only tests). */
  webDir: string | null;
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
    authRateLimitMax: env.AUTH_RATE_LIMIT_MAX,
    uploadMaxBytes: env.UPLOAD_MAX_BYTES,
    webDir: path.resolve('dist/web'),
  };
  return { ...config, ...overrides };
};
