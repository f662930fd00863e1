// The products module's public surface: its routes and service, the product briefs (also the
// AI routes' product source) and the product count that plan decisions need.
export type { ProductBriefs } from './product-briefs';
export { createProductBriefs } from './product-briefs';
export { countProducts, findDefaultProduct } from './products-repo';
export { registerProductsRoutes } from './products-routes';
export type { ProductsService } from './products-service';
export { createProductsService } from './products-service';
export { analyzeProductJob, enqueueAnalysis } from './analyze-product-job';
export { createProductsModule } from './products-module';
