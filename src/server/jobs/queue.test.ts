import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { SqlExecutor } from '../db/client';
import { createJobTestDatabase } from '../testing/job-test-database';
import { defineJob } from './define-job';
import type { WorkerKind } from './define-job';
import type { JobLog } from './job-worker';
import type { JobQueue } from './queue';
import { startJobQueue } from './queue';

type Entry = { fields: Record<string, unknown>; message: string };

const recordingLog = () => {
  const entries: Entry[] = [];
  const log: JobLog = {
    error: (fields, message) => entries.push({ fields: { ...fields }, message }),
    warn: (fields, message) => entries.push({ fields: { ...fields }, message }),
  };
  return { entries, log };
};

const until = async (check: () => boolean | Promise<boolean>, what: string) => {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

const fast = { pollingIntervalSeconds: 0.5, cronMonitorIntervalSeconds: 1 };
const retry = { retryLimit: 1, retryDelaySeconds: 1, expireInSeconds: 30, concurrency: 5 };

const jobState = async (executor: SqlExecutor, id: string) => {
  const { rows } = await executor.executeSql(`SELECT state, output FROM pgboss.job WHERE id = $1`, [
    id,
  ]);
  return rows[0] as { state: string; output: { message?: string } | null } | undefined;
};

describe('job queue', () => {
  let database: Awaited<ReturnType<typeof createJobTestDatabase>>;
  const queues: JobQueue[] = [];

  // One database for the file, one queue name per test: opening a database is the slow part.
  beforeAll(async () => {
    database = await createJobTestDatabase();
  });

  afterEach(async () => {
    for (const queue of queues.splice(0)) await queue.stop();
  });

  afterAll(async () => {
    await database.close();
  });

  const start = async (
    options: Omit<Parameters<typeof startJobQueue>[0], 'executor' | 'workers'> & {
      workers?: WorkerKind;
    },
    executor = database.handle.executor,
  ) => {
    const queue = await startJobQueue({
      executor,
      workers: 'all',
      timing: fast,
      stopTimeoutMs: 2000,
      ...options,
    });
    await queue.startWorkers();
    queues.push(queue);
    return queue;
  };

  it('checks the payload on send and runs the job with it', async () => {
    const seen: string[] = [];
    const greet = defineJob({
      name: 'greet',
      schema: z.object({ name: z.string().min(1) }),
      ...retry,
      handle: async ({ name }) => {
        seen.push(name);
      },
    });
    const queue = await start({ jobs: [greet], log: recordingLog().log });
    await expect(queue.send(greet, { name: '' })).rejects.toThrow();
    await queue.send(greet, { name: 'Ada' });
    await queue.drain();
    expect(seen).toEqual(['Ada']);
  });

  it('starts a job sent in its own process at once, not at the next poll', async () => {
    const started: number[] = [];
    const wake = defineJob({
      name: 'wake',
      schema: z.object({}),
      ...retry,
      handle: async () => {
        started.push(Date.now());
      },
    });
    // Polls a minute apart: only the send's own wake-up can start the job within the test.
    const slow = { pollingIntervalSeconds: 60, cronMonitorIntervalSeconds: 30 };
    const worker = await start({ jobs: [wake], log: recordingLog().log, timing: slow });
    // The worker's first poll, made as it starts, finds nothing; the next is a minute away.
    await new Promise((r) => setTimeout(r, 300));
    const sent = Date.now();
    await worker.send(wake, {});
    await until(() => started.length === 1, 'the job sent in its own process');
    expect(started[0]! - sent).toBeLessThan(10_000);

    // Sent by a process that does not work it (an API process), the job waits for the poll.
    const api = await start({
      jobs: [wake],
      log: recordingLog().log,
      timing: slow,
      workers: 'none',
    });
    const id = await api.send(wake, {});
    await new Promise((r) => setTimeout(r, 1500));
    expect(started).toHaveLength(1);
    expect((await jobState(database.handle.executor, id!))?.state).toBe('created');
  });

  it('runs more jobs at once than an event target is warned about, with no leak warning', async () => {
    // Campaign sends run 8 at a time and posts 4, e-mails 10: each running job listens for the
    // queue's stop, so a busy worker holds more than Node's default of 10 such listeners.
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
    process.on('warning', onWarning);
    let running = 0;
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const busy = (name: string, concurrency: number) =>
      defineJob({
        name,
        schema: z.object({}),
        ...retry,
        concurrency,
        handle: async () => {
          running++;
          await released;
        },
      });
    const sends = busy('busy-sends', 8);
    const posts = busy('busy-posts', 4);
    try {
      // Sent before a worker starts, so each type's first fetch takes a whole batch.
      const api = await start({ jobs: [sends, posts], log: recordingLog().log, workers: 'none' });
      for (let i = 0; i < 8; i++) await api.send(sends, {});
      for (let i = 0; i < 4; i++) await api.send(posts, {});
      const worker = await start({ jobs: [sends, posts], log: recordingLog().log });
      await until(() => running === 12, 'twelve jobs running at once');
      release();
      await worker.drain();
      // The warning is emitted on the next tick after the eleventh listener.
      await new Promise((r) => setImmediate(r));
      expect(warnings.filter((w) => w.startsWith('MaxListenersExceededWarning'))).toEqual([]);
    } finally {
      release();
      process.off('warning', onWarning);
    }
  });

  it('runs a delayed job only once its time has come', async () => {
    const ran: Date[] = [];
    const later = defineJob({
      name: 'later',
      schema: z.object({}),
      ...retry,
      handle: async () => {
        ran.push(new Date());
      },
    });
    const queue = await start({ jobs: [later], log: recordingLog().log });
    const notBefore = new Date(Date.now() + 2000);
    const id = await queue.send(later, {}, { startAfter: notBefore });
    expect(id).not.toBeNull();
    expect((await jobState(database.handle.executor, id!))?.state).toBe('created');
    await until(() => ran.length > 0, 'the delayed job');
    expect(ran[0]!.getTime()).toBeGreaterThanOrEqual(notBefore.getTime());
  });

  // `stately` (pg-boss): per singleton key, at most one job waiting and one running. The copy is
  // sent once the first is running, so the test does not race the worker's first fetch.
  it('keeps at most one copy waiting behind a running job with the same singleton key', async () => {
    const ran: string[] = [];
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const refresh = defineJob({
      name: 'refresh',
      schema: z.object({ productId: z.string() }),
      ...retry,
      policy: 'stately',
      handle: async ({ productId }) => {
        ran.push(productId);
        await gate;
      },
    });
    const queue = await start({ jobs: [refresh], log: recordingLog().log });
    const first = await queue.send(refresh, { productId: 'p1' }, { singletonKey: 'p1' });
    expect(first).not.toBeNull();
    await until(() => ran.includes('p1'), 'the first job to run');
    const waiting = await queue.send(refresh, { productId: 'p1' }, { singletonKey: 'p1' });
    const copy = await queue.send(refresh, { productId: 'p1' }, { singletonKey: 'p1' });
    const other = await queue.send(refresh, { productId: 'p2' }, { singletonKey: 'p2' });
    expect(waiting).not.toBeNull();
    expect(copy).toBeNull();
    expect(other).not.toBeNull();
    release();
    await queue.drain();
    expect(ran.sort()).toEqual(['p1', 'p1', 'p2']);
  });

  it('cancels a job that has not run', async () => {
    const ran: string[] = [];
    const later = defineJob({
      name: 'cancel-me',
      schema: z.object({}),
      ...retry,
      handle: async () => {
        ran.push('ran');
      },
    });
    const queue = await start({ jobs: [later], log: recordingLog().log });
    const id = await queue.send(later, {}, { startAfter: 60 });
    await queue.cancel(later, id!);
    await queue.drain();
    expect((await jobState(database.handle.executor, id!))?.state).toBe('cancelled');
    expect(ran).toEqual([]);
  });

  it('logs a failure with the job id and reason, then retries it', async () => {
    let calls = 0;
    const flaky = defineJob({
      name: 'flaky',
      schema: z.object({}),
      ...retry,
      handle: async () => {
        calls += 1;
        if (calls === 1) throw new Error('the far side is down');
      },
    });
    const { entries, log } = recordingLog();
    const queue = await start({ jobs: [flaky], log });
    const id = await queue.send(flaky, {});
    await until(() => calls === 2, 'the retry');
    await queue.drain();
    expect(entries).toEqual([
      {
        fields: { job: 'flaky', jobId: id, attempt: 1, reason: 'the far side is down' },
        message: 'job flaky failed; it will be retried',
      },
    ]);
    expect((await jobState(database.handle.executor, id!))?.state).toBe('completed');
  });

  it('fails a job whose payload does not fit its schema on receipt, with a logged reason', async () => {
    const strict = defineJob({
      name: 'strict',
      schema: z.object({ count: z.number() }),
      ...retry,
      retryLimit: 0,
      handle: async () => {},
    });
    // The same queue as an older release might have sent to it, with another payload shape.
    const older = defineJob({
      ...retry,
      name: 'strict',
      schema: z.object({ count: z.string() }),
      handle: async () => {},
    });
    const { entries, log } = recordingLog();
    const queue = await start({ jobs: [strict], log });
    const id = await queue.send(older, { count: 'three' });
    await queue.drain();
    const state = await jobState(database.handle.executor, id!);
    expect(state?.state).toBe('failed');
    expect(state?.output?.message).toMatch(/^invalid payload: /);
    expect(entries).toHaveLength(1);
    expect(entries[0]?.fields).toMatchObject({ job: 'strict', jobId: id });
    expect(entries[0]?.message).toBe('job strict failed for good after 1 attempts');
  });

  it('fails a job that runs past its expiry instead of leaving it active', async () => {
    const stuck = defineJob({
      name: 'stuck',
      schema: z.object({}),
      ...retry,
      retryLimit: 0,
      expireInSeconds: 2,
      handle: () => new Promise<void>(() => {}),
    });
    const { entries, log } = recordingLog();
    const queue = await start({ jobs: [stuck], log });
    const id = await queue.send(stuck, {});
    await queue.drain();
    expect((await jobState(database.handle.executor, id!))?.state).toBe('failed');
    expect(entries[0]?.fields).toMatchObject({ jobId: id, reason: 'did not finish within 1 s' });
  });

  it('lets a stopped job let go of what it holds before handing it back', async () => {
    // A render releases its lease when the process stops. Handed back before that, the job ran
    // again at the next start, found the lease still held and waited it out.
    const released: string[] = [];
    const holding = defineJob({
      name: 'holding',
      schema: z.object({}),
      ...retry,
      handle: async (_payload, { signal }) => {
        await new Promise((r) => signal.addEventListener('abort', r, { once: true }));
        // Longer than the queue's own stop takes, shorter than the grace it gives stopped work.
        await new Promise((r) => setTimeout(r, 1500));
        released.push('lease');
        throw signal.reason;
      },
    });
    const queue = await startJobQueue({
      executor: database.handle.executor,
      workers: 'all',
      timing: fast,
      jobs: [holding],
      log: recordingLog().log,
      stopGraceMs: 100,
    });
    await queue.startWorkers();
    const id = await queue.send(holding, {});
    await until(
      async () => (await jobState(database.handle.executor, id!))?.state === 'active',
      'the job to start',
    );
    await queue.stop();
    expect(released).toEqual(['lease']);
    expect((await jobState(database.handle.executor, id!))?.state).toBe('created');
  });

  it('runs a scheduled job once although two workers watch the schedule', async () => {
    // pg-boss checks schedules on a minute granularity: a cron that names only the current
    // minute is due once, for at most sixty seconds. Both workers check every second
    // (cronMonitorIntervalSeconds), so each gets many chances to send a second copy.
    if (new Date().getUTCSeconds() > 40) {
      await until(() => new Date().getUTCSeconds() < 5, 'the next minute');
    }
    const now = new Date();
    const cron = `${now.getUTCMinutes()} ${now.getUTCHours()} * * *`;
    const runs: number[] = [];
    const tick = defineJob({
      name: 'tick',
      schema: z.object({}),
      ...retry,
      cron,
      handle: async () => {
        runs.push(Date.now());
      },
    });
    const second = (await database.open()) ?? database.handle;
    await start({ jobs: [tick], log: recordingLog().log });
    await start({ jobs: [tick], log: recordingLog().log }, second.executor);
    await until(() => runs.length > 0, 'the scheduled job');
    await new Promise((r) => setTimeout(r, 4000));
    expect(runs).toHaveLength(1);
  });

  describe('worker kinds (decision 200)', () => {
    // Each kind's handlers say who ran them; both kinds register both jobs, as every process does.
    const kindJobs = (suffix: string, ran: string[], kind: WorkerKind) => [
      defineJob({
        name: `encode-${suffix}`,
        schema: z.object({}),
        ...retry,
        lane: 'render',
        handle: async () => {
          ran.push(`${kind} encode`);
        },
      }),
      defineJob({
        name: `mail-${suffix}`,
        schema: z.object({}),
        ...retry,
        handle: async () => {
          ran.push(`${kind} mail`);
        },
      }),
    ];
    // Several polls of the worker that must not take the job (every 0.5 s here).
    const severalPolls = () => new Promise((r) => setTimeout(r, 2_000));

    it('a render worker takes render work and leaves the other jobs to a general worker', async () => {
      const ran: string[] = [];
      const [encode, mail] = kindJobs('r', ran, 'render');
      const render = await start({
        jobs: [encode!, mail!],
        workers: 'render',
        log: recordingLog().log,
      });
      const mailId = await render.send(mail!, {});
      await render.send(encode!, {});
      await until(() => ran.includes('render encode'), 'the render worker to encode');
      await severalPolls();
      expect(ran).toEqual(['render encode']);
      expect((await jobState(database.handle.executor, mailId!))?.state).toBe('created');

      const second = (await database.open()) ?? database.handle;
      await start(
        { jobs: kindJobs('r', ran, 'general'), workers: 'general', log: recordingLog().log },
        second.executor,
      );
      await until(() => ran.includes('general mail'), 'a general worker to take the mail');
      expect(ran).toEqual(['render encode', 'general mail']);
    });

    it('a general worker takes every other job and leaves render work to a render worker', async () => {
      const ran: string[] = [];
      const [encode, mail] = kindJobs('g', ran, 'general');
      const general = await start({
        jobs: [encode!, mail!],
        workers: 'general',
        log: recordingLog().log,
      });
      const encodeId = await general.send(encode!, {});
      await general.send(mail!, {});
      await until(() => ran.includes('general mail'), 'the general worker to send the mail');
      await severalPolls();
      expect(ran).toEqual(['general mail']);
      expect((await jobState(database.handle.executor, encodeId!))?.state).toBe('created');

      const second = (await database.open()) ?? database.handle;
      await start(
        { jobs: kindJobs('g', ran, 'render'), workers: 'render', log: recordingLog().log },
        second.executor,
      );
      await until(() => ran.includes('render encode'), 'a render worker to take the encode');
      expect(ran).toEqual(['general mail', 'render encode']);
    });
  });
});
