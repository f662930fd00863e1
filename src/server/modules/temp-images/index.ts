// The temp-images module's public surface: its routes and service, and the expiry reads and
// deletes of the cleanup job (src/server/jobs).
export { deleteTempImages, findOwnTempImage, listExpiredTempImages } from './temp-images-repo';
export { registerTempImagesRoutes } from './temp-images-routes';
export { createTempImagesService } from './temp-images-service';
export type { TempImagesService } from './temp-images-service';
export { tempImagesCleanupJob } from './temp-images-cleanup';
export { createTempImagesModule } from './temp-images-module';
