export { registerEventsRoutes } from './events-routes';
