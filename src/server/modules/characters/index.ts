// The characters module's public surface (seam S3): the pre-made characters for campaigns and
// templates, and the routes app.ts mounts.
export { registerCharactersRoutes } from './characters-routes';
export { listPremadeCharacters } from './premade-catalogue';
