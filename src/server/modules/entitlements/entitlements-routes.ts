import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZEntitlements } from '#contract/entitlements';
import { ZErrorResponse } from '#contract/errors';
import type { RequireUser } from '../auth';
import type { EntitlementsService } from './entitlements-service';

export const registerEntitlementsRoutes = (
  app: FastifyInstance,
  { entitlements, requireUser }: { entitlements: EntitlementsService; requireUser: RequireUser },
) => {
  app.withTypeProvider<ZodTypeProvider>().get('/api/entitlements', {
    onRequest: requireUser,
    schema: {
      tags: ['account'],
      summary: 'What the signed-in user may do: app access, generation, quota',
      security: [{ bearerAuth: [] }],
      response: { 200: ZEntitlements, 401: ZErrorResponse },
    },
    handler: (request) => entitlements.getEntitlements(request.userId),
  });
};
