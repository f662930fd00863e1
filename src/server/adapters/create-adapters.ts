import type { MigrationConfig } from 'drizzle-orm/migrator';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { AnyJob } from '../jobs/define-job';
import type { JobQueue } from '../jobs/queue';
import type { AiWriter } from './ai/ai-writer';
import { createAiWriter } from './ai/create-ai-writer';
import { createImageGenerator } from './images/create-image-generator';
import type { ImageGenerator } from './images/image-generator';
import { createMotionGenerator } from './motion/create-motion-generator';
import type { MotionGenerator } from './motion/motion-generator';
import { createSpeechGenerator } from './voice/create-speech-generator';
import type { SpeechGenerator } from './voice/speech-generator';
import type { LocalHostAllowance } from '../net/safe-fetch';
import type { BillingAdapter } from './billing/billing-adapter';
import type { BillingLedger } from './billing/billing-events';
import { createLocalBilling } from './billing/local-billing';
import { localCheckoutRoutes } from './billing/local-checkout-routes';
import { createOffBilling } from './billing/off-billing';
import { createStripeBilling } from './billing/stripe-billing';
import { stripeWebhookRoutes } from './billing/stripe-webhook-routes';
import type { DevAccess } from './dev-access';
import { createMailer } from './mail/create-mailer';
import type { RenderAdapter } from './render/render-adapter';
import { createRenderAdapter } from './render/render-adapter';
import { devMailRoutes } from './mail/dev-mail-routes';
import type { Mailer } from './mail/mailer';
import { createStorage } from './storage/create-storage';
import { diskFilesRoutes } from './storage/disk-files-routes';
import type { Storage } from './storage/storage';
import { createTikTokSandbox, TIKTOK_SANDBOX_MIGRATIONS } from './tiktok/sandbox/tiktok-sandbox';
import type { TikTokClient } from './tiktok/tiktok-client';
import { createTikTokClient } from './tiktok/tiktok-client';
import { createTikTokOffClient } from './tiktok/tiktok-off-client';

/**
 * One outside service as configured: the instance the features use, its start-up log line
 * (`warn` when the operator must notice it) and the HTTP routes it brings, if any.
 */
export type Adapter<T> = {
  instance: T;
  line: string;
  warn?: boolean;
  routes?: FastifyPluginAsync;
  /** Jobs the adapter's routes send (the queue runs them with the features' own). */
  jobs?: AnyJob[];
  /**
   * Path prefixes of its routes that are development aids: they answer only requests naming
   * this server in their `Host` (`plugins/own-host-only.ts`, decision 060).
   */
  ownHostOnly?: readonly string[];
};

export type Adapters = {
  storage: Adapter<Storage>;
  mail: Adapter<Mailer>;
  billing: Adapter<BillingAdapter>;
  ai: Adapter<AiWriter>;
  /** The one TikTok client (`TikTokApi`), pointed at TikTok or at the built-in sandbox. */
  tiktok: Adapter<TikTokClient>;
  /** The local ffmpeg renderer or Shotstack (its webhook route the render module mounts). */
  render: Adapter<RenderAdapter>;
  /** Character images: an OpenAI-compatible images API or the local painter. */
  images: Adapter<ImageGenerator>;
  /** Character motion, or null when none is configured (a still character stays a still). */
  motion: Adapter<MotionGenerator | null>;
  /** The hook read aloud, or null when no voice is configured (decision 140). */
  voice: Adapter<SpeechGenerator | null>;
};

export type AdapterDeps = {
  db: Database;
  /** The billing module's surface the providers raise their events into. */
  billingLedger: BillingLedger;
  /** Who may open the development aids (the outbox pages). */
  devAccess: DevAccess;
  /** The signed-in Hookreel user of a request (bearer token), or null: the TikTok sandbox's seller. */
  signedInUserId: (request: FastifyRequest) => Promise<string | null>;
  log: (line: string) => void;
  logError: (error: unknown, message: string) => void;
  /** The job queue, once started (it starts after the adapters, with their jobs). */
  queue: () => Pick<JobQueue, 'send'>;
  /** Tests only: local fakes of outside hosts that count as public (decision 065). */
  outboundAllowLocal?: LocalHostAllowance;
};

/** Wraps a plugin with its options so `app.ts` mounts every adapter's routes alike. */
const withOptions =
  <O extends object>(plugin: FastifyPluginAsync<O>, options: O): FastifyPluginAsync =>
  async (app) => {
    await app.register(plugin, options);
  };

const billingAdapter = (config: Config, deps: AdapterDeps): Adapter<BillingAdapter> => {
  const billing = config.billing;
  if (billing.kind === 'stripe') {
    const stripe = createStripeBilling(billing, {
      appUrl: config.appUrl,
      logError: deps.logError,
    });
    return {
      instance: stripe,
      line: stripe.describe,
      routes: withOptions(stripeWebhookRoutes, { stripe, ledger: deps.billingLedger }),
    };
  }
  if (billing.kind === 'off') {
    const off = createOffBilling();
    return { instance: off, line: off.describe, warn: true };
  }
  const production = config.env === 'production';
  const local = createLocalBilling({
    db: deps.db,
    ledger: deps.billingLedger,
    appUrl: config.appUrl,
    secret: config.secret,
    production,
  });
  return {
    instance: local,
    line: local.describe,
    warn: production,
    ownHostOnly: ['/billing/'],
    routes: withOptions(localCheckoutRoutes, {
      db: deps.db,
      billing: local,
      ledger: deps.billingLedger,
      secret: config.secret,
    }),
  };
};

