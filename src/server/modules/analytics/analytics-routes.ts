import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAnalyticsOverview,
  ZAnalyticsQuery,
  ZAnalyticsRefreshResponse,
  ZMakeMoreResponse,
} from '#contract/analytics';
import { ZErrorResponse } from '#contract/errors';
import type { AnalyticsService } from './analytics-service';
import { authenticated } from '../../plugins/server-module';
import type { Authenticate } from '../../plugins/server-module';

export const registerAnalyticsRoutes = async (
  app: FastifyInstance,
  { analytics, authenticate }: { analytics: AnalyticsService; authenticate: Authenticate },
) => {
  const security = [{ bearerAuth: [] }];
  const tags = ['analytics'];

  await authenticated(app, authenticate, (scope) => {
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.get('/api/analytics', {
      schema: {
        tags,
        summary: 'How the caller’s TikTok posts published in the range perform',
        description:
          'Read from the snapshots the analytics job stores (TikTok Display API). Conversions and completion are always reported as not available, with the reason.',
        security,
        querystring: ZAnalyticsQuery,
        response: { 200: ZAnalyticsOverview, 400: ZErrorResponse, 401: ZErrorResponse },
      },
      handler: (request) => analytics.overview(request.userId, request.query.range),
    });

    r.post('/api/analytics/refresh', {
      schema: {
        tags,
        summary: 'Read the caller’s connected accounts from TikTok now',
        description:
          'Reads each connected account within the request (up to 20 s; a longer read goes on and answers `reading`) and says per account what happened, in words: how many videos were read, or why it could not be (a reconnect, TikTok’s limit with the wait).',
        security,
        response: { 200: ZAnalyticsRefreshResponse, 401: ZErrorResponse },
      },
      handler: (request) => analytics.refresh(request.userId),
    });

    r.post('/api/analytics/posts/:id/make-more', {
      schema: {
        tags,
        summary: 'A new draft like this post: same product, template and character, a fresh hook',
        security,
        params: z.object({ id: z.string().min(1).max(200) }),
        response: {
          201: ZMakeMoreResponse,
          401: ZErrorResponse,
          402: ZErrorResponse,
          404: ZErrorResponse,
          409: ZErrorResponse,
          429: ZErrorResponse,
          502: ZErrorResponse,
        },
      },
      handler: async (request, reply) =>
        reply.status(201).send(await analytics.makeMore(request.userId, request.params.id)),
    });
  });
};
