import { deleteTempImages, listExpiredTempImages } from '../modules/temp-images';
import { defineSweep, defineSweepJob } from './sweep-expired';

/** Deletes hosted slides whose time is up, stored file and row. */
export const cleanupExpiredTempImages = defineSweep({
  listExpired: listExpiredTempImages,
  storageKeyOf: (row) => row.storageKey,
  deleteRows: deleteTempImages,
});

/** Every ten minutes, as a pg-boss schedule: one worker process runs it, however many there are. */
export const TEMP_IMAGE_CLEANUP_CRON = '*/10 * * * *';

export const createCleanupTempImagesJob = defineSweepJob(
  'cleanup-temp-images',
  cleanupExpiredTempImages,
);
