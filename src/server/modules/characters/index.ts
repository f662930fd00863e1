// The characters module's public surface (seam S3): the pre-made characters for campaigns and
// templates, the service and routes app.ts mounts, and the pre-made files the start-up job makes.
export { registerCharactersRoutes } from './characters-routes';
export type { CharactersService } from './characters-service';
export { createCharactersService } from './characters-service';
export {
  makePremadeCharacters,
  premadeCharactersPresent,
  premadeFiles,
  PREMADE_VERSION,
} from './make-premade-characters';
export { listPremadeCharacters, PREMADE_CHARACTERS, premadeFaceBox } from './premade-catalogue';
