export { registerDraftsRoutes } from './drafts-routes';
export type { DraftsService } from './drafts-service';
export { createDraftsService } from './drafts-service';
export { findDraftOrigins } from './draft-origins';
export type { DraftOrigin } from './draft-origins';
export { createDraftsModule } from './drafts-module';
