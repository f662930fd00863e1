// The carousel-images module's public surface: its routes and service, and the platform
// library's store that the library importer (src/server/library) fills.
export { createPlatformLibrary } from './platform-library';
export type { PlatformLibrary } from './platform-library';
export { thumbKeyOf } from './thumb-key';
export { registerCarouselImagesRoutes } from './carousel-images-routes';
export type { CarouselImagesService } from './carousel-images-service';
export { createCarouselImagesService } from './carousel-images-service';
export { createCarouselImagesModule } from './carousel-images-module';
