/**
 * Jobs section of `npm run bench`: a burst of queued jobs drained by one worker process, on
 * PGlite and on PostgreSQL (TEST_DATABASE_URL, else a local server on 127.0.0.1:5432, when one
 * answers). Prints jobs drained per second against the 100/s target and against the rate the
 * same queue accepted them at (the database's own pace), in the same run; asserts nothing.
 */
import { z } from 'zod';
import type { DbHandle } from '../src/server/db/client';
import { openDatabase } from '../src/server/db/client';
import { defineJob } from '../src/server/jobs/define-job';
import { startJobQueue } from '../src/server/jobs/queue';
import { LOCAL_POSTGRES_URL, tryScratchDatabase } from '../src/server/testing/scratch-database';

const BURST = Number(process.env.BENCH_JOBS ?? 500);
const TARGET_PER_SECOND = 100;
const SENDERS = 16;

const silent = { error: () => {}, warn: () => {} };

const measure = async (handle: DbHandle) => {
  let handled = 0;
  // Shaped like analyze-product and send-email (ten at a time); the work itself is a no-op so
  // the figure is the queue's own overhead.
  const job = defineJob({
    name: 'bench-burst',
    schema: z.object({ n: z.number() }),
    retryLimit: 0,
    retryDelaySeconds: 1,
    expireInSeconds: 60,
    concurrency: 10,
    handle: async () => {
      handled += 1;
    },
  });
  const producer = await startJobQueue({
    executor: handle.executor,
    jobs: [job],
    workers: 'none',
    log: silent,
  });
  let next = 0;
  const sendStarted = performance.now();
  await Promise.all(
    Array.from({ length: SENDERS }, async () => {
      while (next < BURST) await producer.send(job, { n: next++ });
    }),
  );
  const sentPerSecond = BURST / ((performance.now() - sendStarted) / 1000);
  const drainStarted = performance.now();
  const worker = await startJobQueue({
    executor: handle.executor,
    jobs: [job],
    workers: 'all',
    log: silent,
  });
  await worker.startWorkers();
  await worker.drain(120_000);
  const drainedPerSecond = handled / ((performance.now() - drainStarted) / 1000);
  await worker.stop();
  await producer.stop();
  return { sentPerSecond, drainedPerSecond };
};

const print = (label: string, r: { sentPerSecond: number; drainedPerSecond: number }) =>
  console.log(
    `${label.padEnd(12)} ${r.drainedPerSecond.toFixed(0).padStart(6)} jobs/s drained   ratio to ${TARGET_PER_SECOND}/s target ${(r.drainedPerSecond / TARGET_PER_SECOND).toFixed(2)}   ratio to send rate (${r.sentPerSecond.toFixed(0)}/s) ${(r.drainedPerSecond / r.sentPerSecond).toFixed(2)}`,
  );

export const runJobsBench = async () => {
  console.log(`Jobs: a burst of ${BURST} queued jobs drained by one worker process:`);
  const pglite = await openDatabase({ kind: 'pglite', dir: null });
  try {
    print('PGlite', await measure(pglite));
  } finally {
    await pglite.close();
  }

  const scratch = await tryScratchDatabase(
    process.env.TEST_DATABASE_URL ?? LOCAL_POSTGRES_URL,
    'hookreel_bench',
  );
  if (!scratch) {
    console.log('PostgreSQL   skipped: set TEST_DATABASE_URL or run PostgreSQL on 127.0.0.1:5432');
    return;
  }
  const handle = await openDatabase({ kind: 'postgres', url: scratch.url });
  try {
    print('PostgreSQL', await measure(handle));
  } finally {
    await handle.close();
    await scratch.drop();
  }
};

if (import.meta.url === `file://${process.argv[1]}`) await runJobsBench();
