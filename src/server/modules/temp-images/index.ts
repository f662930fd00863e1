// The temp-images module's public surface: its routes and service, and the sweep of expired
// slides the cleanup job (src/server/jobs) runs.
export { registerTempImagesRoutes } from './temp-images-routes';
export { createTempImagesService } from './temp-images-service';
export type { TempImagesService } from './temp-images-service';
export { cleanupExpiredTempImages } from './temp-images-sweep';
