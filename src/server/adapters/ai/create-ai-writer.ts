import type { AiConfig } from '../../config';
import type { AiWriter } from './ai-writer';
import { createLlmWriter } from './llm-writer';
import { createLocalWriter } from './local-writer';

export const createAiWriter = (config: AiConfig): AiWriter =>
  config.kind === 'llm'
    ? createLlmWriter({
        baseUrl: config.baseUrl,
        apiKey: config.apiKey,
        model: config.model,
        timeoutMs: config.timeoutMs,
      })
    : createLocalWriter();
