import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { readOutbox } from '../adapters/mail/outbox-mailer';
import type { AppContext } from '../app';
import { buildApp } from '../app';
import type { Config } from '../config';
import type { DbHandle } from '../db/client';
import { adapterMigrations } from '../adapters/create-adapters';
import { takeMemoryDatabase, takeScratchDatabase } from './test-database-pool';
import { loadConfig } from '../config';
import { quickPasswordHashing } from './quick-password-hashing';

/**
 * A fresh app on a fresh database: in-memory PGlite by default, or a new PostgreSQL database
 * created for this app when TEST_DATABASE_URL is set (CI runs the suite both ways).
 */
export const createTestApp = async (
  overrides: Partial<Config> = {},
  {
    extend,
    env = {},
    build = {},
    logs,
    passwords = 'quick',
  }: {
    /** More build options (e.g. the TikTok seams a publishing test drives). */
    build?: Omit<Parameters<typeof buildApp>[1] & object, 'logger' | 'workers'>;
    extend?: (app: AppContext['app']) => void;
    /** More environment variables, parsed by the real config (e.g. a production server). */
    env?: Record<string, string>;
    /** Collects the app's log lines (pino JSON, info and above) for a test that checks them. */
    logs?: string[];
    /**
     * The password hash: a cheap scrypt by default (decision 245), or `'shipped'`, better-auth's
     * own, for a test about how passwords are stored.
     */
    passwords?: 'quick' | 'shipped';
  } = {},
) => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hookreel-test-'));
  const configWith = (database: Config['database']) =>
    loadConfig(
      {
        NODE_ENV: 'test',
        DATA_DIR: dir,
        APP_URL: 'http://localhost:3999',
        AUTH_RATE_LIMIT_MAX: '1000',
        // Tests fire bursts of requests on a shared, slow machine: a longer wait bound than
        // production's 500 ms keeps them from 503s; the gate's own tests set theirs (decision 067).
        API_MAX_WAIT_MS: '5000',
        ...env,
      },
      { database, webDir: null, ...overrides },
    );
  let config = configWith({ kind: 'pglite', dir: null });
  // The database comes from the pool (decision 241) unless the test brings its own: a handle,
  // an on-disk folder, or a PostgreSQL database it set up.
  const adminUrl = process.env.TEST_DATABASE_URL;
  let pooled: { handle?: DbHandle; giveBack: () => Promise<void> } | null = null;
  if (adminUrl && !overrides.database) {
    const scratch = await takeScratchDatabase(adminUrl, adapterMigrations(config));
    config = configWith({ kind: 'postgres', url: scratch.url });
    pooled = scratch;
  } else if (!build.database && config.database.kind === 'pglite' && !config.database.dir) {
    pooled = await takeMemoryDatabase(adapterMigrations(config));
  }
  const logger = logs
    ? { level: 'info', stream: { write: (line: string) => logs.push(line) } }
    : false;
  const database = build.database ?? pooled?.handle;
  const passwordHashing = passwords === 'quick' ? quickPasswordHashing : undefined;
  const ctx = await buildApp(config, {
    logger,
    workers: 'all',
    passwordHashing,
    ...build,
    database,
  });
  extend?.(ctx.app);
  await ctx.app.ready();
  const close = async () => {
    await ctx.app.close();
    await pooled?.giveBack();
    await fs.rm(dir, { recursive: true, force: true });
  };
  return { ...ctx, dir, close, ...helpers(ctx) };
};

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const helpers = (ctx: AppContext) => {
  const outbox = async () => {
    await ctx.jobs.drain();
    if (ctx.config.mail.kind !== 'outbox') throw new Error('the test app must use the outbox');
    return readOutbox(ctx.config.mail.dir);
  };

  const linkTo = async (email: string, subject: RegExp) => {
    const message = (await outbox()).find((m) => m.to === email && subject.test(m.subject));
    if (!message) throw new Error(`no e-mail "${subject}" to ${email}`);
    const link = message.links[0];
    if (!link) throw new Error('the e-mail has no link');
    return link;
  };

  const signUp = async (email: string, password = 'secret-pass-1', name = 'Ada Lovelace') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email, password, name, fullName: name, displayName: name, callbackURL: '/' },
    });

  const signIn = (email: string, password = 'secret-pass-1') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email, password },
    });

  /** Signs up, confirms through the e-mailed link, signs in; returns the bearer token. */
  const createUser = async (email = `user-${randomUUID()}@example.com`, name = 'Ada Lovelace') => {
    const res = await signUp(email, 'secret-pass-1', name);
    if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.body}`);
    const link = new URL(await linkTo(email, /Confirm/));
    const confirm = await ctx.app.inject({ method: 'GET', url: link.pathname + link.search });
    if (confirm.statusCode >= 400) throw new Error(`confirmation failed: ${confirm.body}`);
    const signedIn = await signIn(email);
    const token = signedIn.json<{ token: string; user: { id: string } }>();
    return {
      email,
      token: token.token,
      userId: token.user.id,
      headers: { authorization: `Bearer ${token.token}` },
    };
  };

  return { outbox, linkTo, signUp, signIn, createUser };
};
