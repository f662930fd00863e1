import type { ModuleCore } from '../../plugins/server-module';
import { defineModule } from '../../plugins/server-module';
import { videoUploadsCleanupJob } from './video-uploads-cleanup';
import { registerVideosRoutes } from './videos-routes';
import { createVideosService } from './videos-service';

/** The seller's product videos: uploads, imports and their canonical copies. */
export const createVideosModule = ({ config, db, storage, authenticate }: ModuleCore) => {
  const videos = createVideosService({
    db,
    storage,
    ffmpegSettings: config.ffmpeg,
    appUrl: config.appUrl,
  });
  return defineModule({
    name: 'videos',
    routes: (app) => registerVideosRoutes(app, { videos, authenticate }),
    jobs: [videoUploadsCleanupJob({ db, storage })],
    api: videos,
  });
};
