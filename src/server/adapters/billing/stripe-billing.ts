import Stripe from 'stripe';
import type { TBillingSummary } from '#contract/billing';
import type { TPaidPlanKey } from '#contract/plans';
import { PAID_PLAN_KEYS } from '#contract/plans';
import type { BillingConfig } from '../../config';
import { AppError } from '../../errors';
import type { BillingAdapter } from './billing-adapter';
import { emptySummary } from './billing-adapter';
import type { ProviderNotice, SubscriptionSnapshot } from './billing-events';

type StripeConfig = Extract<BillingConfig, { kind: 'stripe' }>;

/** What a verified webhook event means for us: whose subscription, and which state event. */
export type StripeWebhookAction = ProviderNotice;

export type StripeBilling = BillingAdapter & {
  /** Throws AppError invalid_signature unless the raw body carries a valid signature. */
  verifyWebhook: (rawBody: Buffer, signature: string | undefined) => Stripe.Event;
  /** Null for event types we do not act on. May read the subscription back from Stripe. */
  actionFor: (event: Stripe.Event) => Promise<StripeWebhookAction | null>;
};

const idOf = (value: string | { id: string } | null | undefined) =>
  value == null ? null : typeof value === 'string' ? value : value.id;

/**
 * Stripe failures become stable errors; the cause goes to the log, not to the browser. A
 * declined card is 400 payment_failed (not 402: the web app reads 402 as "upgrade your plan").
 */
const wrapProviderError = (error: unknown) => {
  if (error instanceof AppError) return error;
  return error instanceof Stripe.errors.StripeCardError
    ? new AppError('payment_failed', error.message || 'The card was declined')
    : new AppError(
        'billing_unavailable',
        'The payment provider could not complete the request. Try again in a moment.',
      );
};

