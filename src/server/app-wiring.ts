// The composition root's plumbing between the shared pieces: the adapters with what they need of
// the modules, TikTok's seams, and the start-up log lines. app.ts lists the modules.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Adapters } from './adapters/create-adapters';
import { createAdapters } from './adapters/create-adapters';
import { createDevAccess } from './adapters/dev-access';
import type { TikTokApi } from './adapters/tiktok/tiktok-api';
import type { Config } from './config';
import type { Database, DbHandle } from './db/client';
import type { JobQueue } from './jobs/queue';
import type { Authenticate } from './plugins/server-module';
import type { SubscriptionStore } from './modules/billing';
import { createBillingLedger } from './modules/billing';
import { findUserEmail } from './modules/users';
import type { LocalHostAllowance } from './net/safe-fetch';
import type { PublishingAccounts } from './modules/publishing';
import type { TikTokAccounts } from './modules/tiktok';
import { reserveTikTokCall } from './modules/tiktok';

/**
 * What publishing talks to TikTok through: the configured client and the connected accounts.
 * Tests hand in scripted ones instead (a failing init, a chosen status).
 */
export const tiktokSeams = (
  config: Config,
  db: Database,
  tiktok: TikTokApi,
  accounts: TikTokAccounts,
) => ({
  tiktok,
  accounts: {
    withAccessToken: accounts.withAccessToken,
    reserveTikTokCall: (openId, kind) => reserveTikTokCall(db, openId, kind),
    markAuthorizationRemoved: accounts.markAuthorizationRemoved,
  } satisfies PublishingAccounts,
  // TikTok signs webhooks with the app's client secret; the sandbox with its own.
  webhookSecret: config.tiktok.clientSecret,
});

/**
 * The bytes behind one of this site's own media URLs (a template's thumbnail), or null: read by
 * storage key through the own-media service, never by a request to our own routes (decision 162).
 */
export const readOwnMedia = (app: FastifyInstance) => async (url: string) =>
  url.startsWith('/media/') ? ((await app.ownMedia.read(url))?.body ?? null) : null;

/** Who a request is signed in as, without refusing it (the development aids and the sandbox). */
const signedInAs = (authenticate: Authenticate, db: Database) => {
  const userId = async (request: FastifyRequest) =>
    authenticate(request).then(
      () => request.userId,
      () => null,
    );
  const email = async (request: FastifyRequest) => {
    const id = await userId(request);
    return id && findUserEmail(db, id);
  };
  return { userId, email };
};

/** Every adapter the config picks, handed what they need of the modules (decision 014). */
export const wireAdapters = (
  config: Config,
  {
    app,
    db,
    store,
    authenticate,
    jobs,
    renderCallback,
    outboundAllowLocal,
  }: {
    app: FastifyInstance;
    db: Database;
    store: SubscriptionStore;
    authenticate: Authenticate;
    jobs: Pick<JobQueue, 'send'>;
    renderCallback: () => (token: string) => Promise<void>;
    outboundAllowLocal: LocalHostAllowance | undefined;
  },
) => {
  const signedIn = signedInAs(authenticate, db);
  const adapters = createAdapters(config, {
    db,
    ...(outboundAllowLocal ? { outboundAllowLocal } : {}),
    billingLedger: createBillingLedger({
      db,
      store,
      log: (level, message) => app.log[level](message),
    }),
    devAccess: createDevAccess({
      production: config.env === 'production',
      operatorEmails: config.operatorEmails,
      signedInEmail: signedIn.email,
    }),
    signedInUserId: signedIn.userId,
    log: (line) => app.log.info(line),
    logError: (error, message) => app.log.error({ err: error }, message),
    queue: () => jobs,
    renderCallback,
  });
  return { adapters, signedInEmail: signedIn.email };
};

/** One line per adapter picked, for the start-up log; those the operator must not miss, again. */
export const startupLines = (config: Config, db: DbHandle, jobs: JobQueue, adapters: Adapters) => ({
  adapterLines: [
    db.describe,
    jobs.describe,
    ...Object.values(adapters).map((a: { line: string }) => a.line),
    config.pixel
      ? `pixel: ${config.pixel.provider} pixel ${config.pixel.id} (lead event on sign-up)`
      : 'pixel: off',
  ],
  adapterWarnings: Object.values(adapters).flatMap((a: { line: string; warn?: boolean }) =>
    a.warn ? [a.line] : [],
  ),
});

/** What modules are told of the chosen adapters: what they can do, never which (decision 161). */
export const adapterAnswers = (config: Config) => {
  const realTikTok = config.tiktok.kind === 'tiktok';
  return {
    publicConfig: {
      appUrl: config.appUrl,
      supportEmail: config.supportEmail,
      pixel: config.pixel,
      mailOutbox: config.mail.kind === 'outbox',
      tiktok: config.tiktok.kind,
      voice: config.voice.kind !== 'none',
    },
    tiktok: {
      configured: config.tiktok.kind !== 'off',
      debugClient: {
        keysConfigured: realTikTok,
        redirectUri: realTikTok
          ? config.tiktok.redirectUri
          : `${config.appUrl}/api/tiktok/auth/callback`,
      },
    },
    /** Recorded with each generated character: `local`, or the images API's model. */
    imagesName: config.imageGen.kind === 'openai' ? config.imageGen.model : 'local',
    /** Where "View Post" leads: the sandbox's inbox page when the sandbox stands in for TikTok. */
    postLinks:
      config.tiktok.kind === 'sandbox'
        ? { sandboxInboxUrl: `${config.appUrl}/tiktok-sandbox` }
        : {},
  };
};

export type AdapterAnswers = ReturnType<typeof adapterAnswers>;
