import { cleanupExpiredTempImages } from '../modules/temp-images';
import { defineSweepJob } from './sweep-expired';

/** Every ten minutes, as a pg-boss schedule: one worker process runs it, however many there are. */
export const TEMP_IMAGE_CLEANUP_CRON = '*/10 * * * *';

export const createCleanupTempImagesJob = defineSweepJob(
  'cleanup-temp-images',
  cleanupExpiredTempImages,
);
