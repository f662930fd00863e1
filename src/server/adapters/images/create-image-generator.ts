import type { ImageGenConfig } from '../../config';
import type { ImageGenerator } from './image-generator';
import { createLocalImageGenerator } from './local-image-generator';
import { createOpenAiImageGenerator } from './openai-image-generator';

export const createImageGenerator = (config: ImageGenConfig): ImageGenerator =>
  config.kind === 'openai'
    ? createOpenAiImageGenerator({
        baseUrl: config.baseUrl,
        apiKey: config.apiKey,
        model: config.model,
        timeoutMs: config.timeoutMs,
      })
    : createLocalImageGenerator();
