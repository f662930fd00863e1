import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMailer } from './create-mailer';
import { createOutboxMailer, readOutbox } from './outbox-mailer';

let dir: string;
let lines: string[];
beforeEach(async () => {
  dir = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'hookreel-outbox-')), 'outbox');
  lines = [];
});
afterEach(async () => {
  await fs.rm(path.dirname(dir), { recursive: true, force: true });
});

const confirmation = {
  to: 'ana@example.com',
  subject: 'Confirm your e-mail',
  text: 'Hi Ana,\n\nConfirm: https://app.test/confirm?token=abc\n\nHookreel',
  html: '<p><a href="https://app.test/confirm?token=abc">Confirm</a></p>',
};

describe('createOutboxMailer', () => {
  it('describes itself and writes each message as JSON, logging its first link', async () => {
    const mailer = createOutboxMailer({ dir, log: (line) => lines.push(line) });
    expect(mailer.describe).toBe(`mail: local outbox at ${dir} (read it at /dev/mail)`);

    await mailer.send(confirmation);

    const files = await fs.readdir(dir);
    expect(files).toHaveLength(1);
    const [file = ''] = files;
    expect(file).toMatch(/^\d{13}-[0-9a-f-]{36}\.json$/);
    const stored: unknown = JSON.parse(await fs.readFile(path.join(dir, file), 'utf8'));
    expect(stored).toEqual({
      ...confirmation,
      id: file.slice(14, -5),
      links: ['https://app.test/confirm?token=abc'],
      createdAt: new Date(Number(file.slice(0, 13))).toISOString(),
    });
    expect(lines).toEqual([
      'mail: outbox message to ana@example.com: "Confirm your e-mail" https://app.test/confirm?token=abc',
    ]);
  });

  it('logs without a link when the message has none', async () => {
    const mailer = createOutboxMailer({ dir, log: (line) => lines.push(line) });
    await mailer.send({
      to: 'b@example.com',
      subject: 'Hello',
      text: 'no links',
      html: '<p>none</p>',
    });
    expect(lines).toEqual(['mail: outbox message to b@example.com: "Hello"']);
  });

  it('is what createMailer picks for the outbox config', async () => {
    const mailer = createMailer(
      { kind: 'outbox', dir },
      { from: 'Hookreel <no-reply@hookreel.app>', log: (line) => lines.push(line) },
    );
    expect(mailer.describe).toContain('mail: local outbox at');
    await mailer.send(confirmation);
    expect(await readOutbox(dir)).toHaveLength(1);
  });
});

describe('readOutbox', () => {
  it('returns [] when the outbox does not exist yet', async () => {
    expect(await readOutbox(dir)).toEqual([]);
  });

  it('lists messages newest first, even within one millisecond, skipping unreadable files', async () => {
    const mailer = createOutboxMailer({ dir, log: () => {} });
    for (const n of [1, 2, 3]) await mailer.send({ ...confirmation, subject: `Message ${n}` });
    await fs.writeFile(path.join(dir, '9999999999999-broken.json'), '{ not json');
    await fs.writeFile(path.join(dir, '9999999999998-wrong-shape.json'), '{"to": 1}');
    await fs.writeFile(path.join(dir, 'notes.txt'), 'ignored');
    await fs.mkdir(path.join(dir, 'folder.json'));

    const messages = await readOutbox(dir);
    expect(messages.map((m) => m.subject)).toEqual(['Message 3', 'Message 2', 'Message 1']);
    expect(new Set(messages.map((m) => m.id)).size).toBe(3);
  });
});
