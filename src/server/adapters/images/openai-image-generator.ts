import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { generateImage, NoImageGeneratedError } from 'ai';
import { AppError } from '../../errors';
import { isTransientProviderFailure, toProviderAppError } from '../ai/provider-errors';
import type { ImageGenerator } from './image-generator';
import { imagePrompt } from './style-prompts';

export type OpenAiImageConfig = {
  /** e.g. https://api.openai.com/v1: the provider appends /images/generations. */
  baseUrl: string;
  apiKey: string | null;
  model: string;
  timeoutMs: number;
};

const isAbort = (error: unknown) =>
  error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');

/**
 * An OpenAI-compatible images API through the AI SDK. One deadline covers both attempts; a 5xx
 * or a dropped connection is tried once more, a 429 is passed on at once as ai_busy (decision
 * 021), an answer without an image is ai_bad_output.
 */
export const createOpenAiImageGenerator = (
  config: OpenAiImageConfig,
  options: { fetch?: typeof fetch } = {},
): ImageGenerator => {
  const provider = createOpenAICompatible({
    name: 'images',
    baseURL: config.baseUrl.replace(/\/+$/, ''),
    ...(config.apiKey ? { apiKey: config.apiKey } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const model = provider.imageModel(config.model);
  const host = new URL(config.baseUrl).host;
  const seconds = Math.round(config.timeoutMs / 100) / 10;

  return {
    describe: `character images: OpenAI-compatible model ${config.model} at ${host} (timeout ${seconds} s)`,
    generate: async ({ prompt, style, size, signal: outer }) => {
      const deadline = AbortSignal.timeout(config.timeoutMs);
      const signal = outer ? AbortSignal.any([deadline, outer]) : deadline;
      for (let attempt = 1; ; attempt++) {
        try {
          const result = await generateImage({
            model,
            prompt: imagePrompt(prompt, style),
            n: 1,
            size: `${size}x${size}`,
            abortSignal: signal,
            maxRetries: 0,
          });
          const image = result.images[0];
          if (!image) throw new AppError('ai_bad_output', 'The image model returned no image');
          return {
            body: Buffer.from(image.uint8Array),
            contentType: image.mediaType || 'image/png',
          };
        } catch (error) {
          if (deadline.aborted || isAbort(error)) {
            throw new AppError('ai_timeout', `The image model did not answer within ${seconds} s`);
          }
          if (error instanceof AppError) throw error;
          if (NoImageGeneratedError.isInstance(error)) {
            throw new AppError('ai_bad_output', 'The image model returned no image');
          }
          if (attempt === 1 && isTransientProviderFailure(error)) continue;
          throw toProviderAppError(error, host) ?? error;
        }
      }
    },
  };
};
