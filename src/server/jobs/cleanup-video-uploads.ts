import { cleanupDirectVideoUploads } from '../modules/videos';
import { defineSweepJob } from './sweep-expired';

export const VIDEO_UPLOAD_CLEANUP_CRON = '*/15 * * * *';

export const createCleanupVideoUploadsJob = defineSweepJob(
  'cleanup-video-uploads',
  cleanupDirectVideoUploads,
);
