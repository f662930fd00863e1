import type { ModuleCore } from '../../plugins/server-module';
import { defineModule } from '../../plugins/server-module';
import { registerPublicConfigRoutes } from './public-config-routes';

/** What the web reads before anyone signs in (GET /api/config), and the health check. */
export const createPublicConfigModule = (
  _core: ModuleCore,
  { answers }: { answers: Parameters<typeof registerPublicConfigRoutes>[1] },
) =>
  defineModule({
    name: 'public-config',
    routes: (app) => {
      app.get('/api/health', { schema: { hide: true } }, async () => ({ ok: true }));
      registerPublicConfigRoutes(app, answers);
    },
    api: undefined,
  });
