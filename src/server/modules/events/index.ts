export { registerEventsRoutes } from './events-routes';
export { createEventsModule } from './events-module';
