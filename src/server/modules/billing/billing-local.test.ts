import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANS } from '#contract/plans';
import { billingInvoices, billingSessions, users } from '../../db/schema';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';

type User = Awaited<ReturnType<TestApp['createUser']>>;

describe('billing with the local test checkout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  // The browser's cookie jar: the API call that makes a link sets the cookie that binds it.
  let jar = '';
  const api = async (user: User, method: 'GET' | 'POST', url: string, payload?: object) => {
    const res = await t.app.inject({
      method,
      url,
      headers: user.headers,
      ...(payload ? { payload } : {}),
    });
    const cookie = res.headers['set-cookie'];
    if (typeof cookie === 'string') jar = cookie.split(';')[0] ?? '';
    return res;
  };
  const pathOf = (url: string) => new URL(url).pathname;
  const browse = (url: string, cookie = jar) =>
    t.app.inject({ method: 'GET', url, headers: { cookie } });
  const form = (url: string, body = '', cookie = jar) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      payload: body,
    });
  const row = async (userId: string) =>
    (await t.db.db.select().from(users).where(eq(users.id, userId)))[0]!;

  const buy = async (user: User, plan: 'basic' | 'plus' | 'pro') => {
    const res = await api(user, 'POST', '/api/billing/create-checkout-session', { plan });
    expect(res.statusCode).toBe(200);
    const page = pathOf(res.json().url);
    const done = await form(`${page}/complete`);
    expect(done.statusCode).toBe(303);
    return page;
  };

  it('says which billing runs', () => {
    expect(t.adapterLines).toContain(
      'billing: local test checkout (no real payments) at http://localhost:3999/billing/checkout/…',
    );
  });

  it('buys a plan through the test checkout page', async () => {
    const u = await t.createUser();
    const update = await api(u, 'POST', '/api/billing/update-subscription', { plan: 'plus' });
    expect(update.statusCode).toBe(409);
    expect(update.json().code).toBe('no_subscription');

    const res = await api(u, 'POST', '/api/billing/create-checkout-session', { plan: 'plus' });
    expect(res.statusCode).toBe(200);
    const url: string = res.json().url;
    expect(url).toMatch(/^http:\/\/localhost:3999\/billing\/checkout\/[\w-]{43}$/);

    const page = await browse(pathOf(url));
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(String(page.headers['content-security-policy'])).toContain("default-src 'self'");
    expect(page.body).toContain('Test mode — no real payment');
    expect(page.body).toContain('Plus Plan');
    expect(page.body).toContain('$39/month');
    expect(page.body).toContain('Complete test purchase');
    expect(page.body).toContain('Cancel');
    expect(page.body).not.toContain('<script');

    const done = await form(`${pathOf(url)}/complete`);
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe('/settings?billing=success');

    const user = await row(u.userId);
    expect(user).toMatchObject({
      plan: 'plus',
      subscriptionStatus: 'active',
      cancelAtPeriodEnd: false,
    });
    expect(user.stripeSubscriptionId).toMatch(/^sub_local_/);
    const days = (user.currentPeriodEnd!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);

    const e = await api(u, 'GET', '/api/entitlements');
    expect(e.json()).toMatchObject({
      plan: 'plus',
      canAccessApp: true,
      canGenerate: true,
      limit: 50,
      remainingQuota: 50,
      cancelAtPeriodEnd: false,
      periodEnd: user.currentPeriodEnd!.toISOString(),
    });

    const summary = await api(u, 'GET', '/api/billing/summary');
    expect(summary.statusCode).toBe(200);
    expect(summary.json()).toMatchObject({
      current_period_end: user.currentPeriodEnd!.toISOString(),
      amount: 3900,
      currency: 'usd',
      payment_method: { brand: 'visa', last4: '4242' },
      cancel_at_period_end: false,
      test_mode: true,
      invoices: [
        {
          amount_due: 3900,
          currency: 'usd',
          status: 'paid',
          hosted_invoice_url: expect.stringMatching(
            /^http:\/\/localhost:3999\/billing\/invoice\/in_local_\w+\?expires=\d+&sig=[\w-]+$/,
          ),
        },
      ],
    });

    // The link is single-use: a second submit changes nothing.
    const again = await form(`${pathOf(url)}/complete`);
    expect(again.statusCode).toBe(410);
    expect((await browse(pathOf(url))).statusCode).toBe(410);
    const [invoices] = await t.db.db
      .select({ n: count() })
      .from(billingInvoices)
      .where(eq(billingInvoices.userId, u.userId));
    expect(invoices?.n).toBe(1);

    // A subscriber changes plan in place instead of buying twice.
    const second = await api(u, 'POST', '/api/billing/create-checkout-session', { plan: 'pro' });
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('already_subscribed');
    const up = await api(u, 'POST', '/api/billing/update-subscription', { plan: 'pro' });
    expect(up.statusCode).toBe(200);
    expect(up.json()).toEqual({ plan: 'pro' });
    expect(await row(u.userId)).toMatchObject({ plan: 'pro', subscriptionStatus: 'active' });
    expect((await api(u, 'GET', '/api/entitlements')).json()).toMatchObject({ limit: 150 });
  });

  it('shows an invoice on its View page only through the owner’s link (decision 030)', async () => {
    const u = await t.createUser();
    await buy(u, 'basic');
    const summary = (await api(u, 'GET', '/api/billing/summary')).json();
    const view = new URL(summary.invoices[0].hosted_invoice_url as string);
    const page = await t.app.inject({ method: 'GET', url: view.pathname + view.search });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(summary.invoices[0].id);
    expect(page.body).toContain('Basic Plan');
    expect(page.body).toContain('15.00 USD');
    expect(page.body).toContain('paid');
    expect(page.body).toContain(u.email);
    expect(page.body).not.toContain('<script');

    // No signature, someone else's signature, or a changed expiry: not found.
    const other = await t.createUser();
    await buy(other, 'basic');
    const theirs = new URL(
      (await api(other, 'GET', '/api/billing/summary')).json().invoices[0].hosted_invoice_url,
    );
    const mixed = `${view.pathname}?${theirs.searchParams.toString()}`;
    for (const url of [
      view.pathname,
      mixed,
      view.pathname + view.search.replace(/expires=\d+/, 'expires=9999999999'),
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });

  it('a plan change records its proration invoice; a cheaper plan one of 0', async () => {
    const u = await t.createUser();
    await buy(u, 'basic');
    expect(
      (await api(u, 'POST', '/api/billing/update-subscription', { plan: 'pro' })).statusCode,
    ).toBe(200);
    const up = (await api(u, 'GET', '/api/billing/summary')).json().invoices;
    expect(up).toHaveLength(2);
    // Basic → Pro with nearly the whole month left: nearly the whole difference.
    const difference = PLANS.pro.priceCents! - PLANS.basic.priceCents!;
    expect(up[0].amount_due).toBeGreaterThan(difference * 0.95);
    expect(up[0].amount_due).toBeLessThanOrEqual(difference);
    expect(
      (await api(u, 'POST', '/api/billing/update-subscription', { plan: 'plus' })).statusCode,
    ).toBe(200);
    const down = (await api(u, 'GET', '/api/billing/summary')).json().invoices;
    expect(down).toHaveLength(3);
    expect(down.map((i: { amount_due: number }) => i.amount_due)).toContain(0);
    // Asking for the plan one already has changes nothing and bills nothing.
    await api(u, 'POST', '/api/billing/update-subscription', { plan: 'plus' });
    expect((await api(u, 'GET', '/api/billing/summary')).json().invoices).toHaveLength(3);
  });

  it('cancel leaves the plan as it was and goes back to /pricing', async () => {
    const u = await t.createUser();
    const res = await api(u, 'POST', '/api/billing/create-checkout-session', {
      plan: 'basic',
      trial: false,
    });
    const page = pathOf(res.json().url);
    const cancelled = await form(`${page}/cancel`);
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toBe('/pricing');
    expect((await form(`${page}/complete`)).statusCode).toBe(410);
    expect(await row(u.userId)).toMatchObject({ plan: 'free', subscriptionStatus: null });
  });

  it('expires checkout links after an hour and rejects made-up ones', async () => {
    const u = await t.createUser();
    const res = await api(u, 'POST', '/api/billing/create-checkout-session', { plan: 'basic' });
    const page = pathOf(res.json().url);
    await t.db.db
      .update(billingSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(billingSessions.userId, u.userId));
    expect((await browse(page)).statusCode).toBe(410);
    expect((await form(`${page}/complete`)).statusCode).toBe(410);
    expect((await form('/billing/checkout/not-a-real-token/complete')).statusCode).toBe(410);
    expect((await row(u.userId)).plan).toBe('free');
  });

  it('completes once when the same link is submitted twice at the same time', async () => {
    const u = await t.createUser();
    const res = await api(u, 'POST', '/api/billing/create-checkout-session', { plan: 'basic' });
    const page = pathOf(res.json().url);
    const results = await Promise.all([form(`${page}/complete`), form(`${page}/complete`)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([303, 410]);
    const [invoices] = await t.db.db
      .select({ n: count() })
      .from(billingInvoices)
      .where(eq(billingInvoices.userId, u.userId));
    expect(invoices?.n).toBe(1);
  });

  it('a checkout or portal link works only in the browser of the user who asked for it', async () => {
    const owner = await t.createUser();
    const res = await api(owner, 'POST', '/api/billing/create-checkout-session', { plan: 'pro' });
    const ownerCookie = jar;
    expect(ownerCookie).toMatch(/^hookreel_billing_link=/);
    expect(res.headers['set-cookie']).toMatch(
      /Path=\/billing; Max-Age=3600; HttpOnly; SameSite=Lax/,
    );
    const page = pathOf(res.json().url);

    // Someone else signed in, with the link but their own browser: refused, nothing changes.
    const stranger = await t.createUser();
    await api(stranger, 'POST', '/api/billing/create-checkout-session', { plan: 'basic' });
    for (const cookie of [jar, '']) {
      const seen = await browse(page, cookie);
      expect(seen.statusCode).toBe(403);
      expect(seen.body).toContain('This link belongs to another session');
      expect((await form(`${page}/complete`, '', cookie)).statusCode).toBe(403);
      expect((await form(`${page}/cancel`, '', cookie)).statusCode).toBe(403);
    }
    expect((await row(owner.userId)).plan).toBe('free');
    expect((await row(stranger.userId)).plan).toBe('free');

    // The owner's browser still completes it; then a stranger cannot touch the portal either.
    expect((await form(`${page}/complete`, '', ownerCookie)).statusCode).toBe(303);
    expect((await row(owner.userId)).plan).toBe('pro');
    const portal = pathOf(
      (await api(owner, 'POST', '/api/billing/create-portal-session')).json().url,
    );
    const portalCookie = jar;
    await api(stranger, 'POST', '/api/billing/create-checkout-session', { plan: 'plus' });
    expect((await form(portal, 'action=switch&plan=basic', jar)).statusCode).toBe(403);
    expect((await form(portal, 'action=cancel', '')).statusCode).toBe(403);
    expect(await row(owner.userId)).toMatchObject({ plan: 'pro', cancelAtPeriodEnd: false });
    expect((await form(portal, 'action=cancel', portalCookie)).statusCode).toBe(303);
  });

  it('needs a session for every API route', async () => {
    for (const [method, url] of [
      ['POST', '/api/billing/create-checkout-session'],
      ['POST', '/api/billing/create-portal-session'],
      ['POST', '/api/billing/update-subscription'],
      ['GET', '/api/billing/summary'],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: { plan: 'basic' } });
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('summary of a free user is empty; no portal without a subscription', async () => {
    const u = await t.createUser();
    expect((await api(u, 'GET', '/api/billing/summary')).json()).toEqual({
      current_period_end: null,
      amount: null,
      currency: null,
      payment_method: null,
      cancel_at_period_end: false,
      test_mode: true,
      invoices: [],
    });
    const portal = await api(u, 'POST', '/api/billing/create-portal-session');
    expect(portal.statusCode).toBe(409);
    expect(portal.json().code).toBe('no_subscription');
  });

  it('the portal switches plan, cancels at period end and resumes', async () => {
    const u = await t.createUser();
    await buy(u, 'basic');
    const open = async () => {
      const res = await api(u, 'POST', '/api/billing/create-portal-session');
      expect(res.statusCode).toBe(200);
      expect(res.json().url).toMatch(/^http:\/\/localhost:3999\/billing\/portal\/[\w-]{43}$/);
      return pathOf(res.json().url);
    };

    let portal = await open();
    const page = await browse(portal);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Test mode — no real payment');
    expect(page.body).toContain('Basic Plan');
    expect(page.body).toContain('Switch to Plus');
    expect(page.body).toContain('Switch to Pro');
    expect(page.body).not.toContain('Switch to Basic');
    expect(page.body).toContain('Cancel at period end');
    expect(page.body).not.toContain('<script');

    const switched = await form(portal, 'action=switch&plan=plus');
    expect(switched.statusCode).toBe(303);
    expect(switched.headers.location).toBe('/settings?tab=billing');
    expect((await row(u.userId)).plan).toBe('plus');
    // One change per link.
    expect((await form(portal, 'action=cancel')).statusCode).toBe(410);

    portal = await open();
    expect((await form(portal, 'action=cancel')).statusCode).toBe(303);
    expect(await row(u.userId)).toMatchObject({
      plan: 'plus',
      subscriptionStatus: 'active',
      cancelAtPeriodEnd: true,
    });
    expect((await api(u, 'GET', '/api/entitlements')).json()).toMatchObject({
      plan: 'plus',
      canGenerate: true,
      cancelAtPeriodEnd: true,
    });
    const summary = (await api(u, 'GET', '/api/billing/summary')).json();
    expect(summary).toMatchObject({ cancel_at_period_end: true, amount: null });

    portal = await open();
    const cancelledPage = await browse(portal);
    expect(cancelledPage.body).toContain('Resume');
    expect((await form(portal, 'action=resume')).statusCode).toBe(303);
    expect((await row(u.userId)).cancelAtPeriodEnd).toBe(false);

    portal = await open();
    expect((await form(portal, 'action=bogus')).statusCode).toBe(400);
  });

  it('a cancelled subscription stays active until the period end, then becomes free', async () => {
    const u = await t.createUser();
    await buy(u, 'plus');
    const portal = pathOf((await api(u, 'POST', '/api/billing/create-portal-session')).json().url);
    await form(portal, 'action=cancel');
    expect((await api(u, 'GET', '/api/entitlements')).json()).toMatchObject({ plan: 'plus' });

    await t.db.db
      .update(users)
      .set({ currentPeriodEnd: new Date(Date.now() - 1000) })
      .where(eq(users.id, u.userId));
    expect((await api(u, 'GET', '/api/entitlements')).json()).toMatchObject({
      plan: 'free',
      canGenerate: false,
      reason: 'no_plan',
      subscriptionStatus: 'canceled',
      cancelAtPeriodEnd: false,
    });
    expect(await row(u.userId)).toMatchObject({
      plan: 'free',
      subscriptionStatus: 'canceled',
      currentPeriodEnd: null,
    });
    // Free again: buying is a checkout, not an in-place change.
    const update = await api(u, 'POST', '/api/billing/update-subscription', { plan: 'basic' });
    expect(update.statusCode).toBe(409);
    await buy(u, 'basic');
    expect(await row(u.userId)).toMatchObject({ plan: 'basic', subscriptionStatus: 'active' });
  });

  it('a subscription that is not cancelled renews with a paid invoice when its period passes', async () => {
    const u = await t.createUser();
    await buy(u, 'basic');
    const lapsed = new Date(Date.now() - 60_000);
    await t.db.db.update(users).set({ currentPeriodEnd: lapsed }).where(eq(users.id, u.userId));
    const summary = (await api(u, 'GET', '/api/billing/summary')).json();
    expect(summary.invoices).toHaveLength(2);
    const user = await row(u.userId);
    expect(user).toMatchObject({ plan: 'basic', subscriptionStatus: 'active' });
    expect(user.currentPeriodEnd!.getTime()).toBeGreaterThan(Date.now() + 27 * 86_400_000);
    expect(summary.current_period_end).toBe(user.currentPeriodEnd!.toISOString());
  });
});
