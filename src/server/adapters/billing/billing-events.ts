import type { TPaidPlanKey, TPlanKey } from '#contract/plans';
import type { Database } from '../../db/client';

/**
 * What a payment provider and Hookreel's billing module say to each other. The module owns the
 * subscription state machine and implements `BillingLedger`; a provider (Stripe's webhook, the
 * local test checkout) only raises events into it, so the dependency runs from the module to
 * the adapters and never back.
 */

/** The subscription as the user row holds it; the only billing state entitlements read. */
export type SubscriptionState = {
  plan: TPlanKey;
  status: string | null;
  customerId: string | null;
  subscriptionId: string | null;
  priceId: string | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
};

/** A subscription as the provider reports it now (Stripe's object, or the local checkout's). */
export type SubscriptionSnapshot = {
  id: string;
  customerId: string;
  priceId: string;
  /** null when the price is none of ours: the plan is then left as it is. */
  plan: TPaidPlanKey | null;
  status: string;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
};

/**
 * The events both providers feed in. Stripe's webhook maps its event types onto these; the local
 * checkout raises them from its pages. Invoice events carry the subscription as it is after the
 * invoice (Stripe's adapter re-reads it), so a late or repeated delivery never winds the state
 * back.
 */
export type BillingEvent =
  | { type: 'checkout_completed'; subscription: SubscriptionSnapshot }
  | { type: 'subscription_updated'; subscription: SubscriptionSnapshot }
  | { type: 'invoice_paid'; subscription: SubscriptionSnapshot }
  | { type: 'invoice_payment_failed'; subscription: SubscriptionSnapshot }
  | { type: 'subscription_deleted'; subscriptionId: string };

/** Stripe's terminal statuses: such a subscription never comes back. */
const ENDED = new Set(['canceled', 'incomplete_expired']);

export const isEnded = (status: string | null) => status !== null && ENDED.has(status);

/** A subscription that exists and has not ended (it may be past due or cancelling). */
export const hasLiveSubscription = (state: SubscriptionState) =>
  state.subscriptionId !== null && !isEnded(state.status) && state.plan !== 'free';

/** The signed-in user as billing sees them. */
export type BillingAccount = {
  userId: string;
  email: string;
  name: string;
  state: SubscriptionState;
};

/** A transaction of the database; a provider's own rows are written in the event's one. */
export type BillingTx = Parameters<Parameters<Database['transaction']>[0]>[0];

export type LedgerOutcome =
  | { outcome: 'applied' | 'ignored'; state: SubscriptionState; note: string }
  | { outcome: 'duplicate' | 'no_user' };

/** A provider's notification (a Stripe webhook event) with its id, applied once. */
export type ProviderNotice = {
  eventId: string;
  eventType: string;
  /** From our own metadata when the provider echoes it. */
  userId: string | null;
  customerId: string | null;
  event: BillingEvent;
};

/** The billing module's public surface for providers: events in, the module applies them. */
export type BillingLedger = {
  account: (userId: string) => Promise<BillingAccount | null>;
  /**
   * Applies the event `decide` returns under the user's row lock, in one transaction with what
   * `decide` writes through `tx`; concurrent events for one user queue up.
   */
  apply: (
    userId: string,
    decide: (tx: BillingTx, state: SubscriptionState) => Promise<BillingEvent | null>,
  ) => Promise<LedgerOutcome>;
  /** Finds the user (by id, else by customer) and applies the notice once per event id. */
  notify: (notice: ProviderNotice) => Promise<LedgerOutcome['outcome']>;
};
