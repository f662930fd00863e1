import type { JobDefinition } from './queue';

export type AnalyzeProductPayload = { userId: string; productId: string };

/**
 * The AI brief written after a product is created. It runs as a job so that creating a product
 * never waits for, or fails with, the AI; a slow or failing model is retried in the background.
 */
export const createAnalyzeProductJob = (
  analyze: (payload: AnalyzeProductPayload) => Promise<void>,
): JobDefinition<AnalyzeProductPayload> => ({
  name: 'analyze-product',
  retryLimit: 2,
  handle: analyze,
});
