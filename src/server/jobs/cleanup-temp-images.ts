import { z } from 'zod';
import type { Storage } from '../adapters/storage/storage';
import type { Database } from '../db/client';
import { deleteTempImages, listExpiredTempImages } from '../modules/temp-images';
import { defineJob } from './define-job';

/**
 * Deletes hosted slides whose time is up: the stored file first, then its row, so a failure
 * half-way leaves a row that the next run retries rather than a file nobody tracks.
 */
export const cleanupExpiredTempImages = async ({
  db,
  storage,
  now = new Date(),
  batchSize = 100,
}: {
  db: Database;
  storage: Storage;
  now?: Date;
  batchSize?: number;
}): Promise<number> => {
  let deleted = 0;
  for (;;) {
    const expired = await listExpiredTempImages(db, now, batchSize);
    for (const row of expired) await storage.delete(row.storageKey);
    await deleteTempImages(
      db,
      expired.map((row) => row.id),
    );
    deleted += expired.length;
    if (expired.length < batchSize) return deleted;
  }
};

/** Every ten minutes, as a pg-boss schedule: one worker process runs it, however many there are. */
export const TEMP_IMAGE_CLEANUP_CRON = '*/10 * * * *';

export const createCleanupTempImagesJob = ({ db, storage }: { db: Database; storage: Storage }) =>
  defineJob({
    name: 'cleanup-temp-images',
    schema: z.object({}),
    retryLimit: 2,
    retryDelaySeconds: 60,
    expireInSeconds: 300,
    concurrency: 1,
    // Deleting a missing file or row is not an error, but two runs at once would only race.
    policy: 'singleton',
    handle: async () => {
      await cleanupExpiredTempImages({ db, storage });
    },
  });
