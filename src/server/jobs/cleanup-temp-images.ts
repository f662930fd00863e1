import type { Storage } from '../adapters/storage/storage';
import type { Database } from '../db/client';
import { deleteTempImages, listExpiredTempImages } from '../modules/temp-images';

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

export const TEMP_IMAGE_CLEANUP_INTERVAL_MS = 10 * 60 * 1000;

/**
 * Runs the cleanup now and then every 10 minutes in a process that runs workers. Several workers
 * may do it at once: deleting a missing file or row is not an error.
 */
export const startTempImageCleanup = ({
  db,
  storage,
  intervalMs = TEMP_IMAGE_CLEANUP_INTERVAL_MS,
  log,
}: {
  db: Database;
  storage: Storage;
  intervalMs?: number;
  log: (error: unknown) => void;
}) => {
  let running: Promise<unknown> | null = null;
  const run = () => {
    if (running) return;
    running = cleanupExpiredTempImages({ db, storage })
      .catch(log)
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  run();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
};
