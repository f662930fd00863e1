import { AppError } from '../../errors';
import { httpProviderError, unreachableProviderError } from '../ai/provider-errors';
import type { SpeechGenerator } from './speech-generator';

export type OpenAiSpeechConfig = {
  /** e.g. https://api.openai.com/v1: `/audio/speech` is appended. */
  baseUrl: string;
  apiKey: string | null;
  model: string;
  voice: string;
  timeoutMs: number;
};

/** Speech for a hook of at most a few hundred characters is far below this. */
const MAX_AUDIO_BYTES = 10 * 1024 * 1024;

/**
 * OpenAI's documented speech request (`POST {base}/audio/speech` with `{ model, input, voice,
 * response_format }`, audio bytes back), which compatible servers answer alike. WAV is asked
 * for: the render mixes it without guessing a codec. A 429 is ai_busy with its Retry-After,
 * other failures ai_unavailable, the deadline ai_timeout, an answer that is not audio
 * ai_bad_output, as for the other AI adapters (decision 138).
 */
export const createOpenAiSpeechGenerator = (config: OpenAiSpeechConfig): SpeechGenerator => {
  const base = config.baseUrl.replace(/\/+$/, '');
  const host = new URL(base).host;
  const seconds = Math.round(config.timeoutMs / 1000);
  return {
    describe: `hook voice: OpenAI-compatible model ${config.model}, voice ${config.voice}, at ${host} (timeout ${seconds} s)`,
    speak: async ({ text, signal: outer }) => {
      const deadline = AbortSignal.timeout(config.timeoutMs);
      const signal = outer ? AbortSignal.any([deadline, outer]) : deadline;
      let response: Response;
      try {
        response = await fetch(`${base}/audio/speech`, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            ...(config.apiKey ? { Authorization: `Bearer ${config.apiKey}` } : {}),
          },
          body: JSON.stringify({
            model: config.model,
            input: text,
            voice: config.voice,
            response_format: 'wav',
          }),
          signal,
        });
      } catch (error) {
        if (deadline.aborted) {
          throw new AppError('ai_timeout', `The voice model did not answer within ${seconds} s`);
        }
        if (outer?.aborted) throw error;
        throw unreachableProviderError('voice model', host);
      }
      const failed = httpProviderError(response, 'voice model', host);
      if (failed) throw failed;
      const contentType = (response.headers.get('content-type') ?? '').split(';')[0]!.trim();
      let body: Buffer;
      try {
        body = Buffer.from(await response.arrayBuffer());
      } catch {
        if (deadline.aborted) {
          throw new AppError('ai_timeout', `The voice model did not answer within ${seconds} s`);
        }
        throw new AppError('ai_unavailable', `The voice model's answer was cut off (${host})`);
      }
      if (!contentType.startsWith('audio/') || body.length === 0 || body.length > MAX_AUDIO_BYTES) {
        throw new AppError('ai_bad_output', 'The voice model answered something that is not audio');
      }
      return { body, contentType };
    },
  };
};
