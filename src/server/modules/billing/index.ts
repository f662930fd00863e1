// The billing module's public surface: plans and subscriptions as the rest of the server reads
// them, the billing routes, and the state machine's types the billing adapters speak.
export { createBillingLedger } from './billing-ledger';
export { registerBillingRoutes } from './billing-routes';
export type { BillingService } from './billing-service';
export { createBillingService } from './billing-service';
export type { PlanLimits } from './plan-limits';
export { createPlanLimits } from './plan-limits';
export type {
  BillingEvent,
  SubscriptionColumns,
  SubscriptionSnapshot,
  SubscriptionState,
} from './subscription-state';
export { stateOfRow } from './subscription-state';
export type { SubscriptionStore } from './subscription-store';
export { createSubscriptionStore } from './subscription-store';
export { createUserPlans } from './user-plan';
export { createBillingModule } from './billing-module';
