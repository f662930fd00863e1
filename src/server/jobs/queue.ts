import PgBoss from 'pg-boss';
import type { SqlExecutor } from '../db/client';

/**
 * A typed job: its name, and the handler that runs it. Payload types are checked where jobs
 * are sent (`send`) and where they are handled.
 */
export type JobDefinition<TPayload> = {
  name: string;
  handle: (payload: TPayload) => Promise<void>;
  retryLimit?: number;
};

export type JobQueue = {
  describe: string;
  send: <TPayload extends object>(job: JobDefinition<TPayload>, payload: TPayload) => Promise<void>;
  /** Resolves once every job sent so far has finished (tests and graceful shutdown use it). */
  drain: (timeoutMs?: number) => Promise<void>;
  stop: () => Promise<void>;
};

type Options = {
  executor: SqlExecutor;
  jobs: JobDefinition<never>[];
  /** Embedded mode runs the workers in the API process; scale-out API processes don't. */
  runWorkers: boolean;
  onError: (error: unknown) => void;
};

export const startJobQueue = async ({
  executor,
  jobs,
  runWorkers,
  onError,
}: Options): Promise<JobQueue> => {
  const boss = new PgBoss({ db: executor, schema: 'pgboss' } as ConstructorParameters<
    typeof PgBoss
  >[0]);
  boss.on('error', onError);
  await boss.start();
  const inFlight = new Set<Promise<unknown>>();

  for (const job of jobs) {
    await boss.createQueue(job.name, {
      name: job.name,
      retryLimit: job.retryLimit ?? 3,
      retryBackoff: true,
    });
    if (runWorkers) {
      await boss.work<never>(job.name, { pollingIntervalSeconds: 0.5 }, async ([item]) => {
        if (item) await job.handle(item.data);
      });
    }
  }

  const pending = async (): Promise<number> => {
    let total = 0;
    for (const job of jobs) total += await boss.getQueueSize(job.name, { before: 'completed' });
    return total;
  };

  return {
    describe: `jobs: pg-boss on the same database (${runWorkers ? 'workers in this process' : 'no workers here'})`,
    send: async (job, payload) => {
      const sending = boss.send(job.name, payload as object);
      inFlight.add(sending);
      try {
        await sending;
      } finally {
        inFlight.delete(sending);
      }
    },
    drain: async (timeoutMs = 10_000) => {
      const deadline = Date.now() + timeoutMs;
      await Promise.all(inFlight);
      while ((await pending()) > 0) {
        if (Date.now() > deadline) throw new Error('Jobs did not finish in time');
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 10_000 }),
  };
};
