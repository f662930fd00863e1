import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorResponse } from '#contract/errors';
import type { BillingLedger } from './billing-events';
import type { StripeBilling } from './stripe-billing';

/**
 * Stripe's webhook: a verified event becomes a billing event for the ledger, applied once per
 * event id. Its signature covers the exact bytes sent, so this plugin (and only it) takes the
 * body as a Buffer instead of parsed JSON.
 */
export const stripeWebhookRoutes: FastifyPluginAsync<{
  stripe: StripeBilling;
  ledger: BillingLedger;
}> = async (app, { stripe, ledger }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_r, body, done) =>
    done(null, body),
  );
  app.withTypeProvider<ZodTypeProvider>().post('/api/billing/webhook', {
    schema: {
      tags: ['billing'],
      summary: 'Stripe webhook (signed); each event id is applied once',
      response: { 200: z.object({ received: z.literal(true) }), 400: ZErrorResponse },
    },
    handler: async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['stripe-signature'];
      const event = stripe.verifyWebhook(
        body,
        typeof signature === 'string' ? signature : undefined,
      );
      const notice = await stripe.actionFor(event);
      // Unknown users and event types still answer 200, or Stripe would retry them for days.
      if (notice) await ledger.notify(notice);
      return { received: true as const };
    },
  });
};
