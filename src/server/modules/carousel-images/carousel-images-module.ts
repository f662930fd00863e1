import type { ModuleCore } from '../../plugins/server-module';
import { defineModule } from '../../plugins/server-module';
import { registerCarouselImagesRoutes } from './carousel-images-routes';
import { createCarouselImagesService } from './carousel-images-service';

/** The image library: the starter collections and the seller's own uploads. */
export const createCarouselImagesModule = ({ config, db, storage, authenticate }: ModuleCore) => {
  const images = createCarouselImagesService({ db, storage, secret: config.secret });
  return defineModule({
    name: 'carousel-images',
    routes: (app) => registerCarouselImagesRoutes(app, { images, authenticate }),
    api: images,
  });
};
