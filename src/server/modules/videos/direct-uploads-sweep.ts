import { defineSweep } from '../../jobs/sweep-expired';
import { deleteDirectUploads, listExpiredDirectUploads } from './videos-repo';

/** A direct upload may still be completed this long after its PUT token expired. */
export const DIRECT_UPLOAD_GRACE_MS = 60 * 60 * 1000;

/** Forgets direct uploads nobody completed (and completed ones past their grace): file and row. */
export const cleanupDirectVideoUploads = defineSweep({
  listExpired: (db, now, limit) =>
    listExpiredDirectUploads(db, new Date(now.getTime() - DIRECT_UPLOAD_GRACE_MS), limit),
  storageKeyOf: (row) => row.stagingKey,
  deleteRows: deleteDirectUploads,
});
