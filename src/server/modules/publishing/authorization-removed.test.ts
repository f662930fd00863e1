import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TTikTokAccounts } from '#contract/tiktok';
import type { ListeningTestApp } from '../../testing/listening-test-app';
import { createListeningTestApp } from '../../testing/listening-test-app';
import { consentInSandbox } from '../../testing/sandbox-consent';

/**
 * A test account removing Hookreel on the sandbox's side: the sandbox revokes its grants and
 * sends a signed `authorization.removed` to our real webhook route, which marks the seller's
 * account as needing a reconnect.
 */
describe('authorization.removed from the sandbox', () => {
  let t: ListeningTestApp;
  beforeAll(async () => {
    t = await createListeningTestApp();
  }, 180_000);
  afterAll(() => t?.close());

  const connected = async () => {
    const u = await t.createUser();
    const ticket = await t.app.inject({
      method: 'POST',
      url: '/api/tiktok/auth/ticket',
      headers: u.headers,
      payload: {},
    });
    // The browser's connect cookie (decision 055): the login and the callback need it.
    const cookie = String(ticket.headers['set-cookie']).split(';')[0]!;
    const login = await t.app.inject({
      method: 'GET',
      url: ticket.json<{ url: string }>().url,
      headers: { cookie },
    });
    const callback = await consentInSandbox(login.headers.location as string, u);
    const landed = await t.app.inject({
      method: 'GET',
      url: callback.pathname + callback.search,
      headers: { cookie },
    });
    expect(landed.statusCode).toBe(302);
    return u;
  };
  const accountsOf = async (headers: Record<string, string>) =>
    (
      await t.app.inject({ method: 'GET', url: '/api/tiktok/accounts', headers })
    ).json<TTikTokAccounts>().accounts;

  it("marks the seller's account reconnect needed, and only that seller's", async () => {
    const seller = await connected();
    const other = await connected();
    const [account] = await accountsOf(seller.headers);
    expect(account!.reconnect_needed).toBe(false);

    const revoke = await fetch(
      `${t.appUrl}/tiktok-sandbox/api/accounts/${account!.open_id}/revoke`,
      { method: 'POST', headers: seller.headers },
    );
    expect(revoke.status, await revoke.text()).toBe(200);
    // Another seller cannot revoke a test account that is not theirs.
    const stranger = await fetch(
      `${t.appUrl}/tiktok-sandbox/api/accounts/${account!.open_id}/revoke`,
      { method: 'POST', headers: other.headers },
    );
    expect(stranger.status).toBe(404);

    // The webhook job delivers over HTTP to /api/tiktok/webhooks; bounded wait.
    for (let i = 0; i < 100; i++) {
      if ((await accountsOf(seller.headers))[0]!.reconnect_needed) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect((await accountsOf(seller.headers))[0]!.reconnect_needed).toBe(true);
    expect((await accountsOf(other.headers))[0]!.reconnect_needed).toBe(false);
    const info = await t.app.inject({
      method: 'POST',
      url: '/api/tiktok/creator/info',
      headers: seller.headers,
    });
    expect(info.json()).toMatchObject({ code: 'tiktok_reconnect_needed' });
  }, 120_000);
});
