import type { z } from 'zod';

/**
 * How pg-boss treats copies that share a `singletonKey`: `standard` ignores the key,
 * `singleton` runs at most one per key at a time, `stately` also keeps at most one queued
 * (a second send while one waits is dropped).
 */
export type JobPolicy = 'standard' | 'singleton' | 'stately';

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
  // Method syntax on purpose: a list of definitions with different payloads is then one type.
  handle(payload: z.output<TSchema>, job: JobContext): Promise<void>;
};

/** Any job definition, for lists of them (the queue parses payloads with the job's own schema). */
export type AnyJob = JobDefinition<z.ZodType<object>>;

export const defineJob = <TSchema extends z.ZodType<object>>(
  definition: JobDefinition<TSchema>,
): JobDefinition<TSchema> => definition;

/** How long a failing job keeps being retried at the least: the sum of the backoff's shortest waits. */
export const minimumRetrySpanSeconds = (job: Pick<AnyJob, 'retryLimit' | 'retryDelaySeconds'>) =>
  job.retryDelaySeconds * (2 ** job.retryLimit - 1);
