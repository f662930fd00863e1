import type { Storage } from '../adapters/storage/storage';
import type { Database } from '../db/client';
import { deleteDirectUploads, listExpiredDirectUploads } from '../modules/videos';
import { defineSweepJob, sweepExpired } from './sweep-expired';

/** A direct upload may still be completed this long after its PUT token expired. */
export const DIRECT_UPLOAD_GRACE_MS = 60 * 60 * 1000;

/** Forgets direct uploads nobody completed (and completed ones past their grace): file and row. */
export const cleanupDirectVideoUploads = ({
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
  return sweepExpired({
    storage,
    batchSize,
    listExpired: (limit) => listExpiredDirectUploads(db, before, limit),
    storageKeyOf: (row) => row.stagingKey,
    deleteRows: (ids) => deleteDirectUploads(db, ids),
  });
};

export const VIDEO_UPLOAD_CLEANUP_CRON = '*/15 * * * *';

export const createCleanupVideoUploadsJob = ({ db, storage }: { db: Database; storage: Storage }) =>
  defineSweepJob('cleanup-video-uploads', () => cleanupDirectVideoUploads({ db, storage }));
