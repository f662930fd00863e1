import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZEntitlements } from '#contract/entitlements';
import { ZErrorResponse } from '#contract/errors';
import { authenticated } from '../../plugins/server-module';
import type { Authenticate } from '../../plugins/server-module';
import type { EntitlementsService } from './entitlements-service';

export const registerEntitlementsRoutes = async (
  app: FastifyInstance,
  {
    entitlements,
    authenticate,
  }: { entitlements: Pick<EntitlementsService, 'getEntitlements'>; authenticate: Authenticate },
) => {
  await authenticated(app, authenticate, (scope) => {
    scope.withTypeProvider<ZodTypeProvider>().get('/api/entitlements', {
      schema: {
        tags: ['account'],
        summary: 'What the signed-in user may do: app access, generation, quota',
        security: [{ bearerAuth: [] }],
        response: { 200: ZEntitlements, 401: ZErrorResponse },
      },
      handler: (request) => entitlements.getEntitlements(request.userId),
    });
  });
};
