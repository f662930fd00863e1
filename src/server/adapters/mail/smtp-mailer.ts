import { createTransport } from 'nodemailer';
import type { Mailer } from './mailer';

export type SmtpMailerOptions = {
  /** e.g. smtps://user:pass@smtp.example.com:465 or smtp://host:587 (STARTTLS when offered). */
  url: string;
  /** The From header, e.g. "Hookreel <no-reply@hookreel.app>". */
  from: string;
};

// Host and port only: the URL usually carries the account's password.
const describeUrl = (url: string): string => {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error('SMTP_URL is not a valid URL (expected smtp://… or smtps://…)');
  }
  if (parsed.protocol !== 'smtp:' && parsed.protocol !== 'smtps:') {
    throw new Error('SMTP_URL must start with smtp:// or smtps://');
  }
  // nodemailer's defaults when the URL has no port.
  const port = parsed.port || (parsed.protocol === 'smtps:' ? '465' : '587');
  return `mail: smtp via ${parsed.hostname}:${port}`;
};

export const createSmtpMailer = ({ url, from }: SmtpMailerOptions): Mailer => {
  const describe = describeUrl(url);
  // nodemailer reads scheme (smtps = implicit TLS), credentials and query options (e.g.
  // ?requireTLS=true) from the URL itself.
  const transport = createTransport(url);
  return {
    describe,
    send: async ({ to, subject, text, html }) => {
      await transport.sendMail({ from, to, subject, text, html });
    },
  };
};
