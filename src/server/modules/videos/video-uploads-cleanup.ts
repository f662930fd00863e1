import type { Storage } from '../../adapters/storage/storage';
import type { Database } from '../../db/client';
import { handleJob } from '../../jobs/define-job';
import { sweepJobSpec } from '../../jobs/sweep-expired';
import { cleanupDirectVideoUploads } from './direct-uploads-sweep';

/** Every fifteen minutes: direct uploads nobody completed are forgot, file and row. */
export const VIDEO_UPLOADS_CLEANUP_JOB = sweepJobSpec('cleanup-video-uploads', '*/15 * * * *');

export const videoUploadsCleanupJob = (run: { db: Database; storage: Storage }) =>
  handleJob(VIDEO_UPLOADS_CLEANUP_JOB, async () => {
    await cleanupDirectVideoUploads(run);
  });
