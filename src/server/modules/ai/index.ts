// The ai module's public surface: the AI service, the daily fair-use allowance and the /api/ai routes.
export type { AiActions, AiProductSource, ListCollections } from './ai-actions';
export { createAiActions } from './ai-actions';
export { registerAiRoutes } from './ai-routes';
export type { AiService } from './ai-service';
export { createAiService } from './ai-service';
export type { AiAllowance, FairUse } from './fair-use';
export { createFairUse } from './fair-use';
export { createAiActionsModule, createAiModule } from './ai-module';
export type { AiModuleApi } from './ai-module';
