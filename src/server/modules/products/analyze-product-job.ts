import { z } from 'zod';
import { defineJobSpec, handleJob } from '../../jobs/define-job';
import type { JobQueue } from '../../jobs/queue';

const ZAnalyzeProductPayload = z.object({
  userId: z.string().min(1),
  productId: z.string().min(1),
});

export type AnalyzeProductPayload = z.infer<typeof ZAnalyzeProductPayload>;

/**
 * The AI brief written after a product is created. It runs as a job so that creating a product
 * never waits for, or fails with, the AI; a slow or failing model is retried in the background.
 */
export const ANALYZE_PRODUCT_JOB = defineJobSpec({
  name: 'analyze-product',
  schema: ZAnalyzeProductPayload,
  retryLimit: 3,
  retryDelaySeconds: 30,
  // A brief is a few model calls, each bounded by the AI adapter's own timeout.
  expireInSeconds: 120,
  // Model calls wait on the network, not on this process; ten at once keep a burst moving
  // without flooding the provider's rate limit.
  concurrency: 10,
});

export const enqueueAnalysis =
  (queue: Pick<JobQueue, 'send'>) => async (payload: AnalyzeProductPayload) => {
    await queue.send(ANALYZE_PRODUCT_JOB, payload, { singletonKey: payload.productId });
  };

/** Whether a product's brief is still being written (or waits for a retry). */
export const analysisPending = (queue: Pick<JobQueue, 'isPending'>) => (productId: string) =>
  queue.isPending(ANALYZE_PRODUCT_JOB, productId);

export const analyzeProductJob = (analyze: (payload: AnalyzeProductPayload) => Promise<void>) =>
  handleJob(ANALYZE_PRODUCT_JOB, analyze);
