import { z } from 'zod';
import type { Storage } from '../adapters/storage/storage';
import { defineJob } from './define-job';

/**
 * Deletes expired rows that each own a stored file, a batch at a time until a short batch: the
 * file first, then its row, so a failure half-way leaves a row that the next run retries rather
 * than a file nobody tracks. Returns how many rows went.
 */
export const sweepExpired = async <Row extends { id: string }>({
  storage,
  batchSize,
  listExpired,
  storageKeyOf,
  deleteRows,
}: {
  storage: Storage;
  batchSize: number;
  listExpired: (limit: number) => Promise<Row[]>;
  storageKeyOf: (row: Row) => string;
  deleteRows: (ids: string[]) => Promise<void>;
}): Promise<number> => {
  let deleted = 0;
  for (;;) {
    const expired = await listExpired(batchSize);
    for (const row of expired) await storage.delete(storageKeyOf(row));
    await deleteRows(expired.map((row) => row.id));
    deleted += expired.length;
    if (expired.length < batchSize) return deleted;
  }
};

/** A sweep as the job its cron schedule sends: short, and safe to retry, as it only deletes. */
export const defineSweepJob = (name: string, sweep: () => Promise<unknown>) =>
  defineJob({
    name,
    schema: z.object({}),
    retryLimit: 2,
    retryDelaySeconds: 60,
    expireInSeconds: 300,
    concurrency: 1,
    // Deleting a missing file or row is not an error, but two runs at once would only race.
    policy: 'singleton',
    handle: async () => {
      await sweep();
    },
  });
