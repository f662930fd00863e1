import type PgBoss from 'pg-boss';
import type { AnyJob } from './define-job';
import type { InFlight } from './in-flight';

/** The slice of the app's logger (pino) the jobs write to. */
export type JobLog = {
  error: (fields: object, message: string) => void;
  warn: (fields: object, message: string) => void;
};

class JobTimeoutError extends Error {}

/** The reason a job's signal carries when the process stops under it. */
export class JobStoppedError extends Error {
  constructor() {
    super('the server stopped during this attempt; it will be resumed');
    this.name = 'JobStoppedError';
  }
}

/** How long a stopped job's work may take to let go of what it holds before it is handed back. */
const STOPPED_WORK_GRACE_MS = 2_000;

/**
 * Runs the handler with a signal that is aborted at the deadline or when the process stops. The
 * attempt ends at once either way; the handler's own work sees the signal and stops, so it does
 * not run on beside the retry pg-boss starts later.
 */
const runWithSignal = async (
  work: (signal: AbortSignal) => Promise<void>,
  seconds: number,
  stopping: AbortSignal,
) => {
  const controller = new AbortController();
  const onStop = () => controller.abort(new JobStoppedError());
  if (stopping.aborted) onStop();
  else stopping.addEventListener('abort', onStop, { once: true });
  const ended = new Promise<never>((_, reject) => {
    const end = () => reject(controller.signal.reason as Error);
    if (controller.signal.aborted) end();
    else controller.signal.addEventListener('abort', end, { once: true });
  });
  const timer = setTimeout(
    () => controller.abort(new JobTimeoutError(`did not finish within ${seconds} s`)),
    seconds * 1000,
  );
  const working = work(controller.signal);
  try {
    await Promise.race([working, ended]);
  } catch (error) {
    if (error instanceof JobStoppedError) {
      // The work saw the signal too and lets go of what it holds (a render its lease). Handed
      // back before that, the job ran again at the next start and found the lease still held,
      // so it waited the lease out; the process also closed the database under that update.
      await Promise.race([
        working.catch(() => undefined),
        new Promise((r) => setTimeout(r, STOPPED_WORK_GRACE_MS)),
      ]);
    }
    throw error;
  } finally {
    clearTimeout(timer);
    stopping.removeEventListener('abort', onStop);
  }
};

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * One pg-boss worker for a job type: it fetches up to `concurrency` jobs in one query and runs
 * them side by side. Each job succeeds or fails on its own (a failed one is failed by id and
 * logged with its id and reason; pg-boss completes the rest of the batch), so one bad payload
 * or one slow send never fails its neighbours. Resolves to the worker's id, for `notifyWorker`.
 */
export const startWorker = async ({
  boss,
  job,
  log,
  inFlight,
  pollingIntervalSeconds,
  stopping,
  handBack,
}: {
  boss: PgBoss;
  job: AnyJob;
  log: JobLog;
  inFlight: InFlight;
  pollingIntervalSeconds: number;
  /** Aborted when the queue stops: running handlers hand their jobs back. */
  stopping: AbortSignal;
  handBack: (name: string, id: string) => Promise<void>;
}) => {
  // Our own deadline sits a little inside pg-boss's, which would fail the whole batch.
  const deadlineSeconds = Math.max(1, job.expireInSeconds - 1);

  const runOne = async (item: PgBoss.JobWithMetadata<unknown>) => {
    const attempt = item.retryCount + 1;
    try {
      const parsed = job.schema.safeParse(item.data);
      if (!parsed.success) {
        throw new Error(`invalid payload: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
      }
      await runWithSignal(
        (signal) => job.handle(parsed.data, { id: item.id, attempt, signal }),
        deadlineSeconds,
        stopping,
      );
    } catch (error) {
      if (error instanceof JobStoppedError) {
        // Not a failure: the job goes back to the queue as it was (its attempts unchanged), so
        // the next start takes it up at once instead of after its expiry.
        await handBack(job.name, item.id).catch((err: unknown) =>
          log.error(
            { err, job: job.name, jobId: item.id },
            'a stopped job could not be handed back',
          ),
        );
        return;
      }
      const final = item.retryCount >= item.retryLimit;
      log.error(
        { job: job.name, jobId: item.id, attempt, reason: reasonOf(error) },
        final
          ? `job ${job.name} failed for good after ${attempt} attempts`
          : `job ${job.name} failed; it will be retried`,
      );
      // The stored reason is the message only: a stack adds nothing an operator can act on.
      await boss
        .fail(job.name, item.id, { message: reasonOf(error) })
        .catch((err: unknown) =>
          log.error({ err, job: job.name, jobId: item.id }, 'a failed job could not be recorded'),
        );
    }
  };

  let workerId = '';
  workerId = await boss.work<unknown>(
    job.name,
    { batchSize: job.concurrency, includeMetadata: true, pollingIntervalSeconds },
    (batch) =>
      inFlight.track(async () => {
        await Promise.all(batch.map(runOne));
        // A full batch means more are likely waiting: fetch again now instead of after the
        // polling interval, which otherwise caps a worker at one batch per interval.
        if (batch.length === job.concurrency) boss.notifyWorker(workerId);
      }),
  );
  return workerId;
};
