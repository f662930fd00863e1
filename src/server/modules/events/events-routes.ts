import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorResponse } from '#contract/errors';
import { ZListEventsResponse, ZRecordEventRequest } from '#contract/events';
import type { Database } from '../../db/client';
import { insertEvent, listEvents } from './events-repo';
import { authenticated } from '../../plugins/server-module';
import type { Authenticate } from '../../plugins/server-module';

const LIST_LIMIT = 100;

/**
 * Product events the client records (docs/product/analytics.md rule 5: generation_blocked), read
 * back by their owner.
 */
export const registerEventsRoutes = async (
  app: FastifyInstance,
  { db, authenticate }: { db: Database; authenticate: Authenticate },
) => {
  const security = [{ bearerAuth: [] }];

  await authenticated(app, authenticate, (scope) => {
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.post('/api/events', {
      // One event per blocked action at most; a client in a loop should not fill the table.
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['events'],
        summary: 'Record a product event ({ name, properties })',
        security,
        body: ZRecordEventRequest,
        response: { 204: z.null(), 400: ZErrorResponse, 401: ZErrorResponse },
      },
      handler: async (request, reply) => {
        await insertEvent(db, {
          id: randomUUID(),
          userId: request.userId,
          name: request.body.name,
          properties: request.body.properties,
        });
        return reply.code(204).send(null);
      },
    });

    r.get('/api/events', {
      schema: {
        tags: ['events'],
        summary: 'The caller’s own events, newest first (at most 100), optionally of one name',
        security,
        querystring: z.object({ name: z.string().max(40).optional() }),
        response: { 200: ZListEventsResponse, 400: ZErrorResponse, 401: ZErrorResponse },
      },
      handler: async (request) => ({
        events: (
          await listEvents(db, request.userId, { name: request.query.name, limit: LIST_LIMIT })
        ).map((e) => ({
          id: e.id,
          name: e.name,
          properties: e.properties,
          createdAt: e.createdAt.toISOString(),
        })),
      }),
    });
  });
};