export const createStripeBilling = (
  config: StripeConfig,
  {
    appUrl,
    logError = () => undefined,
  }: { appUrl: string; logError?: (error: unknown, message: string) => void },
) => {
  const provider = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof AppError)) logError(error, 'billing: stripe request failed');
      throw wrapProviderError(error);
    }
  };

  const stripe = new Stripe(config.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(config.apiBase ?? {}),
  });
  const planOfPrice = new Map<string, TPaidPlanKey>(
    PAID_PLAN_KEYS.map((plan) => [config.prices[plan], plan]),
  );

  const snapshotOf = (sub: Stripe.Subscription): SubscriptionSnapshot => {
    const item = sub.items.data[0];
    if (!item) throw new Error(`subscription ${sub.id} has no items`);
    return {
      id: sub.id,
      customerId: idOf(sub.customer) ?? '',
      priceId: item.price.id,
      plan: planOfPrice.get(item.price.id) ?? null,
      status: sub.status,
      // Since API 2025-03-31 the period lives on the item.
      currentPeriodEnd: new Date(item.current_period_end * 1000),
      // The newer portal cancels with `cancel_at` rather than the flag; both end the plan.
      cancelAtPeriodEnd: sub.cancel_at_period_end || sub.cancel_at !== null,
    };
  };

  const retrieve = (id: string) => stripe.subscriptions.retrieve(id);

  const adapter: StripeBilling = {
    portalForAnyCustomer: true,
    describe: config.apiBase
      ? `billing: stripe (API at ${config.apiBase.protocol}://${config.apiBase.host}:${config.apiBase.port})`
      : 'billing: stripe',

    createCheckout: (account, { plan, trial }) =>
      provider(async () => {
        let customerId = account.state.customerId;
        let created: string | undefined;
        if (!customerId) {
          const customer = await stripe.customers.create({
            email: account.email,
            name: account.name,
            metadata: { userId: account.userId },
          });
          customerId = customer.id;
          created = customer.id;
        }
        // A trial only for a first subscription, and never when the caller says trial: false.
        const trialDays =
          trial && config.trialDays > 0 && account.state.subscriptionId === null
            ? config.trialDays
            : undefined;
        const session = await stripe.checkout.sessions.create({
          mode: 'subscription',
          customer: customerId,
          client_reference_id: account.userId,
          line_items: [{ price: config.prices[plan], quantity: 1 }],
          metadata: { userId: account.userId, plan },
          subscription_data: {
            metadata: { userId: account.userId },
            ...(trialDays ? { trial_period_days: trialDays } : {}),
          },
          success_url: `${appUrl}/settings?billing=success`,
          cancel_url: `${appUrl}/pricing`,
        });
        if (!session.url) throw new Error('Stripe returned a checkout session without a url');
        return { url: session.url, customerId: created };
      }),

    createPortal: (account) =>
      provider(async () => {
        const session = await stripe.billingPortal.sessions.create({
          customer: account.state.customerId!,
          return_url: `${appUrl}/settings?tab=billing`,
        });
        return { url: session.url };
      }),

    changePlan: (account, plan) =>
      provider(async () => {
        const current = await retrieve(account.state.subscriptionId!);
        const item = current.items.data[0];
        if (!item) throw new Error(`subscription ${current.id} has no items`);
        // always_invoice charges the prorated difference now and error_if_incomplete fails the
        // update when that charge fails, so a 200 really means the new plan is paid for.
        const updated = await stripe.subscriptions.update(current.id, {
          items: [{ id: item.id, price: config.prices[plan] }],
          proration_behavior: 'always_invoice',
          payment_behavior: 'error_if_incomplete',
          cancel_at_period_end: false,
        });
        return snapshotOf(updated);
      }),

    summary: (account) =>
      provider(async (): Promise<TBillingSummary> => {
        const { customerId, subscriptionId } = account.state;
        if (!customerId) return emptySummary(false);
        const [sub, invoices] = await Promise.all([
          subscriptionId ? retrieve(subscriptionId) : Promise.resolve(null),
          stripe.invoices.list({ customer: customerId, limit: 10 }),
        ]);
        const live =
          sub !== null && sub.status !== 'canceled' && sub.status !== 'incomplete_expired';
        const snapshot = live ? snapshotOf(sub) : null;
        let paymentMethodId = live ? idOf(sub.default_payment_method) : null;
        if (!paymentMethodId) {
          const customer = await stripe.customers.retrieve(customerId);
          paymentMethodId = customer.deleted
            ? null
            : idOf(customer.invoice_settings?.default_payment_method);
        }
        const method = paymentMethodId
          ? await stripe.paymentMethods.retrieve(paymentMethodId)
          : null;
        const price = live ? sub.items.data[0]?.price : undefined;
        const cancelling = snapshot?.cancelAtPeriodEnd ?? false;
        return {
          current_period_end: snapshot ? snapshot.currentPeriodEnd.toISOString() : null,
          // No next charge when the subscription ends at the period's end.
          amount:
            price && !cancelling && price.unit_amount !== null
              ? price.unit_amount * (sub?.items.data[0]?.quantity ?? 1)
              : null,
          currency: price && !cancelling ? price.currency : null,
          payment_method: method?.card
            ? { brand: method.card.brand, last4: method.card.last4 }
            : null,
          cancel_at_period_end: cancelling,
          test_mode: false,
          invoices: invoices.data.map((invoice) => ({
            id: invoice.id,
            created: invoice.created,
            amount_due: invoice.amount_due,
            currency: invoice.currency,
            status: invoice.status ?? 'draft',
            hosted_invoice_url: invoice.hosted_invoice_url ?? null,
          })),
        };
      }),

    verifyWebhook: (rawBody, signature) => {
      if (!signature) throw new AppError('invalid_signature', 'Missing Stripe-Signature header');
      try {
        return stripe.webhooks.constructEvent(rawBody, signature, config.webhookSecret);
      } catch {
        throw new AppError('invalid_signature', 'The webhook signature does not match');
      }
    },

    actionFor: (event) =>
      provider(async () => {
        const base = { eventId: event.id, eventType: event.type };
        switch (event.type) {
          case 'checkout.session.completed': {
            const session = event.data.object;
            const subscriptionId = idOf(session.subscription);
            if (session.mode !== 'subscription' || !subscriptionId) return null;
            const sub = await retrieve(subscriptionId);
            return {
              ...base,
              userId: session.client_reference_id ?? session.metadata?.userId ?? null,
              customerId: idOf(session.customer),
              event: { type: 'checkout_completed', subscription: snapshotOf(sub) },
            };
          }
          case 'customer.subscription.created':
          case 'customer.subscription.updated': {
            // Deliveries can arrive out of order: act on the subscription as it is now.
            const sub = await retrieve(event.data.object.id);
            return {
              ...base,
              userId: sub.metadata?.userId ?? null,
              customerId: idOf(sub.customer),
              event: { type: 'subscription_updated', subscription: snapshotOf(sub) },
            };
          }
          case 'customer.subscription.deleted': {
            const sub = event.data.object;
            return {
              ...base,
              userId: sub.metadata?.userId ?? null,
              customerId: idOf(sub.customer),
              event: { type: 'subscription_deleted', subscriptionId: sub.id },
            };
          }
          case 'invoice.paid':
          case 'invoice.payment_failed': {
            const invoice = event.data.object;
            const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
            if (!subscriptionId) return null;
            const sub = await retrieve(subscriptionId);
            return {
              ...base,
              userId: sub.metadata?.userId ?? null,
              customerId: idOf(invoice.customer) ?? idOf(sub.customer),
              event: {
                type: event.type === 'invoice.paid' ? 'invoice_paid' : 'invoice_payment_failed',
                subscription: snapshotOf(sub),
              },
            };
          }
          default:
            return null;
        }
      }),
  };
  return adapter;
};
