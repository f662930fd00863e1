import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZPublicConfig } from '#contract/public-config';
import type { Config } from '../../config';

export const registerPublicConfigRoutes = (app: FastifyInstance, config: Config) => {
  const body = {
    appUrl: config.appUrl,
    supportEmail: config.supportEmail,
    pixel: config.pixel,
    mailOutbox: config.mail.kind === 'outbox',
    tiktok: config.tiktok.kind,
  };
  app.withTypeProvider<ZodTypeProvider>().get('/api/config', {
    schema: {
      tags: ['public'],
      summary: 'Public settings of this installation',
      response: { 200: ZPublicConfig },
    },
    handler: async () => body,
  });
};
