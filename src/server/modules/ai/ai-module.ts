import type { AiWriter } from '../../adapters/ai/ai-writer';
import type { ModuleCore } from '../../plugins/server-module';
import type { Uses } from '../../plugins/server-module';
import { defineModule } from '../../plugins/server-module';
import type { AiProductSource, ListCollections } from './ai-actions';
import { createAiActions } from './ai-actions';
import { registerAiRoutes } from './ai-routes';
import { createAiService } from './ai-service';
import { createFairUse } from './fair-use';

/** The AI layer the features above it write with, and the daily fair-use allowance; no routes. */
export const createAiModule = ({ config, db }: ModuleCore, { writer }: { writer: AiWriter }) =>
  defineModule({
    name: 'ai',
    api: {
      ai: createAiService(writer),
      fairUse: createFairUse(db, { allowance: config.aiDailyAllowance }),
    },
  });

export type AiModuleApi = ReturnType<typeof createAiModule>['api'];

/**
 * The AI routes (hooks, slides, collections for a product): above products and the image
 * library, which the AI layer itself sits below.
 */
export const createAiActionsModule = <P extends { name: string; description: string }>(
  { authenticate }: ModuleCore,
  {
    ai,
    products,
    images,
  }: {
    ai: Uses<AiModuleApi>;
    products: Uses<{ briefs: AiProductSource<P> }>;
    images: Uses<{ listCollectionRefs: ListCollections }>;
  },
) => {
  const actions = createAiActions({
    ai: ai.api.ai,
    products: products.api.briefs,
    fairUse: ai.api.fairUse,
    listCollections: images.api.listCollectionRefs,
  });
  return defineModule({
    name: 'ai-actions',
    dependencies: ['ai', 'products', 'carousel-images'],
    routes: (app) => registerAiRoutes(app, { actions, authenticate }),
    api: actions,
  });
};
