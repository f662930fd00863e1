import type { SqlExecutor } from '../db/client';
import { listFailedJobs } from './failed-jobs';
import { SEND_EMAIL_JOB, ZMailMessage } from './send-email';

export type FailedEmail = {
  jobId: string;
  to: string;
  subject: string;
  reason: string | null;
  attempts: number;
  failedAt: Date;
};

/**
 * E-mails that could not be sent after every retry. Recipient and subject only: the body holds
 * the confirmation or reset link, which must not reach an operator's terminal or logs.
 */
export const listFailedEmails = async (
  executor: SqlExecutor,
  limit?: number,
): Promise<FailedEmail[]> =>
  (await listFailedJobs(executor, SEND_EMAIL_JOB, limit)).map((job) => {
    const message = ZMailMessage.safeParse(job.data);
    return {
      jobId: job.id,
      to: message.success ? message.data.to : '(unreadable payload)',
      subject: message.success ? message.data.subject : '',
      reason: job.reason,
      attempts: job.attempts,
      failedAt: job.failedAt,
    };
  });
