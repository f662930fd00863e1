import type { ModuleCore } from '../../plugins/server-module';
import { defineModule } from '../../plugins/server-module';
import { tempImagesCleanupJob } from './temp-images-cleanup';
import { registerTempImagesRoutes } from './temp-images-routes';
import { createTempImagesService } from './temp-images-service';

/** Slides hosted for a while (for TikTok to pull), swept when their time is up. */
export const createTempImagesModule = ({ config, db, storage, authenticate }: ModuleCore) => {
  const tempImages = createTempImagesService({ db, storage });
  return defineModule({
    name: 'temp-images',
    routes: (app) =>
      registerTempImagesRoutes(app, {
        tempImages,
        authenticate,
        uploadMaxBytes: config.uploadMaxBytes,
      }),
    jobs: [tempImagesCleanupJob({ db, storage })],
    api: tempImages,
  });
};
