export { registerDraftsRoutes } from './drafts-routes';
export type { DraftsService } from './drafts-service';
export { createDraftsService } from './drafts-service';
export { createDraftOrigins } from './draft-origins';
export type { DraftOrigin, DraftOrigins } from './draft-origins';
export { createDraftsModule } from './drafts-module';
