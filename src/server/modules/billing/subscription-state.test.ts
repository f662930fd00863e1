import { describe, expect, it } from 'vitest';
import type { SubscriptionSnapshot, SubscriptionState } from './subscription-state';
import { canChangePlan, hasLiveSubscription, transition } from './subscription-state';

const free: SubscriptionState = {
  plan: 'free',
  status: null,
  customerId: null,
  subscriptionId: null,
  priceId: null,
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
};
const end = new Date('2026-12-21T00:00:00Z');
const snap = (changes: Partial<SubscriptionSnapshot> = {}): SubscriptionSnapshot => ({
  id: 'sub_1',
  customerId: 'cus_1',
  priceId: 'price_plus',
  plan: 'plus',
  status: 'active',
  currentPeriodEnd: end,
  cancelAtPeriodEnd: false,
  ...changes,
});
const subscribed = transition(free, { type: 'checkout_completed', subscription: snap() }).state;

describe('transition', () => {
  it('a completed checkout starts the subscription', () => {
    expect(subscribed).toEqual({
      plan: 'plus',
      status: 'active',
      customerId: 'cus_1',
      subscriptionId: 'sub_1',
      priceId: 'price_plus',
      currentPeriodEnd: end,
      cancelAtPeriodEnd: false,
    });
    expect(hasLiveSubscription(subscribed)).toBe(true);
    expect(canChangePlan(subscribed)).toBe(true);
  });

  it('updates follow the current subscription: plan change, cancel at period end, past due', () => {
    const pro = transition(subscribed, {
      type: 'subscription_updated',
      subscription: snap({ plan: 'pro', priceId: 'price_pro' }),
    });
    expect(pro).toMatchObject({ applied: true, state: { plan: 'pro', priceId: 'price_pro' } });
    const cancelling = transition(pro.state, {
      type: 'subscription_updated',
      subscription: snap({ plan: 'pro', cancelAtPeriodEnd: true }),
    });
    expect(cancelling.state).toMatchObject({
      plan: 'pro',
      status: 'active',
      cancelAtPeriodEnd: true,
    });
    const failed = transition(cancelling.state, {
      type: 'invoice_payment_failed',
      subscription: snap({ plan: 'pro', status: 'past_due' }),
    });
    expect(failed.state).toMatchObject({ plan: 'pro', status: 'past_due' });
    const paid = transition(failed.state, {
      type: 'invoice_paid',
      subscription: snap({
        plan: 'pro',
        status: 'active',
        currentPeriodEnd: new Date('2027-01-21'),
      }),
    });
    expect(paid.state).toMatchObject({
      status: 'active',
      currentPeriodEnd: new Date('2027-01-21'),
    });
  });

  it('an unknown price keeps the plan', () => {
    const next = transition(subscribed, {
      type: 'subscription_updated',
      subscription: snap({ plan: null, priceId: 'price_legacy' }),
    });
    expect(next.state).toMatchObject({ plan: 'plus', priceId: 'price_legacy' });
  });

  it('deletion ends the plan; later news of that subscription cannot revive it', () => {
    const ended = transition(subscribed, { type: 'subscription_deleted', subscriptionId: 'sub_1' });
    expect(ended).toMatchObject({
      applied: true,
      state: { plan: 'free', status: 'canceled', subscriptionId: 'sub_1', currentPeriodEnd: null },
    });
    expect(hasLiveSubscription(ended.state)).toBe(false);
    const late = transition(ended.state, { type: 'subscription_updated', subscription: snap() });
    expect(late).toMatchObject({ applied: false, state: ended.state });
    const again = transition(ended.state, {
      type: 'checkout_completed',
      subscription: snap({ id: 'sub_2', plan: 'basic' }),
    });
    expect(again.state).toMatchObject({ plan: 'basic', subscriptionId: 'sub_2', status: 'active' });
  });

  it('a canceled status in an update ends the plan like a deletion', () => {
    const next = transition(subscribed, {
      type: 'subscription_updated',
      subscription: snap({ status: 'canceled' }),
    });
    expect(next.state).toMatchObject({ plan: 'free', status: 'canceled' });
  });

  it('ignores another subscription while one is live, and a deletion of another one', () => {
    const stray = transition(subscribed, {
      type: 'subscription_updated',
      subscription: snap({ id: 'sub_old', plan: 'basic' }),
    });
    expect(stray).toMatchObject({ applied: false, state: subscribed });
    const deleted = transition(subscribed, {
      type: 'subscription_deleted',
      subscriptionId: 'sub_old',
    });
    expect(deleted).toMatchObject({ applied: false, state: subscribed });
  });

  it('free users have no plan to change', () => {
    expect(canChangePlan(free)).toBe(false);
    expect(canChangePlan({ ...subscribed, status: 'incomplete' })).toBe(false);
  });
});
