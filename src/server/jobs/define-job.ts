import { z } from 'zod';

/**
 * How pg-boss treats copies that share a `singletonKey`: `standard` ignores the key,
 * `singleton` runs at most one per key at a time, `stately` also keeps at most one queued
 * (a second send while one waits is dropped).
 */
export type JobPolicy = 'standard' | 'singleton' | 'stately';

/**
 * Which jobs a process works (decision 200): every one; none (an API process); `general`, every
 * job but render work; `render`, only render work.
 */
export type WorkerKind = 'all' | 'none' | 'general' | 'render';

/** Whether a worker of this kind takes this job. */
export const worksOn = (kind: WorkerKind, job: Pick<JobSpec<z.ZodType<object>>, 'lane'>) =>
  kind === 'all' || kind === (job.lane ?? 'general');

export type JobContext = {
  id: string;
  attempt: number;
  /**
   * Aborted when the attempt runs out of time or the process is stopping: long work (a render,
   * the starter assets) stops at once and the job is handed back, so a stop takes seconds and a
   * timed-out attempt never goes on beside its own retry.
   */
  signal: AbortSignal;
};

export type JobDefinition<TSchema extends z.ZodType<object>> = {
  /** The pg-boss queue name; never rename one that has jobs in a database. */
  name: string;
  /** Checked when a job is sent and again when a worker takes it. */
  schema: TSchema;
  /** Retries after the first attempt. */
  retryLimit: number;
  /**
   * The first retry waits between this and twice this; each later one doubles (pg-boss's
   * exponential backoff with jitter).
   */
  retryDelaySeconds: number;
  /**
   * How long one attempt may run. It is also how soon a job left running by a dead process
   * is handed to another worker, so keep it close to the work's real length.
   */
  expireInSeconds: number;
  /** Jobs one worker process fetches in one query and runs at once. */
  concurrency: number;
  policy?: JobPolicy;
  /**
   * `render`: work that keeps the cores busy for minutes (a local encode), taken only by workers
   * of kind `all` or `render`, so an API machine's general workers never run one (decision 200).
   */
  lane?: 'general' | 'render';
  /**
   * A cron schedule (UTC) that sends this job with an empty payload; pg-boss keeps it in the
   * database, and one worker process sends each due job however many there are.
   */
  cron?: string;
  // Method syntax on purpose: a list of definitions with different payloads is then one type.
  handle(payload: z.output<TSchema>, job: JobContext): Promise<void>;
};

/** Any job definition, for lists of them (the queue parses payloads with the job's own schema). */
export type AnyJob = JobDefinition<z.ZodType<object>>;

export const defineJob = <TSchema extends z.ZodType<object>>(
  definition: JobDefinition<TSchema>,
): JobDefinition<TSchema> => definition;

/**
 * What a job is, without who does it: name, payload schema, retries, expiry, concurrency and
 * schedule. Specs are static and live in the module that owns the job; the module sends them
 * from its service and registers their handlers once that service exists (decision 150).
 */
export type JobSpec<TSchema extends z.ZodType<object>> = Omit<JobDefinition<TSchema>, 'handle'>;

export const defineJobSpec = <TSchema extends z.ZodType<object>>(
  spec: JobSpec<TSchema>,
): JobSpec<TSchema> => spec;

/**
 * A check its schedule sends with an empty payload (every minute by default): one copy at a time,
 * never retried (the next run is the retry), handed to another worker after five minutes.
 */
export const scheduledCheckSpec = (name: string, cron = '* * * * *') =>
  defineJobSpec({
    name,
    schema: z.object({}),
    retryLimit: 0,
    retryDelaySeconds: 60,
    expireInSeconds: 5 * 60,
    concurrency: 1,
    policy: 'singleton',
    cron,
  });

/**
 * A spec with its handler (and settings the machine or the operator decides, like a render's
 * concurrency or a lease's length as a job's expiry).
 */
export const handleJob = <TSchema extends z.ZodType<object>>(
  spec: JobSpec<TSchema>,
  handle: JobDefinition<TSchema>['handle'],
  settings: Partial<Pick<JobSpec<TSchema>, 'concurrency' | 'expireInSeconds'>> = {},
): JobDefinition<TSchema> => ({ ...spec, ...settings, handle });

/** How long a failing job keeps being retried at the least: the sum of the backoff's shortest waits. */
export const minimumRetrySpanSeconds = (job: Pick<AnyJob, 'retryLimit' | 'retryDelaySeconds'>) =>
  job.retryDelaySeconds * (2 ** job.retryLimit - 1);
