import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { TPublicConfig } from '#contract/public-config';
import { ZPublicConfig } from '#contract/public-config';

/** The installation's public settings, decided where the adapters are chosen (app.ts). */
export const registerPublicConfigRoutes = (app: FastifyInstance, body: TPublicConfig) => {
  app.withTypeProvider<ZodTypeProvider>().get('/api/config', {
    schema: {
      tags: ['public'],
      summary: 'Public settings of this installation',
      response: { 200: ZPublicConfig },
    },
    handler: async () => body,
  });
};
