import type { ModuleCore } from '../../plugins/server-module';
import { defineModule } from '../../plugins/server-module';
import { registerEventsRoutes } from './events-routes';

/** Product events the client records (generation_blocked), read back by their owner. */
export const createEventsModule = ({ db, authenticate }: ModuleCore) =>
  defineModule({
    name: 'events',
    routes: (app) => registerEventsRoutes(app, { db, authenticate }),
    api: undefined,
  });
