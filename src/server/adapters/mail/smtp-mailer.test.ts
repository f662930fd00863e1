import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from './create-mailer';
import type { FakeSmtpServer } from '../../testing/fakes/fake-smtp-server';
import { startFakeSmtpServer } from '../../testing/fakes/fake-smtp-server';
import { createSmtpMailer } from './smtp-mailer';

let smtp: FakeSmtpServer;
beforeAll(async () => {
  smtp = await startFakeSmtpServer();
});
afterAll(async () => {
  await smtp.close();
});

describe('createSmtpMailer', () => {
  it('delivers subject, recipient and both bodies over SMTP', async () => {
    const mailer = createSmtpMailer({ url: smtp.url, from: 'Hookreel <no-reply@hookreel.app>' });
    expect(mailer.describe).toBe(`mail: smtp via 127.0.0.1:${smtp.port}`);

    await mailer.send({
      to: 'ana@example.com',
      subject: 'Reset your password',
      text: 'Reset: https://app.test/reset?token=abc\n.leading dot line',
      html: '<p><a href="https://app.test/reset?token=abc">Reset</a></p>',
    });

    const [mail] = await smtp.waitForMessages(1);
    expect(mail?.from).toBe('no-reply@hookreel.app');
    expect(mail?.to).toEqual(['ana@example.com']);
    expect(mail?.raw).toMatch(/^Subject: Reset your password$/m);
    expect(mail?.raw).toMatch(/^To: ana@example\.com$/m);
    expect(mail?.raw).toMatch(/^From: Hookreel <no-reply@hookreel\.app>$/m);
    expect(mail?.raw).toContain('Content-Type: text/plain');
    expect(mail?.raw).toContain('Content-Type: text/html');
    expect(mail?.raw).toContain('https://app.test/reset?token=abc');
    expect(mail?.raw).toMatch(/^\.leading dot line$/m);
  });

  it('is what createMailer picks for the smtp config', async () => {
    const mailer = createMailer(
      { kind: 'smtp', url: smtp.url },
      { from: 'Hookreel <no-reply@hookreel.app>', log: () => {} },
    );
    await mailer.send({ to: 'bo@example.com', subject: 'Second', text: 'two', html: '<p>two</p>' });
    const messages = await smtp.waitForMessages(2);
    expect(messages[1]?.to).toEqual(['bo@example.com']);
  });

  it('never shows the credentials of the URL', () => {
    const mailer = createSmtpMailer({
      url: 'smtps://apikey:s3cr3t-pass@smtp.example.com:465',
      from: 'x@example.com',
    });
    expect(mailer.describe).toBe('mail: smtp via smtp.example.com:465');
    expect(createSmtpMailer({ url: 'smtps://u:p@smtp.example.com', from: 'x' }).describe).toBe(
      'mail: smtp via smtp.example.com:465',
    );
    expect(createSmtpMailer({ url: 'smtp://smtp.example.com', from: 'x' }).describe).toBe(
      'mail: smtp via smtp.example.com:587',
    );
  });

  it('refuses a URL it cannot use, without echoing it', () => {
    expect(() => createSmtpMailer({ url: 'not a url pass=hunter2', from: 'x' })).toThrow(
      /^SMTP_URL is not a valid URL/,
    );
    expect(() => createSmtpMailer({ url: 'https://u:hunter2@mail.test', from: 'x' })).toThrow(
      'SMTP_URL must start with smtp:// or smtps://',
    );
  });
});
