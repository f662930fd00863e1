import type { TBillingSummary, TCheckoutRequest } from '#contract/billing';
import type { TPaidPlanKey } from '#contract/plans';
import type { BillingAccount } from '../../adapters/billing/billing-adapter';
import type { Billing } from '../../adapters/billing/create-billing';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { findBillingUser, findUserIdByCustomer, saveCustomerId } from './billing-repo';
import type { SubscriptionState } from './subscription-state';
import { canChangePlan, hasLiveSubscription, stateOfRow } from './subscription-state';
import type { SubscriptionStore } from './subscription-store';

type Log = (level: 'info' | 'warn', message: string) => void;

const noSubscription = () =>
  new AppError('no_subscription', 'There is no subscription to change; start a checkout instead.');

export const createBillingService = ({
  db,
  store,
  billing,
  log = () => undefined,
}: {
  db: Database;
  store: SubscriptionStore;
  billing: Billing;
  log?: Log;
}) => {
  /** Local subscriptions renew or end lazily, on read; Stripe's change only by webhook. */
  const settleIfDue = async (userId: string, state: SubscriptionState) =>
    billing.kind === 'local' ? billing.settleIfDue(userId, state) : false;

  const account = async (userId: string): Promise<BillingAccount> => {
    let row = await findBillingUser(db, userId);
    if (row && (await settleIfDue(userId, stateOfRow(row))))
      row = await findBillingUser(db, userId);
    if (!row) throw notFound('User not found');
    return { userId, email: row.email, name: row.name, state: stateOfRow(row) };
  };

  return {
    settleIfDue,

    /** For callers that have not read the row (the usage ledger): one read, local mode only. */
    settleUser: async (userId: string) => {
      if (billing.kind !== 'local') return;
      const row = await findBillingUser(db, userId);
      if (row) await settleIfDue(userId, stateOfRow(row));
    },

    createCheckout: async (userId: string, input: TCheckoutRequest) => {
      const a = await account(userId);
      // A second subscription would bill twice: subscribers change plan in place.
      if (hasLiveSubscription(a.state)) {
        throw new AppError(
          'already_subscribed',
          'You already have a subscription. Change plan from Settings → Billing.',
        );
      }
      const { url, customerId } = await billing.createCheckout(a, {
        plan: input.plan,
        trial: input.trial !== false,
      });
      if (customerId) await saveCustomerId(db, userId, customerId);
      return { url };
    },

    createPortal: async (userId: string) => {
      const a = await account(userId);
      const usable = billing.kind === 'stripe' ? a.state.customerId : hasLiveSubscription(a.state);
      if (!usable) throw noSubscription();
      return { url: await billing.createPortal(a) };
    },

    /** 200 only once the plan is changed (spec 01 §7); non-subscribers get 409 no_subscription. */
    updateSubscription: async (userId: string, plan: TPaidPlanKey) => {
      const a = await account(userId);
      if (!canChangePlan(a.state)) throw noSubscription();
      if (a.state.plan === plan && !a.state.cancelAtPeriodEnd) return { plan };
      const snapshot = await billing.changePlan(a, plan);
      // Stripe's webhook repeats this later; applying now makes the answer true at once.
      await store.apply(userId, { type: 'subscription_updated', subscription: snapshot });
      return { plan };
    },

    summary: async (userId: string): Promise<TBillingSummary> =>
      billing.summary(await account(userId)),

    /** Verifies, then applies each event id once. Unknown users and event types answer 200. */
    handleStripeWebhook: async (rawBody: Buffer, signature: string | undefined) => {
      if (billing.kind !== 'stripe') throw notFound('Stripe is not configured');
      const event = billing.verifyWebhook(rawBody, signature);
      const action = await billing.actionFor(event);
      if (!action) return { received: true, outcome: 'skipped' };
      let userId = action.userId;
      if (!userId && action.customerId)
        userId = (await findUserIdByCustomer(db, action.customerId)) ?? null;
      if (!userId) {
        log('warn', `billing: stripe event ${event.id} (${event.type}) matches no user`);
        await store.recordEvent(event.id, event.type);
        return { received: true, outcome: 'no_user' };
      }
      const result = await store.apply(userId, action.event, {
        eventId: action.eventId,
        eventType: action.eventType,
      });
      log('info', `billing: stripe event ${event.id} (${event.type}) ${result.outcome}`);
      return { received: true, outcome: result.outcome };
    },
  };
};

export type BillingService = ReturnType<typeof createBillingService>;
