// The templates module's public surface: the catalogue's service, its thumbnails and routes.
export { registerTemplatesRoutes } from './templates-routes';
export type { TemplateProductSource, TemplatesService } from './templates-service';
export { createTemplatesService } from './templates-service';
export type { TemplateThumbnails } from './template-thumbnails';
export { createTemplateThumbnails } from './template-thumbnails';
