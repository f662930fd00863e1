import type { BillingAdapter } from '../../adapters/billing/billing-adapter';
import type { ModuleCore } from '../../plugins/server-module';
import { defineModule } from '../../plugins/server-module';
import { registerBillingRoutes } from './billing-routes';
import { createBillingService } from './billing-service';
import { createPlanLimits } from './plan-limits';
import type { SubscriptionStore } from './subscription-store';

/** Plans, checkout and the customer portal through the configured billing adapter. */
export const createBillingModule = (
  { db, authenticate }: ModuleCore,
  { store, billing: adapter }: { store: SubscriptionStore; billing: BillingAdapter },
) => {
  const billing = createBillingService({ db, store, billing: adapter });
  return defineModule({
    name: 'billing',
    routes: (app) => registerBillingRoutes(app, { billing, authenticate }),
    // Product and campaign limits of the user's plan (402 product_limit / campaign_limit).
    api: { billing, planLimits: createPlanLimits(db) },
  });
};
