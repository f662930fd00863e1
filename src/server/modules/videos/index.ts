// The videos module's public surface: its routes and service (app.ts), and for other
// modules (campaigns): the user's product videos and signing one of them.
export { intakeVideoFile } from './video-intake';
export { receiveMultipartVideo } from './video-upload-stream';
export { registerVideosRoutes } from './videos-routes';
export type { VideosService } from './videos-service';
export {
  createVideosService,
  listProductVideos,
  signProductVideo,
  signProductVideoOriginal,
} from './videos-service';
export { createVideosModule } from './videos-module';
