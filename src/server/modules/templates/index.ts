// The templates module's public surface: the catalogue's service, its thumbnails and routes.
export { registerTemplatesRoutes } from './templates-routes';
export type { TemplateProductSource, TemplatesService } from './templates-service';
export { createTemplatesService } from './templates-service';
export type { TemplateThumbnails } from './template-thumbnails';
export { createTemplateThumbnails } from './template-thumbnails';
// The catalogue and the fill, for the bench (scripts/bench-templates.ts).
export { TEMPLATE_CATALOGUE } from './catalogue/template-catalogue';
export { applyTemplate } from './template-apply';
export { createTemplatesModule } from './templates-module';
