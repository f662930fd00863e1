import type { SpeechGenerator } from '../../adapters/voice/speech-generator';
import type { ModuleCore, Uses } from '../../plugins/server-module';
import { defineModule } from '../../plugins/server-module';
import type { AiModuleApi } from '../ai';
import { registerVoiceRoutes } from './voice-routes';
import { createVoiceService } from './voice-service';

/** The hook read aloud (decision 140), when a voice is configured. */
export const createVoiceModule = (
  { config, storage, authenticate }: ModuleCore,
  { ai, speech }: { ai: Uses<AiModuleApi>; speech: SpeechGenerator },
) => {
  const voice = createVoiceService({
    speech,
    storage,
    ffmpeg: config.ffmpeg,
    fairUse: ai.api.fairUse,
  });
  return defineModule({
    name: 'voice',
    dependencies: ['ai'],
    routes: (app) => registerVoiceRoutes(app, { voice, authenticate }),
    api: voice,
  });
};
