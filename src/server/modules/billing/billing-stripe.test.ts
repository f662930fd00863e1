import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeStripeServer } from '../../testing/fakes/fake-stripe-server';
import { startFakeStripeServer } from '../../testing/fakes/fake-stripe-server';
import { ConfigError, loadConfig } from '../../config';
import { billingEvents, users } from '../../db/schema';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';

const WEBHOOK_SECRET = 'whsec_test_hookreel';
const PRICES = { basic: 'price_basic_test', plus: 'price_plus_test', pro: 'price_pro_test' };
const signer = new Stripe('sk_test_signer');

type User = Awaited<ReturnType<TestApp['createUser']>>;

describe('billing with Stripe (real client, fake Stripe API)', () => {
  let t: TestApp;
  let fake: FakeStripeServer;

  beforeAll(async () => {
    fake = await startFakeStripeServer({
      prices: { [PRICES.basic]: 1500, [PRICES.plus]: 3900, [PRICES.pro]: 7900 },
    });
    const config = loadConfig({
      STRIPE_SECRET_KEY: 'sk_test_hookreel',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICE_BASIC: PRICES.basic,
      STRIPE_PRICE_PLUS: PRICES.plus,
      STRIPE_PRICE_PRO: PRICES.pro,
      STRIPE_API_BASE: fake.url,
      STRIPE_TRIAL_DAYS: '7',
    });
    t = await createTestApp({ billing: config.billing });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const api = (user: User, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
  const row = async (userId: string) =>
    (await t.db.db.select().from(users).where(eq(users.id, userId)))[0]!;

  const webhook = (
    type: string,
    object: object,
    { id = `evt_${randomUUID()}`, secret = WEBHOOK_SECRET } = {},
  ) => {
    const payload = JSON.stringify({
      id,
      object: 'event',
      api_version: '2026-10-28.endive',
      created: Math.floor(Date.now() / 1000),
      type,
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    });
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret });
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/billing/webhook',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signature,
        },
        payload,
      });
    return { id, send };
  };

  /** A free user who bought `plan` through Checkout, as Stripe reports it. */
  const subscribe = async (plan: 'basic' | 'plus' | 'pro' = 'plus') => {
    const u = await t.createUser();
    const res = await api(u, 'POST', '/api/billing/create-checkout-session', { plan });
    expect(res.statusCode).toBe(200);
    const sessionId = res.json().url.split('/').pop() as string;
    const { session, subscription } = fake.completeCheckout(sessionId);
    const delivered = await webhook('checkout.session.completed', session).send();
    expect(delivered.statusCode).toBe(200);
    return { u, subscription };
  };

  it('is picked by configuration and logs it', () => {
    expect(t.adapterLines.some((l) => l.startsWith('billing: stripe'))).toBe(true);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(ConfigError);
    expect(loadConfig({}).billing).toEqual({ kind: 'local' });
  });

  it('checkout creates the customer once, with the plan price and the trial', async () => {
    const u = await t.createUser('stripe-buyer@example.com');
    const res = await api(u, 'POST', '/api/billing/create-checkout-session', { plan: 'plus' });
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const customerId = (await row(u.userId)).stripeCustomerId!;
    expect(fake.customers.get(customerId)).toMatchObject({
      email: 'stripe-buyer@example.com',
      metadata: { userId: u.userId },
    });
    const created = fake.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;
    expect(created.body).toMatchObject({
      mode: 'subscription',
      customer: customerId,
      client_reference_id: u.userId,
      line_items: [{ price: PRICES.plus, quantity: '1' }],
      subscription_data: { trial_period_days: '7', metadata: { userId: u.userId } },
      success_url: 'http://localhost:3999/settings?billing=success',
      cancel_url: 'http://localhost:3999/pricing',
    });

    const customersBefore = fake.customers.size;
    await api(u, 'POST', '/api/billing/create-checkout-session', { plan: 'basic', trial: false });
    expect(fake.customers.size).toBe(customersBefore);
    const noTrial = fake.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;
    expect(noTrial.body).toMatchObject({ line_items: [{ price: PRICES.basic }] });
    expect(
      (noTrial.body.subscription_data as Record<string, unknown>).trial_period_days,
    ).toBeUndefined();
  });

  it('checkout.session.completed starts the subscription; a replay is a no-op', async () => {
    const u = await t.createUser();
    const res = await api(u, 'POST', '/api/billing/create-checkout-session', {
      plan: 'plus',
      trial: false,
    });
    const { session, subscription } = fake.completeCheckout(res.json().url.split('/').pop());
    const event = webhook('checkout.session.completed', session);
    const first = await event.send();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true });
    const periodEnd = (subscription.items as { data: { current_period_end: number }[] }).data[0]!
      .current_period_end;
    const after = await row(u.userId);
    expect(after).toMatchObject({
      plan: 'plus',
      subscriptionStatus: 'active',
      stripeSubscriptionId: subscription.id,
      stripePriceId: PRICES.plus,
      cancelAtPeriodEnd: false,
    });
    expect(after.currentPeriodEnd!.getTime()).toBe(periodEnd * 1000);

    // Stripe's side moves on; redelivering the old event must not touch the user.
    fake.setSubscription(subscription.id, { status: 'past_due' });
    const replay = await event.send();
    expect(replay.statusCode).toBe(200);
    expect(await row(u.userId)).toEqual(after);
    const [events] = await t.db.db
      .select({ n: count() })
      .from(billingEvents)
      .where(eq(billingEvents.id, event.id));
    expect(events?.n).toBe(1);
    fake.setSubscription(subscription.id, { status: 'active' });

    const e = await api(u, 'GET', '/api/entitlements');
    expect(e.json()).toMatchObject({ plan: 'plus', canGenerate: true, limit: 50 });
  });

  it('rejects a wrong signature with 400 invalid_signature and changes nothing', async () => {
    const { u, subscription } = await subscribe();
    const before = await row(u.userId);
    fake.setSubscription(subscription.id, { cancel_at_period_end: true });
    const forged = webhook('customer.subscription.updated', subscription, {
      id: 'evt_forged',
      secret: 'whsec_wrong',
    });
    const res = await forged.send();
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_signature' });
    expect(await row(u.userId)).toEqual(before);

    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ id: 'evt_x', type: 'invoice.paid' }),
    });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json().code).toBe('invalid_signature');

    // The same event id, properly signed, is still processed: a forgery never burns an id.
    const genuine = webhook('customer.subscription.updated', subscription, { id: 'evt_forged' });
    expect((await genuine.send()).statusCode).toBe(200);
    expect(await row(u.userId)).toMatchObject({ plan: 'plus', cancelAtPeriodEnd: true });
    const e = await api(u, 'GET', '/api/entitlements');
    expect(e.json()).toMatchObject({ plan: 'plus', canGenerate: true, cancelAtPeriodEnd: true });
  });

  it('follows invoice.payment_failed, invoice.paid and customer.subscription.deleted', async () => {
    const { u, subscription } = await subscribe('basic');
    const invoice = {
      id: 'in_renewal',
      object: 'invoice',
      customer: subscription.customer,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { metadata: {}, subscription: subscription.id },
      },
    };

    fake.setSubscription(subscription.id, { status: 'past_due' });
    expect((await webhook('invoice.payment_failed', invoice).send()).statusCode).toBe(200);
    expect((await row(u.userId)).subscriptionStatus).toBe('past_due');
    expect((await api(u, 'GET', '/api/entitlements')).json()).toMatchObject({
      canGenerate: false,
      reason: 'payment_issue',
      subscriptionStatus: 'past_due',
    });

    const item = (subscription.items as { data: Record<string, unknown>[] }).data[0]!;
    const renewedEnd = Math.floor(Date.now() / 1000) + 60 * 86_400;
    item.current_period_end = renewedEnd;
    fake.setSubscription(subscription.id, { status: 'active' });
    expect((await webhook('invoice.paid', invoice).send()).statusCode).toBe(200);
    const renewed = await row(u.userId);
    expect(renewed).toMatchObject({ plan: 'basic', subscriptionStatus: 'active' });
    expect(renewed.currentPeriodEnd!.getTime()).toBe(renewedEnd * 1000);

    fake.setSubscription(subscription.id, { status: 'canceled' });
    const deleted = webhook(
      'customer.subscription.deleted',
      fake.subscriptions.get(subscription.id)!,
    );
    expect((await deleted.send()).statusCode).toBe(200);
    expect(await row(u.userId)).toMatchObject({
      plan: 'free',
      subscriptionStatus: 'canceled',
      currentPeriodEnd: null,
    });
    // A late update of the ended subscription does not bring the plan back.
    fake.setSubscription(subscription.id, { status: 'active' });
    await webhook('customer.subscription.updated', subscription).send();
    expect((await row(u.userId)).plan).toBe('free');
  });

  it('finds the user by customer id when the event carries no metadata', async () => {
    const { u, subscription } = await subscribe('basic');
    fake.setSubscription(subscription.id, { metadata: {}, cancel_at_period_end: true });
    await webhook('customer.subscription.updated', { ...subscription, metadata: {} }).send();
    expect((await row(u.userId)).cancelAtPeriodEnd).toBe(true);
  });

  it('answers 200 to events it does not act on, and to customers it does not know', async () => {
    expect(
      (await webhook('customer.created', { id: 'cus_x', object: 'customer' }).send()).statusCode,
    ).toBe(200);
    const stranger = await webhook('customer.subscription.deleted', {
      id: 'sub_unknown',
      object: 'subscription',
      customer: 'cus_unknown',
      metadata: {},
    }).send();
    expect(stranger.statusCode).toBe(200);
  });

  it('update-subscription changes the price in place with proration; 409 without a subscription', async () => {
    const free = await t.createUser();
    const none = await api(free, 'POST', '/api/billing/update-subscription', { plan: 'pro' });
    expect(none.statusCode).toBe(409);
    expect(none.json().code).toBe('no_subscription');

    const { u, subscription } = await subscribe('plus');
    const res = await api(u, 'POST', '/api/billing/update-subscription', { plan: 'pro' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ plan: 'pro' });
    const update = fake.requests
      .filter((r) => r.path === `/v1/subscriptions/${subscription.id}` && r.method === 'POST')
      .at(-1)!;
    expect(update.body).toMatchObject({
      items: [{ id: expect.stringMatching(/^si_/), price: PRICES.pro }],
      proration_behavior: 'always_invoice',
      payment_behavior: 'error_if_incomplete',
    });
    expect(await row(u.userId)).toMatchObject({ plan: 'pro', stripePriceId: PRICES.pro });
    expect((await api(u, 'GET', '/api/entitlements')).json()).toMatchObject({ limit: 150 });

    // A checkout while subscribed would bill twice.
    const checkout = await api(u, 'POST', '/api/billing/create-checkout-session', {
      plan: 'basic',
    });
    expect(checkout.statusCode).toBe(409);
    expect(checkout.json().code).toBe('already_subscribed');

    fake.declineNextUpdate();
    const declined = await api(u, 'POST', '/api/billing/update-subscription', { plan: 'basic' });
    expect(declined.statusCode).toBe(400);
    expect(declined.json()).toMatchObject({
      code: 'payment_failed',
      error: 'Your card was declined.',
    });
    expect((await row(u.userId)).plan).toBe('pro');
  });

  it('summary reads the next charge, card and invoices from Stripe; portal opens Stripe', async () => {
    const { u } = await subscribe('plus');
    const res = await api(u, 'GET', '/api/billing/summary');
    expect(res.statusCode).toBe(200);
    const user = await row(u.userId);
    expect(res.json()).toMatchObject({
      current_period_end: user.currentPeriodEnd!.toISOString(),
      amount: 3900,
      currency: 'usd',
      payment_method: { brand: 'visa', last4: '4242' },
      cancel_at_period_end: false,
      test_mode: false,
      invoices: [
        {
          id: expect.stringMatching(/^in_/),
          amount_due: 3900,
          currency: 'usd',
          status: 'paid',
          hosted_invoice_url: expect.stringMatching(/^https:\/\/invoice\.stripe\.com\//),
        },
      ],
    });

    const portal = await api(u, 'POST', '/api/billing/create-portal-session');
    expect(portal.statusCode).toBe(200);
    expect(portal.json().url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\//);
    expect(fake.requests.at(-1)).toMatchObject({
      path: '/v1/billing_portal/sessions',
      body: {
        customer: user.stripeCustomerId,
        return_url: 'http://localhost:3999/settings?tab=billing',
      },
    });

    const free = await t.createUser();
    expect((await api(free, 'GET', '/api/billing/summary')).json()).toMatchObject({
      amount: null,
      invoices: [],
      test_mode: false,
    });
    expect((await api(free, 'POST', '/api/billing/create-portal-session')).statusCode).toBe(409);
  });

  it('has no local checkout pages', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/billing/checkout/anything' });
    expect(res.statusCode).toBe(404);
  });
});
