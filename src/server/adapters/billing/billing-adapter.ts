import type { TBillingSummary } from '#contract/billing';
import type { TPaidPlanKey } from '#contract/plans';
import type { SubscriptionSnapshot, SubscriptionState } from '../../modules/billing';

/** The signed-in user as billing sees them. */
export type BillingAccount = {
  userId: string;
  email: string;
  name: string;
  state: SubscriptionState;
};

/**
 * One payment provider. The billing service decides who may do what (a subscriber changes plan
 * in place, a live subscription is never bought twice) and applies every resulting state change
 * through the subscription state machine; an adapter only talks to its provider.
 */
export type BillingAdapter = {
  kind: 'stripe' | 'local';
  /** The start-up log line. */
  describe: string;
  /** Where the browser goes to pay; `customerId` is set when the provider created a customer. */
  createCheckout: (
    account: BillingAccount,
    input: { plan: TPaidPlanKey; trial: boolean },
  ) => Promise<{ url: string; customerId?: string }>;
  createPortal: (account: BillingAccount) => Promise<string>;
  /** Moves the live subscription to another plan; resolves once the provider has done it. */
  changePlan: (account: BillingAccount, plan: TPaidPlanKey) => Promise<SubscriptionSnapshot>;
  summary: (account: BillingAccount) => Promise<TBillingSummary>;
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
