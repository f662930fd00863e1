import { z } from 'zod';
import type { Mailer } from '../adapters/mail/mailer';
import { defineJob } from './define-job';

export const ZMailMessage = z.object({
  to: z.string().min(1),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
});

export const SEND_EMAIL_JOB = 'send-email';

/**
 * E-mail leaves through a job so a slow or failing SMTP server never holds up a request. An
 * outage of hours must not lose a confirmation or reset mail: eight retries that start a
 * minute apart and double span at least 4¼ hours (at most twice that, with pg-boss's jitter).
 * A message that still fails stays listed as failed (`npm run mail:failed`), and the user can
 * ask for it again.
 */
export const createSendEmailJob = (
  mailer: Mailer,
  retry: { retryLimit: number; retryDelaySeconds: number } = {
    retryLimit: 8,
    retryDelaySeconds: 60,
  },
) =>
  defineJob({
    name: SEND_EMAIL_JOB,
    schema: ZMailMessage,
    ...retry,
    // An SMTP hand-over takes seconds; a send left hanging by a dead process is retried soon.
    expireInSeconds: 60,
    concurrency: 10,
    handle: (message) => mailer.send(message),
  });
