import type { Config } from '../../config';
import type { Mailer } from './mailer';
import { createOutboxMailer } from './outbox-mailer';
import { createSmtpMailer } from './smtp-mailer';

export const createMailer = (
  config: Config['mail'],
  opts: { from: string; log: (line: string) => void },
): Mailer =>
  config.kind === 'smtp'
    ? createSmtpMailer({ url: config.url, from: opts.from })
    : createOutboxMailer({ dir: config.dir, log: opts.log });
