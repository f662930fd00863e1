// The voice module's public surface: the module app.ts mounts when a voice is configured.
export { createVoiceModule } from './voice-module';
export type { VoiceService } from './voice-service';
