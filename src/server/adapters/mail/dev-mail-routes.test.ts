import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { devMailRoutes } from './dev-mail-routes';
import { createOutboxMailer } from './outbox-mailer';

let dir: string;
let app: FastifyInstance;

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hookreel-devmail-'));
  app = Fastify();
  await app.register(devMailRoutes, { dir, access: async () => 'allowed' });
  await app.ready();
});
afterEach(async () => {
  await app.close();
  await fs.rm(dir, { recursive: true, force: true });
});

const send = async () => {
  const mailer = createOutboxMailer({ dir, log: () => {} });
  await mailer.send({
    to: 'ana@example.com',
    subject: 'First',
    text: 'Welcome https://app.test/welcome',
    html: '<a href="https://app.test/welcome">Welcome</a>',
  });
  await mailer.send({
    to: '"Evil" <evil@example.com>',
    subject: '<script>alert(1)</script> & more',
    text: 'Reset: https://app.test/reset?token=x&y=<b>\n</pre><img src=x onerror=alert(1)>',
    html: '<a href="https://app.test/reset?token=x&amp;y=1">Reset</a>',
  });
};

describe('GET /dev/mail.json', () => {
  it('lists messages newest first with exactly the public fields', async () => {
    await send();
    const res = await app.inject({ method: 'GET', url: '/dev/mail.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json<Record<string, unknown>[]>();
    expect(body.map((m) => m.subject)).toEqual(['<script>alert(1)</script> & more', 'First']);
    for (const m of body) {
      expect(Object.keys(m).sort()).toEqual([
        'createdAt',
        'html',
        'links',
        'subject',
        'text',
        'to',
      ]);
    }
    expect(body[1]).toMatchObject({ to: 'ana@example.com', links: ['https://app.test/welcome'] });
  });

  it('is an empty list before any mail', async () => {
    const res = await app.inject({ method: 'GET', url: '/dev/mail.json' });
    expect(res.json()).toEqual([]);
  });
});

describe('GET /dev/mail', () => {
  it('renders a plain, escaped HTML page with clickable links', async () => {
    await send();
    const res = await app.inject({ method: 'GET', url: '/dev/mail' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const page = res.body;
    expect(page).toContain('<title>Hookreel outbox</title>');
    expect(page).toContain('<h2>First</h2>');
    expect(page).toContain('To: ana@example.com');
    expect(page).toContain('<a href="https://app.test/welcome" rel="noreferrer">');
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; more');
    expect(page).toContain('&quot;Evil&quot; &lt;evil@example.com&gt;');
    expect(page).toContain('&lt;/pre&gt;&lt;img src=x onerror=alert(1)&gt;');
    expect(page).toContain('href="https://app.test/reset?token=x&amp;y=1"');
    // Nothing the strict CSP would block, and no markup smuggled in through the message.
    expect(page).not.toMatch(/<script|<style|<img|<[^>]*\s(?:style|on[a-z]+)=/i);
    // Newest first.
    expect(page.indexOf('&lt;script&gt;')).toBeLessThan(page.indexOf('<h2>First</h2>'));
  });

  it('says so when the outbox is empty', async () => {
    const res = await app.inject({ method: 'GET', url: '/dev/mail' });
    expect(res.body).toContain('No messages yet.');
  });
});
