import { setMaxListeners } from 'node:events';
import PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { SqlExecutor } from '../db/client';
import { PG_BOSS_SCHEMA } from '../db/pglite-snapshot';
import type { AnyJob, JobSpec, WorkerKind } from './define-job';
import { worksOn } from './define-job';
import { createInFlight } from './in-flight';
import { startWorker } from './job-worker';
import type { JobLog } from './job-worker';

export type SendOptions = {
  /** Not before this time (a Date) or this many seconds from now. */
  startAfter?: Date | number;
  /** Copies with the same key are kept apart as the job's `policy` says. */
  singletonKey?: string;
};

export type JobQueue = {
  describe: string;
  /** Queues a job; resolves to its id, or null when its singleton key kept it out. */
  send: <TSchema extends z.ZodType<object>>(
    job: Pick<JobSpec<TSchema>, 'name' | 'schema'>,
    payload: z.input<TSchema>,
    options?: SendOptions,
  ) => Promise<string | null>;
  /** Cancels a job that has not finished; one already done is left as it is. */
  cancel: (job: Pick<AnyJob, 'name'>, id: string) => Promise<void>;
  /**
   * Creates (or updates) the jobs' queues, their cron schedules and, in a worker process, their
   * handlers. Each module registers the jobs it owns once its service exists (decision 150);
   * sending needs no registration, only the queue to exist by the time a send runs.
   */
  register: (jobs: AnyJob[]) => Promise<void>;
  /**
   * Whether a job sent with this singleton key is still waiting, due for a retry or running, so
   * a request can answer at once instead of waiting for it (decision 170).
   */
  isPending: (job: Pick<AnyJob, 'name'>, singletonKey: string) => Promise<boolean>;
  /** Resolves once no job is running or due (tests and the bench use it). */
  drain: (timeoutMs?: number) => Promise<void>;
  /**
   * Starts fetching (a worker process only), once every module has registered its jobs: a
   * restart finds jobs already due, and their handlers must all exist.
   */
  startWorkers: () => Promise<void>;
  /** Stops fetching, lets running jobs finish and hands back those still running at the end. */
  stop: () => Promise<void>;
};

/** Intervals tests shorten; production uses the defaults below. */
export type QueueTiming = {
  pollingIntervalSeconds?: number;
  cronMonitorIntervalSeconds?: number;
  maintenanceIntervalSeconds?: number;
};

type Options = {
  executor: SqlExecutor;
  /** Jobs registered at once (tests, benches); modules call `register` instead. */
  jobs?: AnyJob[];
  /**
   * The jobs this process works: embedded mode runs them all in the API process; scale-out API
   * processes none, general and render workers their share (decision 200).
   */
  workers: WorkerKind;
  log: JobLog;
  timing?: QueueTiming;
  /** How long `stop` waits for running jobs before handing them back. */
  stopTimeoutMs?: number;
  /**
   * How long `stop` lets running jobs finish before it aborts their signals: short jobs (an
   * e-mail, a status read) end on their own, long ones (a render, the starter assets) stop and
   * are handed back, so the process exits in seconds.
   */
  stopGraceMs?: number;
};

/**
 * How often each worker asks for due jobs of its kind: pg-boss's own default. Every poll is one
 * query per job kind (23 of them), so an idle server at 0.5 s spent about a tenth of a core on
 * them; a job sent in this process wakes its worker at once, so only jobs sent elsewhere (another
 * process, a retry, a time that comes) wait for a poll (decision 246).
 */
const POLLING_INTERVAL_SECONDS = 2;

const WORKERS_HERE: Record<WorkerKind, string> = {
  all: 'workers in this process',
  none: 'no workers here',
  general: 'workers for every job but renders',
  render: 'workers for renders only',
};

