import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { TPaidPlanKey } from '#contract/plans';
import { PAID_PLAN_KEYS, PLANS } from '#contract/plans';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import type { BillingLedger, SubscriptionState } from './billing-events';
import { hasLiveSubscription } from './billing-events';
import { isBoundToThisBrowser } from './link-binding';
import type { LocalBilling } from './local-billing';
import { checkInvoiceLink } from './invoice-link';
import { LOCAL_CARD } from './local-billing';
import { findInvoice, findLiveBillingSession } from './local-billing-repo';

export type LocalCheckoutRoutesOptions = {
  db: Database;
  billing: LocalBilling;
  ledger: BillingLedger;
  secret: string;
};

const escapeHtml = (value: string): string =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

// Inline style attributes only: the CSP allows them (style-src 'unsafe-inline') but no script.
const BUTTON =
  'display:inline-block;padding:10px 18px;border-radius:8px;font:inherit;font-weight:600;cursor:pointer;';
const PRIMARY = `${BUTTON}background:#111827;color:#fff;border:1px solid #111827;`;
const SECONDARY = `${BUTTON}background:#fff;color:#111827;border:1px solid #d1d5db;`;

const page = (title: string, body: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Hookreel</title>
</head>
<body style="margin:0;background:#f3f4f6;font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#111827">
<main style="max-width:480px;margin:48px auto;padding:32px;background:#fff;border-radius:16px;box-shadow:0 1px 3px rgba(0,0,0,.1)">
<p role="note" style="margin:0 0 16px;padding:8px 12px;border-radius:8px;background:#fef3c7;color:#92400e;font-weight:600">Test mode — no real payment</p>
${body}
</main>
</body>
</html>
`;

const send = (reply: FastifyReply, status: number, html: string) =>
  reply
    .status(status)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(html);

const expiredPage = () =>
  page(
    'Link expired',
    `<h1 style="margin:0 0 8px;font-size:22px">This link has expired</h1>
<p>Test checkout and billing links work once and for an hour. Start again from Hookreel.</p>
<p><a href="/pricing">Back to pricing</a> · <a href="/settings?tab=billing">Billing settings</a></p>`,
  );

const notYoursPage = () =>
  page(
    'Link not for this browser',
    `<h1 style="margin:0 0 8px;font-size:22px">This link belongs to another session</h1>
<p>Test checkout and billing links work only in the browser of the account that opened them. Sign in to Hookreel and start again from there.</p>
<p><a href="/pricing">Back to pricing</a> · <a href="/settings?tab=billing">Billing settings</a></p>`,
  );

const checkoutPage = (token: string, plan: TPaidPlanKey) => {
  const p = PLANS[plan];
  const action = `/billing/checkout/${encodeURIComponent(token)}`;
  return page(
    `Checkout: ${p.title}`,
    `<h1 style="margin:0 0 4px;font-size:22px">${escapeHtml(p.title)} Plan</h1>
<p style="margin:0 0 16px;font-size:28px;font-weight:700">${escapeHtml(p.price)}</p>
<ul style="margin:0 0 16px;padding-left:20px">${p.features.map((f) => `<li>${escapeHtml(f)}</li>`).join('')}</ul>
<p style="color:#4b5563">Hookreel is running its local test checkout: completing this purchase starts a one-month ${escapeHtml(p.title)} subscription paid with the test card visa •••• 4242. No money moves.</p>
<div style="display:flex;gap:12px;margin-top:24px">
<form method="post" action="${action}/complete"><button type="submit" style="${PRIMARY}">Complete test purchase</button></form>
<form method="post" action="${action}/cancel"><button type="submit" style="${SECONDARY}">Cancel</button></form>
</div>`,
  );
};

const portalPage = (token: string, state: SubscriptionState, email: string): string => {
  const action = `/billing/portal/${encodeURIComponent(token)}`;
  const back = `<p style="margin-top:24px"><a href="/settings?tab=billing">Back to Hookreel</a></p>`;
  if (!hasLiveSubscription(state)) {
    return page(
      'Billing',
      `<h1 style="margin:0 0 8px;font-size:22px">Billing</h1>
<p>${escapeHtml(email)} has no active subscription. Choose a plan on the <a href="/pricing">pricing page</a>.</p>${back}`,
    );
  }
  const current = PLANS[state.plan];
  const end = state.currentPeriodEnd ? state.currentPeriodEnd.toISOString().slice(0, 10) : '—';
  const renewal = state.cancelAtPeriodEnd
    ? `Cancels on ${end}: the plan stays active until then, then becomes Free.`
    : `Renews on ${end} for ${escapeHtml(current.price)}.`;
  const switches = PAID_PLAN_KEYS.filter((k) => k !== state.plan)
    .map(
      (k) => `<form method="post" action="${action}">
<input type="hidden" name="action" value="switch"><input type="hidden" name="plan" value="${k}">
<button type="submit" style="${SECONDARY}">Switch to ${escapeHtml(PLANS[k].title)} (${escapeHtml(PLANS[k].price)})</button>
</form>`,
    )
    .join('\n');
  const cancelOrResume = state.cancelAtPeriodEnd
    ? `<form method="post" action="${action}"><input type="hidden" name="action" value="resume"><button type="submit" style="${PRIMARY}">Resume</button></form>`
    : `<form method="post" action="${action}"><input type="hidden" name="action" value="cancel"><button type="submit" style="${SECONDARY}">Cancel at period end</button></form>`;
  return page(
    'Billing',
    `<h1 style="margin:0 0 8px;font-size:22px">Billing</h1>
<p style="margin:0 0 4px">Current plan: <strong>${escapeHtml(current.title)} Plan</strong> (${escapeHtml(state.status ?? 'active')})</p>
<p style="margin:0 0 4px;color:#4b5563">${renewal}</p>
<p style="margin:0 0 16px;color:#4b5563">Payment method: visa •••• 4242 (test card)</p>
<div style="display:flex;flex-direction:column;align-items:flex-start;gap:8px">
${switches}
${cancelOrResume}
</div>${back}`,
  );
};

const day = (d: Date) => d.toISOString().slice(0, 10);
const money = (cents: number, currency: string) =>
  `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;

type InvoiceRow = NonNullable<Awaited<ReturnType<typeof findInvoice>>>;

const invoicePage = (invoice: InvoiceRow, email: string) => {
  const plan = PLANS[invoice.plan];
  const row = (label: string, value: string) =>
    `<tr><th scope="row" style="text-align:left;padding:6px 12px 6px 0;color:#4b5563;font-weight:500">${escapeHtml(label)}</th><td style="padding:6px 0">${escapeHtml(value)}</td></tr>`;
  return page(
    `Invoice ${invoice.id}`,
    `<h1 style="margin:0 0 16px;font-size:22px">Invoice</h1>
<table style="border-collapse:collapse;margin:0 0 16px">
${row('Invoice', invoice.id)}
${row('Billed to', email)}
${row('Date', day(invoice.createdAt))}
${row('Item', `${plan.title} Plan, ${day(invoice.periodStart)} to ${day(invoice.periodEnd)}`)}
${row('Amount due', money(invoice.amountDue, invoice.currency))}
${row('Status', invoice.status)}
${row('Payment method', `${LOCAL_CARD.brand} •••• ${LOCAL_CARD.last4} (test card)`)}
</table>
<p style="color:#4b5563">Issued by Hookreel's local test checkout: no money moved.</p>
<p style="margin-top:24px"><a href="/settings?tab=billing">Back to Hookreel</a></p>`,
  );
};

const invoiceGonePage = () =>
  page(
    'Invoice link',
    `<h1 style="margin:0 0 8px;font-size:22px">This invoice link has expired</h1>
<p>Invoice links work for an hour. Open the invoice again from your billing settings.</p>
<p><a href="/settings?tab=billing">Billing settings</a></p>`,
  );

const parsePortalAction = (body: unknown) => {
  const form = (body ?? {}) as Record<string, unknown>;
  if (form.action === 'cancel') return { kind: 'cancel' as const };
  if (form.action === 'resume') return { kind: 'resume' as const };
  if (form.action === 'switch' && PAID_PLAN_KEYS.includes(form.plan as TPaidPlanKey)) {
    return { kind: 'switch' as const, plan: form.plan as TPaidPlanKey };
  }
  return null;
};

/**
 * The local checkout's browser pages. They are reached by navigation, without the bearer
 * token: the random single-use link is the credential, and it works only in the browser that
 * asked for it (link-binding.ts). Plain HTML forms, no script.
 */
export const localCheckoutRoutes: FastifyPluginAsync<LocalCheckoutRoutesOptions> = async (
  app,
  { db, billing, ledger, secret },
) => {
  // Plain HTML forms post urlencoded bodies; only these routes accept them.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  const schema = { hide: true };
  type Params = { Params: { token: string } };

  /** The live link of this kind, once it is known to be this browser's; else the answer sent. */
  const openLink = async (
    request: FastifyRequest<Params>,
    reply: FastifyReply,
    kind: 'checkout' | 'portal',
  ) => {
    const { token } = request.params;
    const link = await findLiveBillingSession(db, token, kind, new Date());
    if (!link) {
      await send(reply, 410, expiredPage());
      return null;
    }
    if (!isBoundToThisBrowser(secret, token, request.headers.cookie)) {
      await send(reply, 403, notYoursPage());
      return null;
    }
    return link;
  };

  const handleExpired = (reply: FastifyReply, error: unknown) => {
    if (error instanceof AppError && error.code === 'link_expired') {
      return send(reply, 410, expiredPage());
    }
    throw error;
  };

  app.get<Params>('/billing/checkout/:token', { schema }, async (request, reply) => {
    const link = await openLink(request, reply, 'checkout');
    if (!link) return reply;
    if (!link.plan) return send(reply, 410, expiredPage());
    return send(reply, 200, checkoutPage(request.params.token, link.plan));
  });

  app.post<Params>('/billing/checkout/:token/complete', { schema }, async (request, reply) => {
    const link = await openLink(request, reply, 'checkout');
    if (!link) return reply;
    try {
      await billing.completeCheckout(link.userId, request.params.token);
    } catch (error) {
      return handleExpired(reply, error);
    }
    return reply.redirect('/settings?billing=success', 303);
  });

  app.post<Params>('/billing/checkout/:token/cancel', { schema }, async (request, reply) => {
    const link = await openLink(request, reply, 'checkout');
    if (!link) return reply;
    await billing.cancelCheckout(request.params.token);
    return reply.redirect('/pricing', 303);
  });

  // The owner's "View" link from their billing summary; anything else reads as not found.
  app.get<{ Params: { id: string }; Querystring: { expires?: string; sig?: string } }>(
    '/billing/invoice/:id',
    { schema },
    async (request, reply) => {
      const invoice = await findInvoice(db, request.params.id);
      const verdict = invoice
        ? checkInvoiceLink(secret, invoice, request.query, new Date())
        : 'invalid';
      if (!invoice || verdict === 'invalid') {
        return send(reply, 404, page('Not found', '<h1>Invoice not found</h1>'));
      }
      if (verdict === 'expired') return send(reply, 410, invoiceGonePage());
      const account = await ledger.account(invoice.userId);
      return send(reply, 200, invoicePage(invoice, account?.email ?? ''));
    },
  );

  app.get<Params>('/billing/portal/:token', { schema }, async (request, reply) => {
    const link = await openLink(request, reply, 'portal');
    if (!link) return reply;
    let account = await ledger.account(link.userId);
    if (account && (await billing.settleIfDue(link.userId, account.state))) {
      account = await ledger.account(link.userId);
    }
    if (!account) return send(reply, 410, expiredPage());
    return send(reply, 200, portalPage(request.params.token, account.state, account.email));
  });

  app.post<Params>('/billing/portal/:token', { schema }, async (request, reply) => {
    const link = await openLink(request, reply, 'portal');
    if (!link) return reply;
    const action = parsePortalAction(request.body);
    if (!action) {
      return reply.status(400).send({ error: 'Unknown billing action', code: 'bad_request' });
    }
    try {
      await billing.portalAction(link.userId, request.params.token, action);
    } catch (error) {
      return handleExpired(reply, error);
    }
    return reply.redirect('/settings?tab=billing', 303);
  });
};
