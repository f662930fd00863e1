import type { TBillingSummary, TCheckoutRequest } from '#contract/billing';
import type { TPaidPlanKey } from '#contract/plans';
import type { BillingAccount, BillingAdapter } from '../../adapters/billing/billing-adapter';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { findBillingUser, saveCustomerId } from './billing-repo';
import type { SubscriptionState } from './subscription-state';
import { canChangePlan, hasLiveSubscription, stateOfRow } from './subscription-state';
import type { SubscriptionStore } from './subscription-store';

const noSubscription = () =>
  new AppError('no_subscription', 'There is no subscription to change; start a checkout instead.');

export const createBillingService = ({
  db,
  store,
  billing,
}: {
  db: Database;
  store: SubscriptionStore;
  billing: BillingAdapter;
}) => {
  /** A provider that does not push renewals (the local checkout) settles them on read. */
  const settleIfDue = async (userId: string, state: SubscriptionState) =>
    billing.settle ? billing.settle(userId, state) : false;

  const account = async (userId: string): Promise<BillingAccount> => {
    let row = await findBillingUser(db, userId);
    if (row && (await settleIfDue(userId, stateOfRow(row)))) {
      row = await findBillingUser(db, userId);
    }
    if (!row) throw notFound('User not found');
    return { userId, email: row.email, name: row.name, state: stateOfRow(row) };
  };

  return {
    settleIfDue,

    /** For callers that have not read the row (the usage ledger): one read, and only if needed. */
    settleUser: async (userId: string) => {
      if (!billing.settle) return;
      const row = await findBillingUser(db, userId);
      if (row) await billing.settle(userId, stateOfRow(row));
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
      const { customerId, ...redirect } = await billing.createCheckout(a, {
        plan: input.plan,
        trial: input.trial !== false,
      });
      if (customerId) await saveCustomerId(db, userId, customerId);
      return redirect;
    },

    createPortal: async (userId: string) => {
      const a = await account(userId);
      const usable = billing.portalForAnyCustomer
        ? a.state.customerId
        : hasLiveSubscription(a.state);
      if (!usable) throw noSubscription();
      return billing.createPortal(a);
    },

    /**
     * 200 only once the plan is changed (docs/product/billing.md rule 7); non-subscribers get 409
     * no_subscription.
     */
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
  };
};

export type BillingService = ReturnType<typeof createBillingService>;
