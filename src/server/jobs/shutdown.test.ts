import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from '../adapters/mail/create-mailer';
import { readOutbox } from '../adapters/mail/outbox-mailer';
import type { Config } from '../config';
import type { WorkerKind } from './define-job';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { createJobTestDatabase } from '../testing/job-test-database';
import { serverCommand } from '../testing/server-command';
import { startJobQueue } from './queue';
import { createSendEmailJob } from './send-email';

const BURST = 400;
const silent = { error: () => {}, warn: () => {} };

/**
 * A real worker process (`main.ts --worker`) stopped with SIGTERM while hundreds of e-mails
 * wait: it must close by itself (exit 0, not close-with-grace's kill after 15 s), leave no job
 * marked as running, and a restart must send every message.
 */
describe('graceful shutdown of a worker process', () => {
  let dataDir: string;
  let env: Record<string, string>;
  let config: Config;
  let database: Awaited<ReturnType<typeof createJobTestDatabase>> | null = null;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hookreel-shutdown-'));
    env = {
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      STARTER_LIBRARY: 'false',
    };
    if (process.env.TEST_DATABASE_URL) {
      // A database of its own; the handle the helper opens is closed so the process is alone.
      database = await createJobTestDatabase();
      const { rows } = await database.handle.executor.executeSql(
        'SELECT current_database() AS name',
        [],
      );
      const url = new URL(process.env.TEST_DATABASE_URL);
      url.pathname = `/${(rows[0] as { name: string }).name}`;
      env.DATABASE_URL = url.toString();
    }
    config = loadConfig(env);
  });

  afterAll(async () => {
    await database?.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  const withQueue = async <T>(
    workers: WorkerKind,
    work: (
      q: Awaited<ReturnType<typeof startJobQueue>>,
      job: ReturnType<typeof createSendEmailJob>,
    ) => Promise<T>,
  ) => {
    const db = await openDatabase(config.database);
    const job = createSendEmailJob(
      createMailer(config.mail, { from: config.mailFrom, log: () => {} }),
    );
    const queue = await startJobQueue({
      executor: db.executor,
      jobs: [job],
      workers,
      log: silent,
    });
    await queue.startWorkers();
    try {
      return await work(queue, job);
    } finally {
      await queue.stop();
      await db.close();
    }
  };

  it('closes within its timeout with hundreds queued, and a restart sends the rest', async () => {
    await withQueue('none', async (queue, job) => {
      for (let i = 0; i < BURST; i++) {
        await queue.send(job, {
          to: `user-${i}@example.com`,
          subject: `Message ${i}`,
          text: 'Hello',
          html: '<p>Hello</p>',
        });
      }
    });

    const child = spawn(...serverCommand('--worker'), {
      env: { ...process.env, ...env, TEST_DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) =>
      child.on('exit', (code) => resolve(code)),
    );

    // Stop it while it is busy: once the first messages have gone out.
    const deadline = Date.now() + 60_000;
    while ((await readOutbox(config.mail.kind === 'outbox' ? config.mail.dir : '')).length === 0) {
      if (Date.now() > deadline) throw new Error(`the worker sent nothing:\n${output}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    child.kill('SIGTERM');
    // Before the fix, a SIGTERM that came while the app was still being built (workers already
    // running) killed the process outright (exit code null), leaving jobs marked as running.
    const code = await exited;
    expect(output).not.toMatch(/killed by timeout/);
    expect(code, output).toBe(0);

    await withQueue('all', async (queue) => {
      await queue.drain(60_000);
    });
    const outbox = await readOutbox(config.mail.kind === 'outbox' ? config.mail.dir : '');
    expect(new Set(outbox.map((m) => m.to)).size).toBe(BURST);
  }, 300_000);
});
