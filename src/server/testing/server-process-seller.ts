import assert from 'node:assert/strict';
import { EMAIL_CONFIRMED_LANDING } from '#contract/email-confirmation';
import type { TSandboxInbox } from '#contract/tiktok-sandbox-inbox';
import { readOutbox } from '../adapters/mail/outbox-mailer';
import { loadConfig } from '../config';
import { consentInSandbox } from './sandbox-consent';
import type { ServerProcess } from './server-process';
import { waitFor } from './wait-for';

/**
 * What the helpers use of a server: its calls, its environment (the outbox) and its origin. They
 * check with node's assert, so the scale bench (no test runner) uses them too.
 */
type SellerServer = Pick<ServerProcess, 'call' | 'ok' | 'env' | 'appUrl'>;

/** Signs a seller up, confirms the e-mail from the outbox, signs in; the bearer header. */
export const signedInSeller = async (server: SellerServer, emailPrefix: string) => {
  const email = `${emailPrefix}-${Date.now()}@example.com`;
  const password = 'seller-password-1';
  await server.ok('POST', '/api/auth/sign-up/email', {}, { email, password, name: 'Test Seller' });
  const mail = loadConfig(server.env).mail;
  const mailDir = mail.kind === 'outbox' ? mail.dir : '';
  const link = await waitFor('the confirmation e-mail', 30_000, async () => {
    const message = (await readOutbox(mailDir)).find((m) => m.to === email);
    return message?.links[0] ?? null;
  });
  const confirm = new URL(link);
  // The link redirects to the landing page with the confirmed marker. A refused confirmation
  // went unnoticed here and surfaced as the sign-in's 403 email_not_verified (decision 203).
  const confirmed = await server.call('GET', confirm.pathname + confirm.search, {});
  const landing = confirmed.headers.get('location') ?? '';
  assert.ok(
    confirmed.status === 302 &&
      landing.includes(EMAIL_CONFIRMED_LANDING) &&
      !landing.includes('error='),
    `the confirmation link answered ${confirmed.status} ${landing} ${confirmed.text}`,
  );
  const { token } = await server.ok<{ token: string }>(
    'POST',
    '/api/auth/sign-in/email',
    {},
    { email, password },
  );
  return { authorization: `Bearer ${token}` };
};

/** The local test checkout of the plus plan, as the pricing page's button and its form do it. */
export const subscribe = async (server: SellerServer, seller: { authorization: string }) => {
  const res = await server.call('POST', '/api/billing/create-checkout-session', seller, {
    plan: 'plus',
    trial: false,
  });
  assert.equal(res.status, 200, res.text);
  const url = new URL((JSON.parse(res.text) as { url: string }).url, server.appUrl);
  const cookie = (res.headers.getSetCookie() ?? []).map((c) => c.split(';')[0]).join('; ');
  const done = await server.call('POST', `${url.pathname}/complete`, { cookie });
  assert.equal(done.status, 303, done.text);
};

/** Connects the seller's one sandbox TikTok account through its consent page; its open_id. */
export const connectSandboxAccount = async (
  server: SellerServer,
  seller: { authorization: string },
) => {
  const ticket = await server.call('POST', '/api/tiktok/auth/ticket', seller, {});
  assert.equal(ticket.status, 200, ticket.text);
  const { url } = JSON.parse(ticket.text) as { url: string };
  // The browser's connect cookie (decision 055): the login and the callback need it.
  const browser = {
    cookie: ticket.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; '),
  };
  const login = await server.call('GET', url, browser);
  assert.equal(login.status, 302);
  const callback = await consentInSandbox(login.headers.get('location')!, { headers: seller });
  const landed = await server.call('GET', callback.pathname + callback.search, browser);
  assert.equal(landed.status, 302);
  const inbox = await server.ok<TSandboxInbox>('GET', '/tiktok-sandbox/api/inbox', seller);
  assert.equal(inbox.accounts.length, 1);
  return inbox.accounts[0]!.open_id;
};
