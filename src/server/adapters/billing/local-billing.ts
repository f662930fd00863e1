import { randomBytes } from 'node:crypto';
import type { TPaidPlanKey } from '#contract/plans';
import { PLANS } from '#contract/plans';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import type { BillingAdapter } from './billing-adapter';
import { emptySummary } from './billing-adapter';
import type {
  BillingLedger,
  BillingTx,
  SubscriptionSnapshot,
  SubscriptionState,
} from './billing-events';
import { hasLiveSubscription } from './billing-events';
import { invoiceViewUrl } from './invoice-link';
import { bindingCookie, LOCAL_LINK_TTL_MS } from './link-binding';
import {
  consumeBillingSession,
  insertBillingSession,
  insertInvoice,
  listInvoices,
} from './local-billing-repo';

export { LOCAL_LINK_TTL_MS };
export const LOCAL_CURRENCY = 'usd';
export const LOCAL_CARD = { brand: 'visa', last4: '4242' } as const;

const LOCAL_PREFIX = 'sub_local_';

const newToken = () => randomBytes(32).toString('base64url');
const newId = (prefix: string) => `${prefix}${randomBytes(12).toString('hex')}`;

export const addMonths = (d: Date, months: number) => {
  const r = new Date(d);
  r.setUTCMonth(r.getUTCMonth() + months);
  return r;
};

export const isLocalSubscription = (state: Pick<SubscriptionState, 'subscriptionId'>) =>
  state.subscriptionId?.startsWith(LOCAL_PREFIX) ?? false;

/** A local subscription whose period has ended and that must renew or end before it is read. */
export const isDue = (state: SubscriptionState, now: Date) =>
  isLocalSubscription(state) &&
  hasLiveSubscription(state) &&
  state.currentPeriodEnd !== null &&
  state.currentPeriodEnd <= now;

const snapshot = (
  state: SubscriptionState,
  changes: Partial<SubscriptionSnapshot>,
): SubscriptionSnapshot => {
  const plan = (changes.plan ?? state.plan) as TPaidPlanKey;
  return {
    id: state.subscriptionId!,
    customerId: state.customerId!,
    priceId: `price_local_${plan}`,
    plan,
    status: state.status ?? 'active',
    currentPeriodEnd: state.currentPeriodEnd!,
    cancelAtPeriodEnd: state.cancelAtPeriodEnd,
    ...changes,
  };
};

/**
 * The embedded billing driver: a test checkout served by Hookreel itself (no money moves). Its
 * pages raise the same state-machine events as Stripe's webhook; see local-checkout-routes.ts.
 */
