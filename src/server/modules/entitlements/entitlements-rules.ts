import type { TEntitlements } from '#contract/entitlements';
import type { TPlanKey } from '#contract/plans';
import { PLANS } from '#contract/plans';

/** Subscription states in which a paid plan may generate. A paid plan without a status is active. */
const GOOD_STANDING = new Set(['active', 'trialing']);
const PAYMENT_TROUBLE = new Set(['past_due', 'unpaid', 'incomplete', 'incomplete_expired']);

/** A span of time quota is counted in: the billing period or the calendar month. */
export type Period = { start: Date; end: Date };

export type EntitlementInputs = {
  plan: TPlanKey;
  subscriptionStatus: string | null;
  productCount: number;
  used: number;
  period: Period;
};

/**
 * docs/product/billing.md rule 2: the rules, as a pure function so every plan × status × usage case
 * is testable.
 */
export const computeEntitlements = (input: EntitlementInputs): TEntitlements => {
  const plan = PLANS[input.plan];
  const isPaid = plan.key !== 'free';
  const status = input.subscriptionStatus ?? (isPaid ? 'active' : null);
  const limit = plan.quota;
  const used = Math.max(0, input.used);
  const remainingQuota = limit === null ? 0 : Math.max(0, limit - used);

  let reason: TEntitlements['reason'] = null;
  if (!isPaid) reason = 'no_plan';
  else if (status && PAYMENT_TROUBLE.has(status)) reason = 'payment_issue';
  else if (!status || !GOOD_STANDING.has(status)) reason = 'no_plan';
  else if (remainingQuota <= 0) reason = 'limit';

  return {
    canAccessApp: input.productCount > 0 || isPaid,
    canGenerate: reason === null,
    reason,
    plan: plan.key,
    limit,
    remainingQuota,
    used,
    periodStart: input.period.start.toISOString(),
    periodEnd: input.period.end.toISOString(),
  };
};

const addMonths = (d: Date, months: number) => {
  const r = new Date(d);
  r.setUTCMonth(r.getUTCMonth() + months);
  return r;
};

/**
 * The period counted against the quota: the subscription's billing period when it has one,
 * otherwise the calendar month (UTC).
 */
export const currentPeriod = (currentPeriodEnd: Date | null, now = new Date()): Period => {
  if (currentPeriodEnd && currentPeriodEnd > now) {
    return { start: addMonths(currentPeriodEnd, -1), end: currentPeriodEnd };
  }
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  return { start, end: addMonths(start, 1) };
};
