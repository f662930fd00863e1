import type { VoiceConfig } from '../../config';
import { createOpenAiSpeechGenerator } from './openai-speech';
import type { SpeechGenerator } from './speech-generator';

/** The configured voice, or null: off unless AI_VOICE_* is set (decision 140). */
export const createSpeechGenerator = (config: VoiceConfig): SpeechGenerator | null =>
  config.kind === 'openai'
    ? createOpenAiSpeechGenerator({
        baseUrl: config.baseUrl,
        apiKey: config.apiKey,
        model: config.model,
        voice: config.voice,
        timeoutMs: config.timeoutMs,
      })
    : null;
