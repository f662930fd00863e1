import type { ModuleCore } from '../../plugins/server-module';
import type { Uses } from '../../plugins/server-module';
import { defineModule } from '../../plugins/server-module';
import type { AiModuleApi } from '../ai';
import { analysisPending, analyzeProductJob, enqueueAnalysis } from './analyze-product-job';
import { createProductBriefs } from './product-briefs';
import { registerProductsRoutes } from './products-routes';
import { createProductsService } from './products-service';

/** The seller's products, their photos and the AI brief written for each in the background. */
export const createProductsModule = (
  { config, db, storage, jobs, authenticate, reads, log }: ModuleCore,
  { ai: { api } }: { ai: Uses<AiModuleApi> },
) => {
  const briefs = createProductBriefs({ db, ai: api.ai, storage });
  const products = createProductsService({
    db,
    storage,
    briefs,
    fairUse: api.fairUse,
    enqueueAnalysis: enqueueAnalysis(jobs),
    analysisPending: analysisPending(jobs),
    log: (error, message) => log.error({ err: error }, message),
  });
  return defineModule({
    name: 'products',
    dependencies: ['ai'],
    routes: (app) =>
      registerProductsRoutes(app, {
        products: { ...products, list: reads.perUser('products', products.list) },
        authenticate,
        uploadMaxBytes: config.uploadMaxBytes,
      }),
    jobs: [analyzeProductJob(briefs.analyzeInBackground)],
    api: {
      briefs,
      products,
    },
  });
};

export type ProductsModuleApi = ReturnType<typeof createProductsModule>['api'];
