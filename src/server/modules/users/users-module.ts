import type { ModuleCore } from '../../plugins/server-module';
import type { Uses } from '../../plugins/server-module';
import { defineModule } from '../../plugins/server-module';
import type { TikTokAccounts } from '../tiktok';
import { registerUsersRoutes } from './users-routes';
import { createUsersService } from './users-service';

/** The signed-in user's profile and avatar. */
export const createUsersModule = (
  { config, db, storage, authenticate, reads }: ModuleCore,
  { tiktok }: { tiktok: Uses<Pick<TikTokAccounts, 'connectionSummary'>> },
) => {
  const users = createUsersService({ db, storage, tiktokConnection: tiktok.api.connectionSummary });
  return defineModule({
    name: 'users',
    dependencies: ['tiktok'],
    routes: (app) =>
      registerUsersRoutes(app, {
        users: { ...users, getUser: reads.perUser('user', users.getUser) },
        authenticate,
        uploadMaxBytes: config.uploadMaxBytes,
      }),
    api: users,
  });
};
