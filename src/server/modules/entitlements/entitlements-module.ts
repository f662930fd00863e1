import type { ModuleCore } from '../../plugins/server-module';
import type { Uses } from '../../plugins/server-module';
import { defineModule } from '../../plugins/server-module';
import type { BillingService } from '../billing';
import type { UsageService } from '../usage';
import { registerEntitlementsRoutes } from './entitlements-routes';
import { createEntitlementsService } from './entitlements-service';

/** What the signed-in user may do now: app access, generation, quota. */
export const createEntitlementsModule = (
  { db, authenticate, reads }: ModuleCore,
  { usage, billing }: { usage: Uses<UsageService>; billing: Uses<{ billing: BillingService }> },
) => {
  const entitlements = createEntitlementsService(db, {
    usedInPeriod: usage.api.usedInPeriod,
    settleIfDue: billing.api.billing.settleIfDue,
  });
  return defineModule({
    name: 'entitlements',
    dependencies: ['billing', 'usage'],
    routes: (app) =>
      registerEntitlementsRoutes(app, {
        entitlements: {
          getEntitlements: reads.perUser('entitlements', (userId) =>
            entitlements.getEntitlements(userId),
          ),
        },
        authenticate,
      }),
    api: entitlements,
  });
};