export const createLocalBilling = ({
  db,
  ledger,
  appUrl,
  secret,
  production,
  now = () => new Date(),
}: {
  db: Database;
  ledger: BillingLedger;
  appUrl: string;
  secret: string;
  /** Only with BILLING_LOCAL_IN_PRODUCTION=true; the log line then says so loudly. */
  production: boolean;
  now?: () => Date;
}) => {
  const recordPaidInvoice = async (
    tx: BillingTx,
    userId: string,
    plan: TPaidPlanKey,
    periodStart: Date,
    createdAt: Date,
  ) => {
    await insertInvoice(tx, {
      id: newId('in_local_'),
      userId,
      plan,
      amountDue: PLANS[plan].priceCents ?? 0,
      currency: LOCAL_CURRENCY,
      status: 'paid',
      periodStart,
      periodEnd: addMonths(periodStart, 1),
      createdAt,
    });
  };

  /**
   * A plan change mid-period, charged at once for the rest of the period as Stripe does with
   * proration_behavior 'always_invoice': the price difference times the share of the period
   * left. A cheaper plan yields an invoice of 0 (Stripe keeps the credit on the customer's
   * balance; the local checkout has none). The period itself does not move (decision 030).
   */
  const recordProrationInvoice = async (
    tx: BillingTx,
    userId: string,
    state: SubscriptionState,
    plan: TPaidPlanKey,
    at: Date,
  ) => {
    const from = state.plan as TPaidPlanKey;
    const end = state.currentPeriodEnd;
    if (from === plan || !end || end <= at) return;
    const start = addMonths(end, -1);
    const left = Math.min(1, (end.getTime() - at.getTime()) / (end.getTime() - start.getTime()));
    const difference = (PLANS[plan].priceCents ?? 0) - (PLANS[from].priceCents ?? 0);
    await insertInvoice(tx, {
      id: newId('in_local_'),
      userId,
      plan,
      amountDue: Math.max(0, Math.round(difference * left)),
      currency: LOCAL_CURRENCY,
      status: 'paid',
      periodStart: at,
      periodEnd: end,
      createdAt: at,
    });
  };

  const newLink = async (userId: string, kind: 'checkout' | 'portal', plan?: TPaidPlanKey) => {
    const token = newToken();
    const at = now();
    await insertBillingSession(db, {
      token,
      userId,
      kind,
      plan: plan ?? null,
      createdAt: at,
      expiresAt: new Date(at.getTime() + LOCAL_LINK_TTL_MS),
    });
    return {
      url: `${appUrl}/billing/${kind}/${token}`,
      cookie: bindingCookie(secret, token, appUrl),
    };
  };

  const adapter = {
    portalForAnyCustomer: false,
    describe: production
      ? `billing: LOCAL TEST CHECKOUT IN PRODUCTION (BILLING_LOCAL_IN_PRODUCTION=true): anyone can take a paid plan without paying, at ${appUrl}/billing/checkout/…`
      : `billing: local test checkout (no real payments) at ${appUrl}/billing/checkout/…`,

    createCheckout: (account, { plan }) => newLink(account.userId, 'checkout', plan),

    createPortal: (account) => newLink(account.userId, 'portal'),

    changePlan: async (account, plan) => {
      const at = now();
      const result = await ledger.apply(account.userId, async (tx, state) => {
        if (!hasLiveSubscription(state)) return null;
        await recordProrationInvoice(tx, account.userId, state, plan, at);
        return {
          type: 'subscription_updated',
          subscription: snapshot(state, { plan, cancelAtPeriodEnd: false }),
        };
      });
      if (result.outcome !== 'applied') {
        throw new AppError('no_subscription', 'There is no subscription to change');
      }
      return snapshot(result.state, {});
    },

    summary: async (account) => {
      const { state } = account;
      const invoices = await listInvoices(db, account.userId);
      const live = hasLiveSubscription(state);
      if (!live && invoices.length === 0) return emptySummary(true);
      const plan = state.plan === 'free' ? null : PLANS[state.plan];
      return {
        current_period_end: live ? (state.currentPeriodEnd?.toISOString() ?? null) : null,
        amount: live && plan && !state.cancelAtPeriodEnd ? plan.priceCents : null,
        currency: live && !state.cancelAtPeriodEnd ? LOCAL_CURRENCY : null,
        payment_method: state.customerId ? { ...LOCAL_CARD } : null,
        cancel_at_period_end: live && state.cancelAtPeriodEnd,
        test_mode: true,
        invoices: invoices.map((invoice) => ({
          id: invoice.id,
          created: Math.floor(invoice.createdAt.getTime() / 1000),
          amount_due: invoice.amountDue,
          currency: invoice.currency,
          status: invoice.status,
          hosted_invoice_url: invoiceViewUrl(secret, appUrl, invoice, now()),
        })),
      };
    },

    settle: (userId, state) => settleIfDue(userId, state),
  } satisfies BillingAdapter;

  /** Completes a checkout link: the subscription starts now for a month, with a paid invoice. */
  const completeCheckout = (userId: string, token: string) => {
    const at = now();
    return ledger.apply(userId, async (tx, state) => {
      const link = await consumeBillingSession(tx, token, 'checkout', at);
      if (!link?.plan || link.userId !== userId) throw linkExpired();
      await recordPaidInvoice(tx, userId, link.plan, at, at);
      return {
        type: 'checkout_completed',
        subscription: {
          id: newId(LOCAL_PREFIX),
          customerId: state.customerId ?? newId('cus_local_'),
          priceId: `price_local_${link.plan}`,
          plan: link.plan,
          status: 'active',
          currentPeriodEnd: addMonths(at, 1),
          cancelAtPeriodEnd: false,
        },
      };
    });
  };

  const cancelCheckout = async (token: string) => {
    await consumeBillingSession(db, token, 'checkout', now());
  };

  /** One change from the portal page; the link is used up by it. */
  const portalAction = (
    userId: string,
    token: string,
    action: { kind: 'switch'; plan: TPaidPlanKey } | { kind: 'cancel' } | { kind: 'resume' },
  ) => {
    const at = now();
    return ledger.apply(userId, async (tx, state) => {
      const link = await consumeBillingSession(tx, token, 'portal', at);
      if (!link || link.userId !== userId) throw linkExpired();
      if (!hasLiveSubscription(state)) return null;
      if (action.kind === 'switch') {
        await recordProrationInvoice(tx, userId, state, action.plan, at);
        return {
          type: 'subscription_updated',
          subscription: snapshot(state, { plan: action.plan, cancelAtPeriodEnd: false }),
        };
      }
      return {
        type: 'subscription_updated',
        subscription: snapshot(state, { cancelAtPeriodEnd: action.kind === 'cancel' }),
      };
    });
  };

  /**
   * Settles a local subscription whose period has passed, lazily, when it is next read: one
   * that was cancelled ends (the plan becomes free); any other renews with a paid invoice per
   * elapsed month, as Stripe would have charged. Re-checked under the row lock, so concurrent
   * readers settle it once.
   */
  const settleIfDue = async (userId: string, state: SubscriptionState) => {
    const at = now();
    if (!isDue(state, at)) return false;
    const result = await ledger.apply(userId, async (tx, locked) => {
      if (!isDue(locked, at)) return null;
      if (locked.cancelAtPeriodEnd) {
        return { type: 'subscription_deleted', subscriptionId: locked.subscriptionId! };
      }
      const plan = locked.plan as TPaidPlanKey;
      let periodEnd = locked.currentPeriodEnd!;
      while (periodEnd <= at) {
        await recordPaidInvoice(tx, userId, plan, periodEnd, periodEnd);
        periodEnd = addMonths(periodEnd, 1);
      }
      return {
        type: 'invoice_paid',
        subscription: snapshot(locked, { status: 'active', currentPeriodEnd: periodEnd }),
      };
    });
    return result.outcome === 'applied';
  };

  return { ...adapter, completeCheckout, cancelCheckout, portalAction, settleIfDue };
};

export type LocalBilling = ReturnType<typeof createLocalBilling>;

export const linkExpired = () =>
  new AppError('link_expired', 'This test checkout link has expired or was already used.');
