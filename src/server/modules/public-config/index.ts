export { registerPublicConfigRoutes } from './public-config-routes';
export { createPublicConfigModule } from './public-config-module';
