import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for the Stripe endpoints Hookreel calls, so the real `stripe` client runs against
 * it in tests: customers (create, retrieve), checkout sessions (create), billing portal sessions
 * (create), subscriptions (retrieve, update), invoices (list) and payment methods (retrieve),
 * kept in memory, with Stripe's response shapes (API 2025-03-31 and later: the billing period
 * lives on the subscription item). Helpers act as Stripe itself would: complete a checkout,
 * change a subscription's status.
 */
type Json = Record<string, unknown>;
type Obj = Json & { id: string };

export type FakeStripeServer = {
  /** e.g. http://127.0.0.1:54321, for STRIPE_API_BASE. */
  url: string;
  customers: Map<string, Obj>;
  checkoutSessions: Map<string, Obj>;
  subscriptions: Map<string, Obj>;
  invoices: Obj[];
  paymentMethods: Map<string, Obj>;
  requests: { method: string; path: string; body: Json }[];
  /** Make the next subscription update fail as a declined card does (402 card_error). */
  declineNextUpdate: () => void;
  /** What Stripe does when the customer pays: a subscription, a paid invoice, a card. */
  completeCheckout: (sessionId: string) => { session: Obj; subscription: Obj; invoice: Obj };
  /** Changes a subscription as Stripe would (a failed renewal, a cancellation…). */
  setSubscription: (id: string, changes: Json) => Obj;
  close: () => Promise<void>;
};

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);
const MONTH = 30 * 24 * 60 * 60;

/** Stripe's form encoding: `a[b][0][c]=v` → { a: { b: [{ c: 'v' }] } }. */
export const parseStripeForm = (text: string): Json => {
  const root: Json = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const [head = '', ...rest] = rawKey.split('[');
    const path = [head, ...rest.map((part) => part.replace(/]$/, ''))];
    let node: Record<string, unknown> = root;
    path.forEach((segment, i) => {
      if (i === path.length - 1) {
        node[segment] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(path[i + 1] ?? '');
      node[segment] ??= nextIsIndex ? [] : {};
      node = node[segment] as Record<string, unknown>;
    });
  }
  return root;
};

const readBody = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

const send = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': newId('req') });
  res.end(JSON.stringify(body));
};

const stripeError = (
  res: ServerResponse,
  status: number,
  type: string,
  message: string,
  extra: Json = {},
) => send(res, status, { error: { type, message, ...extra } });

const list = (data: unknown[], url: string) => ({ object: 'list', data, has_more: false, url });

