import { defineSweep } from '../../jobs/sweep-expired';
import { deleteTempImages, listExpiredTempImages } from './temp-images-repo';

/** Deletes hosted slides whose time is up, stored file and row. */
export const cleanupExpiredTempImages = defineSweep({
  listExpired: listExpiredTempImages,
  storageKeyOf: (row) => row.storageKey,
  deleteRows: deleteTempImages,
});
