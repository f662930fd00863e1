import type { Storage } from '../adapters/storage/storage';
import type { Database } from '../db/client';
import { deleteTempImages, listExpiredTempImages } from '../modules/temp-images';
import { defineSweepJob, sweepExpired } from './sweep-expired';

/** Deletes hosted slides whose time is up, stored file and row. */
export const cleanupExpiredTempImages = ({
  db,
  storage,
  now = new Date(),
  batchSize = 100,
}: {
  db: Database;
  storage: Storage;
  now?: Date;
  batchSize?: number;
}): Promise<number> =>
  sweepExpired({
    storage,
    batchSize,
    listExpired: (limit) => listExpiredTempImages(db, now, limit),
    storageKeyOf: (row) => row.storageKey,
    deleteRows: (ids) => deleteTempImages(db, ids),
  });

/** Every ten minutes, as a pg-boss schedule: one worker process runs it, however many there are. */
export const TEMP_IMAGE_CLEANUP_CRON = '*/10 * * * *';

export const createCleanupTempImagesJob = ({ db, storage }: { db: Database; storage: Storage }) =>
  defineSweepJob('cleanup-temp-images', () => cleanupExpiredTempImages({ db, storage }));
