import type { Storage } from '../../adapters/storage/storage';
import type { Database } from '../../db/client';
import { handleJob } from '../../jobs/define-job';
import { sweepJobSpec } from '../../jobs/sweep-expired';
import { cleanupExpiredTempImages } from './temp-images-sweep';

/** Every ten minutes, as a pg-boss schedule: one worker process runs it, however many there are. */
export const TEMP_IMAGES_CLEANUP_JOB = sweepJobSpec('cleanup-temp-images', '*/10 * * * *');

export const tempImagesCleanupJob = (run: { db: Database; storage: Storage }) =>
  handleJob(TEMP_IMAGES_CLEANUP_JOB, async () => {
    await cleanupExpiredTempImages(run);
  });
