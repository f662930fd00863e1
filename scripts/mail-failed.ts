/**
 * `npm run mail:failed`: e-mails that failed for good after every retry (recipient, subject,
 * attempts, last error, time), newest first. Never the body, which holds the link. With the
 * embedded database, stop the server first (one process owns it).
 */
import { loadConfigOrExit } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { exitIfDatabaseInUse } from '../src/server/db/pglite-owner-lock';
import { listFailedEmails } from '../src/server/jobs/failed-emails';

const config = loadConfigOrExit();
const db = await openDatabase(config.database).catch(exitIfDatabaseInUse);
try {
  const failed = await listFailedEmails(db.executor);
  if (failed.length === 0) console.log('No failed e-mails.');
  for (const mail of failed) {
    console.log(
      `${mail.failedAt.toISOString()}  to ${mail.to}  "${mail.subject}"  after ${mail.attempts} attempts: ${mail.reason ?? 'no reason recorded'}  (job ${mail.jobId})`,
    );
  }
} finally {
  await db.close();
}
