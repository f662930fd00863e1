export { registerTikTokDebugRoutes, TIKTOK_DEBUG_PATH } from './tiktok-debug-routes';
export { createTikTokCallBudget, TIKTOK_CALL_BUDGETS } from './tiktok-call-budget';
export { registerTikTokNotConfigured } from './tiktok-not-configured';
export { createConnectedAccounts } from './connected-accounts';
export type { ConnectedAccounts } from './connected-accounts';
export { toAppError as tiktokFailureToAppError } from './tiktok-errors';
export type { TikTokCallBudget, TikTokCallKind } from './tiktok-call-budget';
export type { AccessToken, TikTokAccounts } from './tiktok-accounts-service';
export { createTikTokModule } from './tiktok-module';
