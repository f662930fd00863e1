import type { MailMessage, Mailer } from '../adapters/mail/mailer';
import type { JobDefinition } from './queue';

/** E-mail leaves through a job so a slow or failing SMTP server never holds up a request. */
export const createSendEmailJob = (mailer: Mailer): JobDefinition<MailMessage> => ({
  name: 'send-email',
  retryLimit: 5,
  handle: (message) => mailer.send(message),
});
