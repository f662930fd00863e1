import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from './logger-options';

/** A Fastify app that logs like ours into memory. */
const loggedApp = () => {
  const lines: string[] = [];
  const stream = new Writable({
    write: (chunk, _enc, done) => {
      lines.push(String(chunk));
      done();
    },
  });
  const app = Fastify({ logger: { ...loggerOptions('info'), stream } });
  return { app, log: () => lines.join('') };
};

describe('request logging', () => {
  it('never writes query strings or authorization headers', async () => {
    const { app, log } = loggedApp();
    app.get('/api/auth/verify-email', async () => ({ ok: true }));
    app.get('/media/carousel/:file', async () => ({ ok: true }));
    await app.inject({
      method: 'GET',
      url: '/api/auth/verify-email?token=very-secret-token&callbackURL=/',
      headers: { authorization: 'Bearer bearer-secret' },
    });
    await app.inject({ method: 'GET', url: '/media/carousel/abc.jpg?k=image-capability' });
    await app.close();
    expect(log()).toContain('/api/auth/verify-email');
    expect(log()).toContain('/media/carousel/abc.jpg');
    for (const secret of ['very-secret-token', 'bearer-secret', 'image-capability']) {
      expect(log()).not.toContain(secret);
    }
  });

  it('logs a failed query with its SQL and cause but without the values bound to it', async () => {
    const { app, log } = loggedApp();
    // What the session lookup throws when the database is unreachable: the token is a parameter.
    const failedLookup = () =>
      new DrizzleQueryError(
        'select "user_id" from "session" where ("session"."token" = $1 and "session"."expires_at" > $2)',
        ['session-token-secret', '2026-01-01T00:00:00.000Z'],
        Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' }),
      );
    app.get('/api/products', async () => {
      throw failedLookup();
    });
    const res = await app.inject({ method: 'GET', url: '/api/products' });
    // Errors logged directly (job handlers) take their message from the error.
    app.log.error(failedLookup());
    app.log.error({ err: failedLookup() }, 'job failed');
    await app.close();
    expect(res.statusCode).toBe(500);
    const entry = log()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { err?: Record<string, unknown> })
      .find((line) => line.err);
    expect(entry?.err).toMatchObject({
      type: 'DrizzleQueryError',
      message: expect.stringContaining('from "session" where'),
      cause: { message: 'Connection terminated unexpectedly', code: 'ECONNRESET' },
    });
    expect(entry?.err?.stack).toEqual(expect.stringContaining('at '));
    expect(log()).not.toContain('session-token-secret');
  });
});
