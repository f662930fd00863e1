import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from './logger-options';
import { RequestLogController } from './request-log-controller';

const appLogging = async (level: 'debug' | 'info') => {
  const lines: { level: number; msg: string; req?: unknown; res?: unknown }[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as (typeof lines)[number]);
      done();
    },
  });
  const app = Fastify({
    // The app's own logger settings: its request serializer drops query strings.
    logger: { ...loggerOptions('info'), stream },
    logController: new RequestLogController(level),
  });
  app.get('/ok', async () => ({ ok: true }));
  app.get('/boom', async () => {
    throw new Error('boom');
  });
  await app.ready();
  return { app, lines };
};

describe('RequestLogController', () => {
  it('keeps per-request lines out of the default level on the embedded server', async () => {
    const { app, lines } = await appLogging('debug');
    await app.inject({ url: '/ok' });
    await app.inject({ url: '/missing?token=secret' });
    expect(lines.map((l) => l.msg)).toEqual([]);

    // A failure still reaches the terminal.
    await app.inject({ url: '/boom' });
    expect(lines.some((l) => l.level >= 50 && l.msg === 'boom')).toBe(true);
    await app.close();
  });

  it('logs them at info when asked (PostgreSQL), without query strings', async () => {
    const { app, lines } = await appLogging('info');
    await app.inject({ url: '/ok' });
    await app.inject({ url: '/missing?token=secret' });
    const messages = lines.map((l) => l.msg);
    // One line a request, when it ends, with what was asked and what was answered.
    expect(messages.filter((m) => m === 'incoming request')).toEqual([]);
    const completed = lines.filter((l) => l.msg === 'request completed');
    expect(completed).toEqual([
      expect.objectContaining({ req: expect.objectContaining({ method: 'GET', url: '/ok' }) }),
      expect.objectContaining({
        req: expect.objectContaining({ url: '/missing' }),
        res: { statusCode: 404 },
      }),
    ]);
    expect(messages).toContain('Route GET:/missing not found');
    expect(JSON.stringify(lines)).not.toContain('secret');
    await app.close();
  });
});