export const startFakeStripeServer = async ({
  prices,
}: {
  /** Price id → monthly amount in cents (USD). */
  prices: Record<string, number>;
}): Promise<FakeStripeServer> => {
  const customers = new Map<string, Obj>();
  const checkoutSessions = new Map<string, Obj>();
  const subscriptions = new Map<string, Obj>();
  const invoices: Obj[] = [];
  const paymentMethods = new Map<string, Obj>();
  const requests: FakeStripeServer['requests'] = [];
  let declineNext = false;

  const priceObject = (id: string) => ({
    id,
    object: 'price',
    active: true,
    currency: 'usd',
    unit_amount: prices[id] ?? 0,
    type: 'recurring',
    recurring: { interval: 'month', interval_count: 1, usage_type: 'licensed' },
    product: `prod_${id}`,
    livemode: false,
  });

  const card = (): Obj => {
    const pm: Obj = {
      id: newId('pm'),
      object: 'payment_method',
      type: 'card',
      card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034, country: 'US' },
      created: nowSeconds(),
      customer: null,
      livemode: false,
    };
    paymentMethods.set(pm.id, pm);
    return pm;
  };

  const invoiceFor = (sub: Obj, status: 'paid' | 'open'): Obj => {
    const items = (sub.items as { data: Json[] }).data;
    const item = items[0] as Json & { price: { unit_amount: number } };
    const invoice: Obj = {
      id: newId('in'),
      object: 'invoice',
      customer: sub.customer,
      amount_due: item.price.unit_amount,
      amount_paid: status === 'paid' ? item.price.unit_amount : 0,
      amount_remaining: status === 'paid' ? 0 : item.price.unit_amount,
      currency: 'usd',
      status,
      created: nowSeconds(),
      hosted_invoice_url: `https://invoice.stripe.com/i/acct_test/${newId('live')}`,
      invoice_pdf: null,
      billing_reason: 'subscription_create',
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { metadata: sub.metadata, subscription: sub.id },
      },
      livemode: false,
    };
    invoices.unshift(invoice);
    return invoice;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fake-stripe');
    const method = req.method ?? 'GET';
    const text = await readBody(req);
    const body = method === 'GET' ? Object.fromEntries(url.searchParams) : parseStripeForm(text);
    requests.push({ method, path: url.pathname, body });
    if (!req.headers.authorization?.startsWith('Bearer sk_')) {
      return stripeError(res, 401, 'invalid_request_error', 'Invalid API Key provided');
    }
    const parts = url.pathname.split('/').filter(Boolean);
    const missing = (what: string, id: string) =>
      stripeError(res, 404, 'invalid_request_error', `No such ${what}: '${id}'`, {
        code: 'resource_missing',
        param: 'id',
      });

    // POST /v1/customers, GET /v1/customers/:id
    if (parts[1] === 'customers') {
      if (method === 'POST' && parts.length === 2) {
        const customer: Obj = {
          id: newId('cus'),
          object: 'customer',
          email: body.email ?? null,
          name: body.name ?? null,
          metadata: body.metadata ?? {},
          invoice_settings: { default_payment_method: null, custom_fields: null, footer: null },
          created: nowSeconds(),
          livemode: false,
        };
        customers.set(customer.id, customer);
        return send(res, 200, customer);
      }
      const customer = customers.get(parts[2] ?? '');
      return customer ? send(res, 200, customer) : missing('customer', parts[2] ?? '');
    }

    // POST /v1/checkout/sessions
    if (parts[1] === 'checkout' && parts[2] === 'sessions' && method === 'POST') {
      const customerId = String(body.customer ?? '');
      if (!customers.has(customerId)) return missing('customer', customerId);
      const lineItems = body.line_items as { price: string; quantity: string }[] | undefined;
      const price = lineItems?.[0]?.price ?? '';
      if (!(price in prices)) return missing('price', price);
      const id = newId('cs_test');
      const session: Obj = {
        id,
        object: 'checkout.session',
        mode: body.mode,
        status: 'open',
        payment_status: 'unpaid',
        customer: customerId,
        client_reference_id: body.client_reference_id ?? null,
        metadata: body.metadata ?? {},
        subscription: null,
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        url: `https://checkout.stripe.com/c/pay/${id}`,
        created: nowSeconds(),
        expires_at: nowSeconds() + 24 * 60 * 60,
        livemode: false,
        // Kept so completeCheckout can build the subscription the way Stripe would.
        _line_items: lineItems,
        _subscription_data: body.subscription_data ?? {},
      };
      checkoutSessions.set(id, session);
      const { _line_items: _l, _subscription_data: _s, ...visible } = session;
      return send(res, 200, visible);
    }

    // POST /v1/billing_portal/sessions
    if (parts[1] === 'billing_portal' && parts[2] === 'sessions' && method === 'POST') {
      const customerId = String(body.customer ?? '');
      if (!customers.has(customerId)) return missing('customer', customerId);
      const id = newId('bps');
      return send(res, 200, {
        id,
        object: 'billing_portal.session',
        customer: customerId,
        return_url: body.return_url ?? null,
        url: `https://billing.stripe.com/p/session/test_${id}`,
        created: nowSeconds(),
        livemode: false,
      });
    }

    // GET /v1/subscriptions/:id, POST /v1/subscriptions/:id
    if (parts[1] === 'subscriptions' && parts[2]) {
      const sub = subscriptions.get(parts[2]);
      if (!sub) return missing('subscription', parts[2]);
      if (method === 'GET') return send(res, 200, sub);
      if (declineNext) {
        declineNext = false;
        return stripeError(res, 402, 'card_error', 'Your card was declined.', {
          code: 'card_declined',
          decline_code: 'generic_decline',
        });
      }
      const items = body.items as { id?: string; price?: string }[] | undefined;
      for (const change of items ?? []) {
        const item = (sub.items as { data: Json[] }).data.find((i) => i.id === change.id);
        if (!item) return missing('subscription item', change.id ?? '');
        if (change.price) {
          if (!(change.price in prices)) return missing('price', change.price);
          item.price = priceObject(change.price);
        }
      }
      if (body.cancel_at_period_end !== undefined) {
        sub.cancel_at_period_end = body.cancel_at_period_end === 'true';
      }
      if (items?.length && body.proration_behavior === 'always_invoice') invoiceFor(sub, 'paid');
      return send(res, 200, sub);
    }

    // GET /v1/invoices?customer=…
    if (parts[1] === 'invoices' && parts.length === 2 && method === 'GET') {
      const limit = Number(body.limit ?? 10);
      const mine = invoices.filter((i) => !body.customer || i.customer === body.customer);
      return send(res, 200, list(mine.slice(0, limit), '/v1/invoices'));
    }

    // GET /v1/payment_methods/:id
    if (parts[1] === 'payment_methods' && parts[2] && method === 'GET') {
      const pm = paymentMethods.get(parts[2]);
      return pm ? send(res, 200, pm) : missing('payment_method', parts[2]);
    }

    return stripeError(
      res,
      404,
      'invalid_request_error',
      `Unrecognized request URL (${method}: ${url.pathname})`,
    );
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) =>
      stripeError(res, 500, 'api_error', error instanceof Error ? error.message : 'fake failure'),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    customers,
    checkoutSessions,
    subscriptions,
    invoices,
    paymentMethods,
    requests,
    declineNextUpdate: () => {
      declineNext = true;
    },
    completeCheckout: (sessionId) => {
      const session = checkoutSessions.get(sessionId);
      if (!session) throw new Error(`no checkout session ${sessionId}`);
      const lineItems = session._line_items as { price: string }[];
      const data = session._subscription_data as { metadata?: Json; trial_period_days?: string };
      const pm = card();
      pm.customer = session.customer;
      const start = nowSeconds();
      const trialDays = Number(data.trial_period_days ?? 0);
      const id = newId('sub');
      const subscription: Obj = {
        id,
        object: 'subscription',
        customer: session.customer,
        status: trialDays > 0 ? 'trialing' : 'active',
        cancel_at_period_end: false,
        cancel_at: null,
        canceled_at: null,
        created: start,
        currency: 'usd',
        default_payment_method: pm.id,
        metadata: data.metadata ?? {},
        trial_end: trialDays > 0 ? start + trialDays * 86_400 : null,
        items: list(
          [
            {
              id: newId('si'),
              object: 'subscription_item',
              created: start,
              current_period_start: start,
              current_period_end: start + (trialDays > 0 ? trialDays * 86_400 : MONTH),
              price: priceObject(lineItems[0]!.price),
              quantity: 1,
              subscription: id,
              metadata: {},
            },
          ],
          `/v1/subscription_items?subscription=${id}`,
        ),
        livemode: false,
      };
      subscriptions.set(id, subscription);
      Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: id });
      const invoice = invoiceFor(subscription, 'paid');
      const { _line_items: _l, _subscription_data: _s, ...visible } = session;
      return { session: visible as Obj, subscription, invoice };
    },
    setSubscription: (id, changes) => {
      const sub = subscriptions.get(id);
      if (!sub) throw new Error(`no subscription ${id}`);
      Object.assign(sub, changes);
      return sub;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
