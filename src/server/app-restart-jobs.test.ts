import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from './app';
import { loadConfig } from './config';
import { defineJob } from './jobs/define-job';
import { createJobTestDatabase } from './testing/job-test-database';

// The scheduled jobs whose handlers call a service app.ts builds after the queue: the ones a
// restart finds waiting (their cron fired while the server was down).
const WAITING = [
  'render-reconcile',
  'campaign-reconcile',
  'tiktok-post-reconcile',
  'analytics-sync-schedule',
];

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('a restart with jobs already waiting', () => {
  it('runs them once every service they call exists', { timeout: 90_000 }, async () => {
    const database = await createJobTestDatabase();
    cleanups.push(database.close);
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hookreel-restart-'));
    cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
    const config = loadConfig(
      { NODE_ENV: 'test', DATA_DIR: dir, APP_URL: 'http://localhost:3999' },
      { database: { kind: 'pglite', dir: null }, webDir: null },
    );

    // The server that went down: it left a due copy of each job behind.
    const before = await buildApp(config, {
      logger: false,
      workers: 'none',
      database: database.handle,
    });
    const ids: string[] = [];
    for (const name of WAITING) {
      // Only the name and payload matter for sending; the real definitions are the app's.
      const job = defineJob({
        name,
        schema: z.object({}),
        retryLimit: 0,
        retryDelaySeconds: 1,
        expireInSeconds: 60,
        concurrency: 1,
        handle: async () => {},
      });
      ids.push((await before.jobs.send(job, {}))!);
    }
    await before.app.close();

    const after = await buildApp(config, {
      logger: false,
      workers: 'all',
      database: database.handle,
    });
    cleanups.push(() => after.app.close());
    await after.jobs.drain();
    const { rows } = await database.handle.executor.executeSql(
      `SELECT name, state FROM pgboss.job WHERE id = ANY($1::uuid[]) ORDER BY name`,
      [ids],
    );
    expect(rows).toEqual([...WAITING].sort().map((name) => ({ name, state: 'completed' })));
  });
});