export const startJobQueue = async ({
  executor,
  jobs: initialJobs = [],
  workers,
  log,
  timing = {},
  stopTimeoutMs = 5_000,
  stopGraceMs = 2_000,
}: Options): Promise<JobQueue> => {
  const runWorkers = workers !== 'none';
  const inFlight = createInFlight();
  const stopping = new AbortController();
  const boss = new PgBoss({
    db: { executeSql: (text, values) => inFlight.track(() => executor.executeSql(text, values)) },
    schema: PG_BOSS_SCHEMA,
    // Expired jobs (their process died) are found by maintenance; every 30 s keeps a dead
    // worker's job waiting about a minute rather than pg-boss's default of several. The server
    // sets it from JOB_MAINTENANCE_SECONDS (decision 210).
    maintenanceIntervalSeconds: timing.maintenanceIntervalSeconds ?? 30,
    cronMonitorIntervalSeconds: timing.cronMonitorIntervalSeconds ?? 30,
    // Only worker processes turn schedules into jobs; an API-only process just sends.
    schedule: runWorkers,
    supervise: runWorkers,
  });
  boss.on('error', (err: unknown) => log.error({ err }, 'job queue error'));
  await boss.start();

  const jobs: AnyJob[] = [];
  const register = async (more: AnyJob[]) => {
    for (const job of more) {
      const settings = {
        name: job.name,
        policy: job.policy ?? 'standard',
        retryLimit: job.retryLimit,
        retryDelay: job.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: job.expireInSeconds,
      };
      // createQueue keeps an existing queue's settings; updateQueue makes the code's win.
      if (await boss.getQueue(job.name)) await boss.updateQueue(job.name, settings);
      else await boss.createQueue(job.name, settings);
      if (job.cron) await boss.schedule(job.name, job.cron, job.schema.parse({}), { tz: 'UTC' });
      jobs.push(job);
    }
  };
  await register(initialJobs);

  const sends = new Set<Promise<unknown>>();
  // This process's worker of each job it works: a job sent here and due now wakes its worker at
  // once instead of at the worker's next poll (decision 246).
  const localWorkers = new Map<string, string>();
  const dueNow = (startAfter: SendOptions['startAfter']) =>
    startAfter === undefined ||
    (typeof startAfter === 'number' ? startAfter <= 0 : startAfter.getTime() <= Date.now());
  // Due or running: a job waiting for its start time or for a retry's backoff is not work
  // that can be finished now, so `drain` does not wait for it.
  const pending = async (): Promise<string[]> => {
    const { rows } = await executor.executeSql(
      `SELECT name, count(*)::int AS count FROM pgboss.job
        WHERE name = ANY($1::text[])
          AND (state = 'active' OR (state IN ('created', 'retry') AND start_after <= now()))
        GROUP BY name`,
      [jobs.map((job) => job.name)],
    );
    return (rows as { name: string; count: number }[]).map((r) => `${r.name}: ${r.count}`);
  };

  return {
    describe: `jobs: pg-boss on the same database (${WORKERS_HERE[workers]})`,
    send: async (job, payload, options = {}) => {
      const data = job.schema.parse(payload);
      const sending = boss.send(job.name, data, {
        startAfter:
          typeof options.startAfter === 'number'
            ? new Date(Date.now() + options.startAfter * 1000)
            : options.startAfter,
        singletonKey: options.singletonKey,
      });
      sends.add(sending);
      try {
        const id = await sending;
        const worker = localWorkers.get(job.name);
        if (id && worker && dueNow(options.startAfter)) boss.notifyWorker(worker);
        return id;
      } finally {
        sends.delete(sending);
      }
    },
    cancel: async (job, id) => {
      await boss.cancel(job.name, id);
    },
    register,
    isPending: async (job, singletonKey) => {
      const { rows } = await executor.executeSql(
        `SELECT 1 FROM pgboss.job
          WHERE name = $1 AND singleton_key = $2 AND state IN ('created', 'retry', 'active')
          LIMIT 1`,
        [job.name, singletonKey],
      );
      return rows.length > 0;
    },
    drain: async (timeoutMs = 10_000) => {
      const deadline = Date.now() + timeoutMs;
      await Promise.all(sends);
      for (let waiting = await pending(); waiting.length > 0; waiting = await pending()) {
        if (Date.now() > deadline) {
          throw new Error(`Jobs did not finish in time (${waiting.join(', ')})`);
        }
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    startWorkers: async () => {
      const worked = jobs.filter((j) => worksOn(workers, j));
      // Each running job listens for the stop until it ends (job-worker.ts): as many listeners
      // as jobs run at once, the sum of their concurrency, past Node's leak warning at 10.
      setMaxListeners(
        Math.max(
          10,
          worked.reduce((sum, j) => sum + j.concurrency, 0),
        ),
        stopping.signal,
      );
      for (const job of worked) {
        const workerId = await startWorker({
          boss,
          job,
          log,
          inFlight,
          pollingIntervalSeconds: timing.pollingIntervalSeconds ?? POLLING_INTERVAL_SECONDS,
          stopping: stopping.signal,
          handBack: async (name, id) => {
            try {
              // started_on cleared: the next fetch does not count this as a retry.
              await executor.executeSql(
                `UPDATE pgboss.job SET state = 'created', started_on = NULL
                  WHERE name = $1 AND id = $2 AND state = 'active'`,
                [name, id],
              );
            } catch {
              // A stately job whose next copy already waits (one per state and key): that copy
              // does the work, so this one is let go.
              await boss.cancel(name, id);
            }
          },
        });
        localWorkers.set(job.name, workerId);
      }
    },
    stop: async () => {
      const deadline = Date.now() + stopTimeoutMs;
      const abortLater = setTimeout(() => stopping.abort(), stopGraceMs);
      try {
        await boss.stop({ graceful: true, wait: true, timeout: stopTimeoutMs });
      } finally {
        clearTimeout(abortLater);
      }
      // A batch still running at the deadline stays marked as running; pg-boss hands it to
      // another worker once it expires (the job's expireInSeconds plus a maintenance round).
      await inFlight.settled(deadline);
    },
  };
};
