// The temp-images module's public surface: the module app.ts mounts (routes, the cleanup job)
// and the service publishing and campaigns host slides with.
export { registerTempImagesRoutes } from './temp-images-routes';
export { createTempImagesService } from './temp-images-service';
export type { TempImagesService } from './temp-images-service';
export { createTempImagesModule } from './temp-images-module';
