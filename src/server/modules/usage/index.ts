export type { HoldUnit, UsageKind, UsageRefusal, UsageResult, UsageService } from './usage-service';
export { createUsageService, releaseUsage } from './usage-service';
export { createUsageModule } from './usage-module';
