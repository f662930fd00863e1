import { z } from 'zod';
import type { Storage } from '../adapters/storage/storage';
import type { Database } from '../db/client';
import { deleteDirectUploads, listExpiredDirectUploads } from '../modules/videos';
import { defineJob } from './define-job';

/** A direct upload may still be completed this long after its PUT token expired. */
export const DIRECT_UPLOAD_GRACE_MS = 60 * 60 * 1000;

/**
 * Forgets direct uploads nobody completed (and completed ones past their grace): the raw file
 * first, then the row, so a failure half-way leaves a row the next run retries.
 */
export const cleanupDirectVideoUploads = async ({
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
  const before = new Date(now.getTime() - DIRECT_UPLOAD_GRACE_MS);
  let deleted = 0;
  for (;;) {
    const expired = await listExpiredDirectUploads(db, before, batchSize);
    for (const row of expired) await storage.delete(row.stagingKey);
    await deleteDirectUploads(
      db,
      expired.map((row) => row.id),
    );
    deleted += expired.length;
    if (expired.length < batchSize) return deleted;
  }
};

export const VIDEO_UPLOAD_CLEANUP_CRON = '*/15 * * * *';

export const createCleanupVideoUploadsJob = ({ db, storage }: { db: Database; storage: Storage }) =>
  defineJob({
    name: 'cleanup-video-uploads',
    schema: z.object({}),
    retryLimit: 2,
    retryDelaySeconds: 60,
    expireInSeconds: 300,
    concurrency: 1,
    policy: 'singleton',
    handle: async () => {
      await cleanupDirectVideoUploads({ db, storage });
    },
  });
