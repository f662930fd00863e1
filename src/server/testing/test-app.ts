import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { readOutbox } from '../adapters/mail/outbox-mailer';
import type { AppContext } from '../app';
import { buildApp } from '../app';
import type { Config } from '../config';
import { createScratchDatabase } from './scratch-database';
import { loadConfig } from '../config';

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
  }: {
    /** More build options (e.g. the TikTok seams a publishing test drives). */
    build?: Omit<Parameters<typeof buildApp>[1] & object, 'logger' | 'workers'>;
    extend?: (app: AppContext['app']) => void;
    /** More environment variables, parsed by the real config (e.g. a production server). */
    env?: Record<string, string>;
    /** Collects the app's log lines (pino JSON, info and above) for a test that checks them. */
    logs?: string[];
  } = {},
) => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hookreel-test-'));
  let dropDatabase: (() => Promise<void>) | undefined;
  let database: Config['database'] = { kind: 'pglite', dir: null };
  const adminUrl = process.env.TEST_DATABASE_URL;
  // A test that brings its own database (a PostgreSQL one it set up) gets no second one.
  if (adminUrl && !overrides.database) {
    const scratch = await createScratchDatabase(adminUrl);
    database = { kind: 'postgres', url: scratch.url };
    dropDatabase = scratch.drop;
  }
  const config = loadConfig(
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
  const logger = logs
    ? { level: 'info', stream: { write: (line: string) => logs.push(line) } }
    : false;
  const ctx = await buildApp(config, { logger, workers: 'all', ...build });
  extend?.(ctx.app);
  await ctx.app.ready();
  const close = async () => {
    await ctx.app.close();
    await dropDatabase?.();
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
