export { registerPublicConfigRoutes } from './public-config-routes';