const tiktokAdapter = (
  config: Config,
  deps: AdapterDeps,
  storage: Storage,
): Adapter<TikTokClient> => {
  if (config.tiktok.kind === 'off') {
    const off = createTikTokOffClient();
    return {
      instance: off,
      warn: true,
      line: 'tiktok: not configured (production without TIKTOK_CLIENT_KEY and TIKTOK_CLIENT_SECRET): TikTok features answer tiktok_not_configured; TIKTOK_SANDBOX_IN_PRODUCTION=true serves the built-in sandbox instead',
    };
  }
  const client = createTikTokClient({ ...config.tiktok, log: deps.log });
  const production = config.env === 'production';
  const sandbox =
    config.tiktok.kind === 'sandbox'
      ? createTikTokSandbox({
          db: deps.db,
          storage,
          appUrl: config.appUrl,
          verifiedPrefixes: config.tiktok.sandboxVerifiedPrefixes ?? [
            `${config.mediaPublicOrigin}/`,
          ],
          sandboxOrigin: config.tiktok.apiOrigin,
          client: { key: config.tiktok.clientKey, secret: config.tiktok.clientSecret },
          redirectUris: [config.tiktok.redirectUri],
          webhookUrl: config.tiktok.sandboxWebhookUrl ?? `${config.appUrl}/api/tiktok/webhooks`,
          ffmpeg: config.ffmpeg,
          queue: deps.queue,
          signedInUserId: deps.signedInUserId,
        })
      : null;
  return {
    jobs: sandbox?.jobs,
    instance: client,
    ownHostOnly: sandbox?.ownHostPaths,
    line:
      config.tiktok.kind === 'tiktok'
        ? `tiktok: TikTok API at ${client.describe}, redirect ${config.tiktok.redirectUri}`
        : production
          ? `tiktok: built-in sandbox at ${client.describe} IN PRODUCTION (TIKTOK_SANDBOX_IN_PRODUCTION=true): posts go to a test inbox, never to TikTok`
          : `tiktok: built-in sandbox at ${client.describe}`,
    warn: config.tiktok.kind === 'sandbox' && production,
    routes: sandbox?.routes,
  };
};

/**
 * The migration streams the configured adapters bring beside the product's (decision 180): the
 * TikTok sandbox's schema, when the sandbox is on. Known before the database opens, so the
 * adapters themselves (which need the database) are not built for it.
 */
export const adapterMigrations = (config: Config): MigrationConfig[] =>
  config.tiktok.kind === 'sandbox' ? [TIKTOK_SANDBOX_MIGRATIONS] : [];

const renderAdapter = (config: Config, deps: AdapterDeps): Adapter<RenderAdapter> => {
  const render = createRenderAdapter(config.render, config.ffmpeg, { logError: deps.logError });
  if (config.render.kind === 'shotstack') {
    return {
      instance: render,
      line: `render: Shotstack ${config.render.env} at ${config.render.baseUrl}`,
      warn: config.render.env === 'stage' && config.env === 'production',
    };
  }
  return {
    instance: render,
    line: `render: local ffmpeg renderer (${config.ffmpeg.path ?? 'ffmpeg on PATH, else the npm build'})`,
  };
};

/**
 * Builds every outside service from the configuration, in this one place. `app.ts` mounts the
 * routes and prints the lines it is given and never asks which kind an adapter is; a new
 * adapter (the TikTok sandbox, a renderer) is one more entry here.
 */
export const createAdapters = (config: Config, deps: AdapterDeps): Adapters => {
  const storage = createStorage(config.storage, { secret: config.secret, appUrl: config.appUrl });
  const mailer = createMailer(config.mail, { from: config.mailFrom, log: deps.log });
  const ai = createAiWriter(config.ai);
  const images = createImageGenerator(config.imageGen);
  const motion = createMotionGenerator(config.motion, deps.outboundAllowLocal);
  const voice = createSpeechGenerator(config.voice);
  return {
    storage: {
      instance: storage,
      line: storage.describe,
      routes:
        config.storage.kind === 'disk'
          ? withOptions(diskFilesRoutes, { storage, secret: config.secret })
          : undefined,
    },
    mail: {
      instance: mailer,
      line: mailer.describe,
      routes:
        config.mail.kind === 'outbox'
          ? withOptions(devMailRoutes, { dir: config.mail.dir, access: deps.devAccess })
          : undefined,
      ownHostOnly: config.mail.kind === 'outbox' ? ['/dev/'] : undefined,
    },
    billing: billingAdapter(config, deps),
    ai: { instance: ai, line: ai.describe },
    images: { instance: images, line: images.describe },
    motion: {
      instance: motion,
      line:
        motion?.describe ??
        'character motion: off (set AI_VIDEO_API_KEY and AI_VIDEO_MODEL for a video model)',
    },
    voice: {
      instance: voice,
      line:
        voice?.describe ??
        'hook voice: off (set AI_VOICE_BASE_URL and AI_VOICE_MODEL for a speech API)',
    },
    tiktok: tiktokAdapter(config, deps, storage),
    render: renderAdapter(config, deps),
  };
};

/** Every adapter's jobs, for the queue to run. */
export const adapterJobs = (adapters: Adapters): AnyJob[] =>
  Object.values(adapters).flatMap((a: Adapter<unknown>) => a.jobs ?? []);

/** Every adapter's development-aid path prefixes (answered only under this server's own name). */
export const adapterOwnHostPaths = (adapters: Adapters): string[] =>
  Object.values(adapters).flatMap((a: Adapter<unknown>) => a.ownHostOnly ?? []);

/** Every adapter's routes, in a fixed order. */
export const adapterRoutes = (adapters: Adapters): FastifyPluginAsync[] =>
  Object.values(adapters).flatMap((a: Adapter<unknown>) => (a.routes ? [a.routes] : []));
