export type { UsageKind, UsageResult, UsageService } from './usage-service';
export { createUsageService } from './usage-service';
