export { registerTikTokDebugRoutes } from './tiktok-debug-routes';
