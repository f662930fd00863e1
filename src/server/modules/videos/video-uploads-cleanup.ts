import type { Storage } from '../../adapters/storage/storage';
import type { Database } from '../../db/client';
import { handleJob } from '../../jobs/define-job';
import { defineSweep, sweepJobSpec } from '../../jobs/sweep-expired';
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

export const VIDEO_UPLOADS_CLEANUP_JOB = sweepJobSpec('cleanup-video-uploads', '*/15 * * * *');

export const videoUploadsCleanupJob = (run: { db: Database; storage: Storage }) =>
  handleJob(VIDEO_UPLOADS_CLEANUP_JOB, async () => {
    await cleanupDirectVideoUploads(run);
  });
