import type { Socket } from 'node:net';
import { createServer, connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeSmtpServer } from '../testing/fakes/fake-smtp-server';
import { startFakeSmtpServer } from '../testing/fakes/fake-smtp-server';
import { createSmtpMailer } from '../adapters/mail/smtp-mailer';
import type { SqlExecutor } from '../db/client';
import { createJobTestDatabase } from '../testing/job-test-database';
import { minimumRetrySpanSeconds } from './define-job';
import { listFailedEmails } from './failed-emails';
import type { JobLog } from './job-worker';
import { startJobQueue } from './queue';
import { createSendEmailJob } from './send-email';

/**
 * A TCP hop in front of the fake SMTP server that can play an outage: while down it hangs up
 * on every connection, as a mail host that is restarting does.
 */
const startSwitchableHop = async (target: FakeSmtpServer) => {
  let up = false;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    if (!up) return client.destroy();
    const upstream = connect(target.port, '127.0.0.1');
    upstream.on('error', () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    setUp: (value: boolean) => {
      up = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
};

const until = async (check: () => Promise<boolean> | boolean, what: string) => {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

const jobRow = async (executor: SqlExecutor, id: string) => {
  const { rows } = await executor.executeSql(
    `SELECT state, start_after > now() + interval '59 seconds' AS waits_a_minute
       FROM pgboss.job WHERE id = $1`,
    [id],
  );
  return rows[0] as { state: string; waits_a_minute: boolean } | undefined;
};

const message = (to: string) => ({
  to,
  subject: 'Confirm your Hookreel account',
  text: 'Open https://hookreel.test/verify?token=secret-token-123 to confirm.',
  html: '<a href="https://hookreel.test/verify?token=secret-token-123">Confirm</a>',
});

describe('send-email job against an SMTP server that goes away', () => {
  let smtp: FakeSmtpServer;
  let hop: Awaited<ReturnType<typeof startSwitchableHop>>;
  let database: Awaited<ReturnType<typeof createJobTestDatabase>>;
  const errors: { fields: Record<string, unknown>; message: string }[] = [];
  const log: JobLog = {
    error: (fields, text) => errors.push({ fields: { ...fields }, message: text }),
    warn: () => {},
  };

  beforeAll(async () => {
    smtp = await startFakeSmtpServer();
    hop = await startSwitchableHop(smtp);
    database = await createJobTestDatabase();
  });

  afterAll(async () => {
    await database.close();
    await hop.close();
    await smtp.close();
  });

  it('keeps retrying for hours, not seconds', () => {
    const job = createSendEmailJob(createSmtpMailer({ url: hop.url, from: 'a@b.test' }));
    expect(minimumRetrySpanSeconds(job)).toBeGreaterThanOrEqual(4 * 60 * 60);
  });

  // A worker polling fast enough for a test, stopping within two seconds.
  const startWorker = async (job: ReturnType<typeof createSendEmailJob>) => {
    const queue = await startJobQueue({
      executor: database.handle.executor,
      jobs: [job],
      workers: 'all',
      log,
      timing: { pollingIntervalSeconds: 0.5 },
      stopTimeoutMs: 2000,
    });
    await queue.startWorkers();
    return queue;
  };

  it('logs each failure with the job id and waits a minute before the first retry', async () => {
    hop.setUp(false);
    const job = createSendEmailJob(createSmtpMailer({ url: hop.url, from: 'a@b.test' }));
    const queue = await startWorker(job);
    try {
      const id = (await queue.send(job, message('first@example.com')))!;
      await until(
        async () => (await jobRow(database.handle.executor, id))?.state === 'retry',
        'the first failure',
      );
      expect(await jobRow(database.handle.executor, id)).toEqual({
        state: 'retry',
        waits_a_minute: true,
      });
      expect(errors.at(-1)?.fields).toMatchObject({ job: 'send-email', jobId: id, attempt: 1 });
      expect(errors.at(-1)?.fields.reason).toEqual(expect.any(String));
      expect(errors.at(-1)?.message).toBe('job send-email failed; it will be retried');
    } finally {
      await queue.stop();
    }
  });

  it('lists a message that finally failed (never its link), and a new request goes out once the server is back', async () => {
    hop.setUp(false);
    // The same job with a retry policy short enough for a test.
    const job = createSendEmailJob(createSmtpMailer({ url: hop.url, from: 'a@b.test' }), {
      retryLimit: 1,
      retryDelaySeconds: 1,
    });
    const queue = await startWorker(job);
    try {
      const id = (await queue.send(job, message('lost@example.com')))!;
      await until(
        async () => (await jobRow(database.handle.executor, id))?.state === 'failed',
        'the final failure',
      );
      expect(errors.filter((e) => e.fields.jobId === id).map((e) => e.message)).toEqual([
        'job send-email failed; it will be retried',
        'job send-email failed for good after 2 attempts',
      ]);
      const failed = await listFailedEmails(database.handle.executor);
      const lost = failed.find((f) => f.jobId === id);
      expect(lost).toMatchObject({
        to: 'lost@example.com',
        subject: 'Confirm your Hookreel account',
        attempts: 2,
      });
      expect(lost?.reason).toEqual(expect.any(String));
      expect(JSON.stringify(failed)).not.toContain('secret-token-123');

      // The user asks for the e-mail again once the server is back.
      hop.setUp(true);
      await queue.send(job, message('lost@example.com'));
      const [delivered] = await smtp.waitForMessages(1);
      expect(delivered?.to).toEqual(['lost@example.com']);
    } finally {
      await queue.stop();
    }
  });
});
