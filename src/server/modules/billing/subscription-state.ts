import type { TPlanKey } from '#contract/plans';
import type {
  BillingEvent,
  SubscriptionSnapshot,
  SubscriptionState,
} from '../../adapters/billing/billing-events';
import { hasLiveSubscription, isEnded } from '../../adapters/billing/billing-events';

// The provider-facing types live with the adapters (the module depends on them, not the
// reverse); they are re-exported for the module's own files.
export type { BillingEvent, SubscriptionSnapshot, SubscriptionState };
export { hasLiveSubscription, isEnded };

export type Transition = { state: SubscriptionState; applied: boolean; note: string };

/** Statuses in which Stripe accepts an in-place price change. */
const CHANGEABLE = new Set(['active', 'trialing', 'past_due']);

export const canChangePlan = (state: SubscriptionState) =>
  hasLiveSubscription(state) && CHANGEABLE.has(state.status ?? 'active');

const ended = (state: SubscriptionState, subscriptionId: string): SubscriptionState => ({
  ...state,
  plan: 'free',
  status: 'canceled',
  // The id stays so a late update of this ended subscription is recognised and ignored.
  subscriptionId,
  priceId: null,
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
});

const adopt = (state: SubscriptionState, s: SubscriptionSnapshot): SubscriptionState =>
  isEnded(s.status)
    ? { ...ended(state, s.id), customerId: s.customerId }
    : {
        plan: s.plan ?? state.plan,
        status: s.status,
        customerId: s.customerId,
        subscriptionId: s.id,
        priceId: s.priceId,
        currentPeriodEnd: s.currentPeriodEnd,
        cancelAtPeriodEnd: s.cancelAtPeriodEnd,
      };

const unchanged = (state: SubscriptionState, note: string): Transition => ({
  state,
  applied: false,
  note,
});

/**
 * The one subscription state machine. Pure: the billing service runs it inside a transaction
 * that holds the user's row, for Stripe's webhook and the local checkout alike.
 */
export const transition = (state: SubscriptionState, event: BillingEvent): Transition => {
  if (event.type === 'subscription_deleted') {
    if (state.subscriptionId !== null && state.subscriptionId !== event.subscriptionId) {
      return unchanged(state, 'deletion of a subscription that is not the current one');
    }
    return { state: ended(state, event.subscriptionId), applied: true, note: 'ended' };
  }

  const s = event.subscription;
  const same = state.subscriptionId === s.id;
  if (same && isEnded(state.status)) {
    return unchanged(state, 'the subscription already ended');
  }
  // A paid checkout always wins: the customer just paid for it. Any other news about a
  // different subscription while one is live is stale (or a stray duplicate) and is ignored.
  if (!same && event.type !== 'checkout_completed' && hasLiveSubscription(state)) {
    return unchanged(state, 'another subscription is current');
  }
  return { state: adopt(state, s), applied: true, note: event.type };
};

/** The columns of the user row that hold the state. */
export type SubscriptionColumns = {
  plan: TPlanKey;
  subscriptionStatus: string | null;
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
  stripePriceId: string | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
};

export const stateOfRow = (row: SubscriptionColumns): SubscriptionState => ({
  plan: row.plan,
  status: row.subscriptionStatus,
  customerId: row.stripeCustomerId,
  subscriptionId: row.stripeSubscriptionId,
  priceId: row.stripePriceId,
  currentPeriodEnd: row.currentPeriodEnd,
  cancelAtPeriodEnd: row.cancelAtPeriodEnd,
});

export const rowOfState = (state: SubscriptionState): SubscriptionColumns => ({
  plan: state.plan,
  subscriptionStatus: state.status,
  stripeCustomerId: state.customerId,
  stripeSubscriptionId: state.subscriptionId,
  stripePriceId: state.priceId,
  currentPeriodEnd: state.currentPeriodEnd,
  cancelAtPeriodEnd: state.cancelAtPeriodEnd,
});
