import { createHmac, timingSafeEqual } from 'node:crypto';
import { LOCAL_LINK_TTL_MS } from './link-binding';

/**
 * The "View" link of a local test invoice (hosted_invoice_url). It names its owner and expiry in
 * an HMAC made with a purpose-bound key, so only the URL the owner's billing summary handed out
 * opens the page, for as long as a checkout link lives; each summary read makes fresh ones.
 */
const keyOf = (secret: string) =>
  createHmac('sha256', secret).update('hookreel:local-billing:invoice-view:v1').digest();

const signatureOf = (secret: string, userId: string, invoiceId: string, expires: number) =>
  createHmac('sha256', keyOf(secret))
    .update(`${userId}\n${invoiceId}\n${expires}`)
    .digest('base64url');

export const invoiceViewUrl = (
  secret: string,
  appUrl: string,
  invoice: { id: string; userId: string },
  now: Date,
) => {
  const expires = Math.floor((now.getTime() + LOCAL_LINK_TTL_MS) / 1000);
  const sig = signatureOf(secret, invoice.userId, invoice.id, expires);
  return `${appUrl}/billing/invoice/${encodeURIComponent(invoice.id)}?expires=${expires}&sig=${sig}`;
};

/** 'ok', or why the page must not show: a forged or foreign link, or an old one. */
export const checkInvoiceLink = (
  secret: string,
  invoice: { id: string; userId: string },
  query: { expires?: string; sig?: string },
  now: Date,
): 'ok' | 'invalid' | 'expired' => {
  const expires = Number(query.expires);
  if (!Number.isSafeInteger(expires) || !query.sig) return 'invalid';
  const given = Buffer.from(query.sig);
  const expected = Buffer.from(signatureOf(secret, invoice.userId, invoice.id, expires));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return expires * 1000 > now.getTime() ? 'ok' : 'expired';
};
