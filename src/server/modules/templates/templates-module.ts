import type { TAiBrief } from '#contract/ai';
import type { ModuleCore } from '../../plugins/server-module';
import type { Uses } from '../../plugins/server-module';
import { defineModule } from '../../plugins/server-module';
import type { AiModuleApi } from '../ai';
import type { CarouselImagesService } from '../carousel-images';
import { listPremadeCharacters } from '../characters';
import type { DraftsService } from '../drafts';
import { createTemplateThumbnails } from './template-thumbnails';
import { registerTemplatesRoutes } from './templates-routes';
import type { TemplateProductRow } from './templates-service';
import { createTemplatesService } from './templates-service';

/** Templates (issue 13): fills from the AI layer, drafts, thumbnails from the own renderers. */
export const createTemplatesModule = <P extends TemplateProductRow>(
  { db, storage, authenticate, log }: ModuleCore,
  {
    products: { api: products },
    ai: { api: ai },
    drafts,
    images,
    readOwnMedia,
  }: {
    products: Uses<{
      briefs: {
        requireOwn: (userId: string, id: string) => Promise<P>;
        defaultOf: (userId: string) => Promise<P | undefined>;
        usableOrWrite: (product: P) => Promise<TAiBrief>;
      };
    }>;
    ai: Uses<AiModuleApi>;
    drafts: Uses<DraftsService>;
    images: Uses<Pick<CarouselImagesService, 'collectionImages'>>;
    /** The bytes behind one of this site's own media URLs, or null. */
    readOwnMedia: (url: string) => Promise<Buffer | null>;
  },
) => {
  const collectionImages = async (key: string) => {
    try {
      return (await images.api.collectionImages(key)).images;
    } catch {
      return []; // the starter library is still being prepared
    }
  };
  const templates = createTemplatesService({
    db,
    products: {
      requireOwn: products.briefs.requireOwn,
      defaultOf: products.briefs.defaultOf,
      briefOf: products.briefs.usableOrWrite,
    },
    ai: ai.ai,
    fairUse: ai.fairUse,
    drafts: drafts.api,
    collectionImages,
    premadeCharacters: listPremadeCharacters,
  });
  const thumbnails = createTemplateThumbnails({
    storage,
    readOwnMedia,
    collectionImages,
    premadeCharacters: listPremadeCharacters,
    log: (error, message) => log.error({ err: error }, message),
  });
  return defineModule({
    name: 'templates',
    dependencies: ['products', 'ai', 'drafts', 'carousel-images'],
    routes: (app) => registerTemplatesRoutes(app, { templates, thumbnails, authenticate }),
    api: templates,
  });
};
