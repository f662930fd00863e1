import type { ModuleCore } from '../../plugins/server-module';
import { defineModule } from '../../plugins/server-module';
import { registerDraftsRoutes } from './drafts-routes';
import { createDraftsService } from './drafts-service';

/** Saved carousel drafts. */
export const createDraftsModule = ({ db, authenticate, reads }: ModuleCore) => {
  const drafts = createDraftsService(db);
  return defineModule({
    name: 'drafts',
    routes: (app) =>
      registerDraftsRoutes(app, {
        drafts: { ...drafts, list: reads.perUser('drafts', drafts.list) },
        authenticate,
      }),
    api: drafts,
  });
};
