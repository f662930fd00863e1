import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZBillingSummary,
  ZCheckoutRequest,
  ZRedirectUrl,
  ZUpdateSubscriptionRequest,
  ZUpdateSubscriptionResponse,
} from '#contract/billing';
import { ZErrorResponse } from '#contract/errors';
import type { BillingService } from './billing-service';
import { authenticated } from '../../plugins/server-module';
import type { Authenticate } from '../../plugins/server-module';

const tags = ['billing'];
const security = [{ bearerAuth: [] }];
const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
  502: ZErrorResponse,
  503: ZErrorResponse,
};

/** The local checkout binds its links to this browser with a cookie; Stripe's need none. */
const redirect = (reply: FastifyReply, { url, cookie }: { url: string; cookie?: string }) => {
  if (cookie) reply.header('set-cookie', cookie);
  return { url };
};

export const registerBillingRoutes = async (
  app: FastifyInstance,
  { billing, authenticate }: { billing: BillingService; authenticate: Authenticate },
) => {
  await authenticated(app, authenticate, (scope) => {
    const r = scope.withTypeProvider<ZodTypeProvider>();

    r.post('/api/billing/create-checkout-session', {
      schema: {
        tags,
        summary: 'Start a checkout for a plan ({ plan } or { plan, trial: false }); go to `url`',
        description:
          '409 already_subscribed when a subscription is live: use update-subscription instead.',
        security,
        body: ZCheckoutRequest,
        response: { 200: ZRedirectUrl, ...errors },
      },
      handler: async (request, reply) =>
        redirect(reply, await billing.createCheckout(request.userId, request.body)),
    });

    r.post('/api/billing/create-portal-session', {
      schema: {
        tags,
        summary: 'Open the billing portal (plan, payment method, cancellation); go to `url`',
        security,
        response: { 200: ZRedirectUrl, ...errors },
      },
      handler: async (request, reply) =>
        redirect(reply, await billing.createPortal(request.userId)),
    });

    r.post('/api/billing/update-subscription', {
      schema: {
        tags,
        summary: 'Change the plan of the existing subscription in place, with proration',
        description:
          '200 only once the change is done. 409 no_subscription when there is none: the client then starts a checkout.',
        security,
        body: ZUpdateSubscriptionRequest,
        response: { 200: ZUpdateSubscriptionResponse, 402: ZErrorResponse, ...errors },
      },
      handler: (request) => billing.updateSubscription(request.userId, request.body.plan),
    });

    r.get('/api/billing/summary', {
      schema: {
        tags,
        summary: 'Next charge, payment method and recent invoices (amounts in cents)',
        security,
        response: { 200: ZBillingSummary, ...errors },
      },
      handler: (request) => billing.summary(request.userId),
    });
  });
};
