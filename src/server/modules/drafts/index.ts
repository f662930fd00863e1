export { registerDraftsRoutes } from './drafts-routes';
export { createDraftsService } from './drafts-service';
