// The analytics module's public surface (decisions 044–046): the module app.ts mounts (service,
// routes, the hourly sync jobs).
export { registerAnalyticsRoutes } from './analytics-routes';
export { createAnalyticsService } from './analytics-service';
export type { AnalyticsService, AnalyticsServiceDeps } from './analytics-service';
export type { AnalyticsActivity, AnalyticsNames } from './analytics-overview';
export type { AnalyticsSyncDeps } from './analytics-sync';
export { renderActivity } from './analytics-activity';
export { analyticsJobs } from './analytics-jobs';
export { createAnalyticsModule } from './analytics-module';
