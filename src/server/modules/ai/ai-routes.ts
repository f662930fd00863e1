import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AI_ERROR_RESPONSES,
  ZCarouselPlan,
  ZGenerateCarouselPlanRequest,
  ZGenerateVideoHookRequest,
  ZGenerateVideoHookResponse,
  ZSelectImageCollectionRequest,
  ZSelectImageCollectionResponse,
} from '#contract/ai';
import { ZErrorResponse } from '#contract/errors';
import type { AiActions } from './ai-actions';
import { authenticated } from '../../plugins/server-module';
import type { Authenticate } from '../../plugins/server-module';

const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  404: ZErrorResponse,
  ...AI_ERROR_RESPONSES,
};

const FAIR_USE = 'Counts against the daily AI allowance (402 free, 429 paid past it).';

export const registerAiRoutes = async (
  app: FastifyInstance,
  { actions, authenticate }: { actions: AiActions; authenticate: Authenticate },
) => {
  const security = [{ bearerAuth: [] }];

  await authenticated(app, authenticate, (scope) => {
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.post('/api/ai/generate-video-hook', {
      schema: {
        tags: ['ai'],
        summary:
          'Ten hooks for a product, none of constraints.exclude, each within maxChars (≤ 120)',
        description: FAIR_USE,
        security,
        body: ZGenerateVideoHookRequest,
        response: { 200: ZGenerateVideoHookResponse, ...errors },
      },
      handler: (request) => actions.generateVideoHook(request.userId, request.body),
    });

    r.post('/api/ai/generate-carousel-plan', {
      schema: {
        tags: ['ai'],
        summary:
          'A carousel plan: 3–8 slides (default 6), caption, hashtags and an image collection',
        description: FAIR_USE,
        security,
        body: ZGenerateCarouselPlanRequest,
        response: { 200: ZCarouselPlan, ...errors },
      },
      handler: (request) => actions.generateCarouselPlan(request.userId, request.body),
    });

    r.post('/api/ai/select-image-collection', {
      schema: {
        tags: ['ai'],
        summary: 'The image collection that fits the slides best ({ key }, null when none)',
        description: FAIR_USE,
        security,
        body: ZSelectImageCollectionRequest,
        response: { 200: ZSelectImageCollectionResponse, ...errors },
      },
      handler: (request) => actions.selectImageCollection(request.userId, request.body),
    });
  });
};
