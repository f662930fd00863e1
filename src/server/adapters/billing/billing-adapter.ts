import type { TBillingSummary } from '#contract/billing';
import type { TPaidPlanKey } from '#contract/plans';
import type { BillingAccount, SubscriptionSnapshot, SubscriptionState } from './billing-events';

export type { BillingAccount };

/** Where the browser goes next; `cookie` (a Set-Cookie value) binds the link to this browser. */
export type BillingRedirect = { url: string; cookie?: string };

/**
 * One payment provider. The billing service decides who may do what (a subscriber changes plan
 * in place, a live subscription is never bought twice) and applies every resulting state change
 * through the subscription state machine; an adapter only talks to its provider.
 */
export type BillingAdapter = {
  /**
   * The provider's portal serves anyone it has a customer record of (Stripe: past invoices after a
   * cancellation); otherwise the portal is only for a live subscription.
   */
  portalForAnyCustomer: boolean;
  /** The start-up log line. */
  describe: string;
  /** Where the browser goes to pay; `customerId` is set when the provider created a customer. */
  createCheckout: (
    account: BillingAccount,
    input: { plan: TPaidPlanKey; trial: boolean },
  ) => Promise<BillingRedirect & { customerId?: string }>;
  createPortal: (account: BillingAccount) => Promise<BillingRedirect>;
  /** Moves the live subscription to another plan; resolves once the provider has done it. */
  changePlan: (account: BillingAccount, plan: TPaidPlanKey) => Promise<SubscriptionSnapshot>;
  summary: (account: BillingAccount) => Promise<TBillingSummary>;
  /**
   * Brings a subscription up to date before it is read, for a provider that does not push its
   * renewals (the local checkout); true when it changed something.
   */
  settle?: (userId: string, state: SubscriptionState) => Promise<boolean>;
};

export const emptySummary = (testMode: boolean): TBillingSummary => ({
  current_period_end: null,
  amount: null,
  currency: null,
  payment_method: null,
  cancel_at_period_end: false,
  test_mode: testMode,
  invoices: [],
});
