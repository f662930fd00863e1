// The products module's public surface: its routes and service, and the product briefs (also the
// AI and template routes' product source).
export type { ProductBriefs } from './product-briefs';
export { createProductBriefs } from './product-briefs';
export { registerProductsRoutes } from './products-routes';
export type { ProductsService } from './products-service';
export { createProductsService } from './products-service';
export { analyzeProductJob, enqueueAnalysis } from './analyze-product-job';
export { createProductsModule } from './products-module';
