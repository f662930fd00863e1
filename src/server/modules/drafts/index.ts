export { registerDraftsRoutes } from './drafts-routes';
export type { DraftsService } from './drafts-service';
export { createDraftsService } from './drafts-service';
// Templates make a draft in the same transaction as the use they count (decision 043).
export { insertDraft } from './drafts-repo';
export { findDraftOrigins } from './draft-origins';
export type { DraftOrigin } from './draft-origins';
export { createDraftsModule } from './drafts-module';
