import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from './logger-options';

describe('request logging', () => {
  it('never writes query strings or authorization headers', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write: (chunk, _enc, done) => {
        lines.push(String(chunk));
        done();
      },
    });
    const app = Fastify({ logger: { ...loggerOptions('info'), stream } });
    app.get('/api/auth/verify-email', async () => ({ ok: true }));
    await app.inject({
      method: 'GET',
      url: '/api/auth/verify-email?token=very-secret-token&callbackURL=/',
      headers: { authorization: 'Bearer bearer-secret' },
    });
    await app.close();
    const log = lines.join('');
    expect(log).toContain('/api/auth/verify-email');
    expect(log).not.toContain('very-secret-token');
    expect(log).not.toContain('bearer-secret');
  });
});
