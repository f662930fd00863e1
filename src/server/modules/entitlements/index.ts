// The entitlements module's public surface: the rules (also applied by the usage ledger), the
// service behind GET /api/entitlements and its routes.
export type { Period } from './entitlements-rules';
export { computeEntitlements, currentPeriod } from './entitlements-rules';
export { registerEntitlementsRoutes } from './entitlements-routes';
export type { EntitlementsService } from './entitlements-service';
export { createEntitlementsService } from './entitlements-service';
export { createEntitlementsModule } from './entitlements-module';
