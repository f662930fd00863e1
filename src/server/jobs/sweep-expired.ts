import { z } from 'zod';
import type { Storage } from '../adapters/storage/storage';
import type { Database } from '../db/client';
import { defineJobSpec } from './define-job';

export type SweepRun = { db: Database; storage: Storage; now?: Date; batchSize?: number };

/**
 * A sweep of expired rows that each own a stored file, a batch at a time until a short batch:
 * the file first, then its row, so a failure half-way leaves a row that the next run retries
 * rather than a file nobody tracks. A run answers how many rows went.
 */
export const defineSweep =
  <Row extends { id: string }>({
    listExpired,
    storageKeyOf,
    deleteRows,
  }: {
    listExpired: (db: Database, now: Date, limit: number) => Promise<Row[]>;
    storageKeyOf: (row: Row) => string;
    deleteRows: (db: Database, ids: string[]) => Promise<void>;
  }) =>
  async ({ db, storage, now = new Date(), batchSize = 100 }: SweepRun): Promise<number> => {
    let deleted = 0;
    for (;;) {
      const expired = await listExpired(db, now, batchSize);
      for (const row of expired) await storage.delete(storageKeyOf(row));
      await deleteRows(
        db,
        expired.map((row) => row.id),
      );
      deleted += expired.length;
      if (expired.length < batchSize) return deleted;
    }
  };

/** A sweep as a job its cron schedule sends: short, and safe to retry, as it only deletes. */
export const sweepJobSpec = (name: string, cron: string) =>
  defineJobSpec({
    name,
    schema: z.object({}),
    retryLimit: 2,
    retryDelaySeconds: 60,
    expireInSeconds: 300,
    concurrency: 1,
    // Deleting a missing file or row is not an error, but two runs at once would only race.
    policy: 'singleton',
    cron,
  });
