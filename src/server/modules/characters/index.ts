// The characters module's public surface: the pre-made characters for campaigns and
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
// Where a pre-made character's face is (by id or by its URL), for placing text clear of it.
export {
  listPremadeCharacters,
  PREMADE_CHARACTERS,
  premadeFaceBox,
  premadeFaceBoxOfUrl,
} from './premade-catalogue';
export { characterMotionJobs, enqueueCharacterMotion } from './character-motion-jobs';
export { createCharactersModule } from './characters-module';
