import type { ImageGenerator } from '../../adapters/images/image-generator';
import type { MotionGenerator } from '../../adapters/motion/motion-generator';
import type { ModuleCore } from '../../plugins/server-module';
import type { Uses } from '../../plugins/server-module';
import { defineModule } from '../../plugins/server-module';
import type { AiModuleApi } from '../ai';
import { characterFaceJobs, enqueueCharacterFace, sendFaceBackfill } from './character-face-jobs';
import { characterMotionJobs, enqueueCharacterMotion } from './character-motion-jobs';
import { registerCharactersRoutes } from './characters-routes';
import { createCharactersService } from './characters-service';

/** The seller's characters: generated, uploaded and the pre-made ones, with their clips. */
export const createCharactersModule = (
  { config, db, storage, jobs, authenticate }: ModuleCore,
  {
    ai,
    images,
    imagesName,
    motion,
  }: {
    ai: Uses<AiModuleApi>;
    images: ImageGenerator;
    /** Recorded with each generation: `local`, or the images API's model. */
    imagesName: string;
    motion: MotionGenerator | null;
  },
) => {
  const characters = createCharactersService({
    db,
    storage,
    secret: config.secret,
    generator: images,
    generatorName: imagesName,
    fairUse: ai.api.fairUse,
    motion: motion && {
      generator: motion,
      ffmpeg: config.ffmpeg,
      enqueue: enqueueCharacterMotion(jobs),
    },
    ffmpeg: config.ffmpeg,
    enqueueFace: enqueueCharacterFace(jobs),
  });
  return defineModule({
    name: 'characters',
    dependencies: ['ai'],
    routes: (app) =>
      registerCharactersRoutes(app, {
        characters,
        authenticate,
        premadeDir: config.starterCharacters.dir,
      }),
    jobs: [...characterMotionJobs(characters), ...characterFaceJobs(characters)],
    afterStart: () => sendFaceBackfill(jobs),
    api: characters,
  });
};
