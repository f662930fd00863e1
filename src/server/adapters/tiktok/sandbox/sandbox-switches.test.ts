import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSandboxSwitches } from '#contract/tiktok-sandbox-inbox';
import type { SandboxClientFixture } from '../../../testing/sandbox-client-fixture';
import {
  createSandboxClientFixture,
  tikTokApiError,
} from '../../../testing/sandbox-client-fixture';
import { jpeg, seedSandboxAccount } from '../../../testing/tiktok-sandbox-fixtures';

/** The inbox page's failure switches, seen through the real client over HTTP. */
let ctx: SandboxClientFixture['ctx'];
let client: SandboxClientFixture['client'];
let hooks: SandboxClientFixture['hooks'];
let seller: SandboxClientFixture['seller'];
let close: SandboxClientFixture['close'] | undefined;
let slide: string;

beforeAll(async () => {
  ({ ctx, client, hooks, seller, close } = await createSandboxClientFixture());
  await ctx.storage.put('test-slides/s.jpg', await jpeg(1080, 1920), 'image/jpeg');
  slide = await ctx.storage.signedUrl('test-slides/s.jpg');
});

afterAll(async () => {
  await close?.();
});

const OFF: TSandboxSwitches = {
  rate_limited: false,
  pending_share_limit: false,
  picture_size_fails: false,
  token_expired: false,
  server_error: false,
  slow_polls: 0,
};

const setSwitches = async (
  openId: string,
  switches: Partial<TSandboxSwitches>,
  headers = seller.headers,
) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/tiktok-sandbox/api/accounts/${openId}/switches`,
    headers,
    payload: { ...OFF, ...switches },
  });

const initPhoto = (accessToken: string) =>
  client.initPhotoPost(accessToken, { photoUrls: [slide], photoCoverIndex: 0 });

describe('failure switches', () => {
  it.each([
    ['rate_limited', 'rate_limit_exceeded', 429],
    ['pending_share_limit', 'spam_risk_too_many_pending_share', 403],
    ['token_expired', 'access_token_invalid', 401],
    ['server_error', 'internal_error', 500],
  ] as const)('%s makes init answer %s', async (name, code, httpStatus) => {
    const account = await seedSandboxAccount(ctx.db.db, seller.userId);
    expect((await setSwitches(account.openId, { [name]: true })).statusCode).toBe(200);
    const error = await tikTokApiError(initPhoto(account.accessToken));
    expect(error).toMatchObject({ code, httpStatus });
    expect(error.logId).toBeTruthy();
    await setSwitches(account.openId, {});
    expect((await initPhoto(account.accessToken)).publishId).toBeTruthy();
  });

  it('rate_limited, token_expired and server_error reach status fetch too', async () => {
    const account = await seedSandboxAccount(ctx.db.db, seller.userId);
    const { publishId } = await initPhoto(account.accessToken);
    for (const [name, code] of [
      ['rate_limited', 'rate_limit_exceeded'],
      ['token_expired', 'access_token_invalid'],
      ['server_error', 'internal_error'],
    ] as const) {
      await setSwitches(account.openId, { [name]: true });
      expect(
        await tikTokApiError(client.fetchStatus(account.accessToken, publishId)),
      ).toMatchObject({
        code,
      });
    }
  });

  it('picture_size_fails fails the next photo post with picture_size_check_failed', async () => {
    const account = await seedSandboxAccount(ctx.db.db, seller.userId);
    await setSwitches(account.openId, { picture_size_fails: true });
    const { publishId } = await initPhoto(account.accessToken);
    await ctx.jobs.drain(20_000);
    expect(await client.fetchStatus(account.accessToken, publishId)).toMatchObject({
      status: 'FAILED',
      failReason: 'picture_size_check_failed',
    });
  });

  it('slow_polls keeps the status in PROCESSING for that many polls', async () => {
    const account = await seedSandboxAccount(ctx.db.db, seller.userId);
    await setSwitches(account.openId, { slow_polls: 2 });
    const { publishId } = await initPhoto(account.accessToken);
    await ctx.jobs.drain(20_000);
    const seen = [];
    for (let i = 0; i < 3; i++) {
      seen.push((await client.fetchStatus(account.accessToken, publishId)).status);
    }
    expect(seen).toEqual(['PROCESSING_DOWNLOAD', 'PROCESSING_DOWNLOAD', 'SEND_TO_USER_INBOX']);
  });

  it("never shows or changes another seller's test accounts", async () => {
    const account = await seedSandboxAccount(ctx.db.db, seller.userId);
    const { publishId } = await initPhoto(account.accessToken);
    await ctx.jobs.drain(20_000);
    const other = await ctx.createUser();
    expect(
      (await setSwitches(account.openId, { rate_limited: true }, other.headers)).statusCode,
    ).toBe(404);
    const inbox = await ctx.app.inject({
      method: 'GET',
      url: '/tiktok-sandbox/api/inbox',
      headers: other.headers,
    });
    expect(inbox.json()).toEqual({ accounts: [] });
    const mine = await ctx.app.inject({
      method: 'GET',
      url: '/tiktok-sandbox/api/inbox',
      headers: seller.headers,
    });
    const item = mine
      .json<{ accounts: { open_id: string; items: { id: string; publish_id: string }[] }[] }>()
      .accounts.find((a) => a.open_id === account.openId)!
      .items.find((i) => i.publish_id === publishId)!;
    const foreign = await ctx.app.inject({
      method: 'POST',
      url: `/tiktok-sandbox/api/posts/${item.id}/publish`,
      headers: other.headers,
    });
    expect(foreign.statusCode).toBe(404);
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/tiktok-sandbox/api/inbox' });
    expect(anonymous.statusCode).toBe(401);
    expect((await initPhoto(account.accessToken)).publishId).toBeTruthy();
  });

  it('retries a webhook the receiver refused until it is taken', async () => {
    const account = await seedSandboxAccount(ctx.db.db, seller.userId);
    // The refusal is for this new account's first webhook: an earlier test's post whose photo
    // pull is retried can still deliver its own during this test (seen on PostgreSQL).
    hooks.refuseFirstFor(account.openId);
    const { publishId } = await initPhoto(account.accessToken);
    await ctx.jobs.drain(20_000);
    expect(hooks.received.some((h) => h.content.publish_id === publishId)).toBe(false);
    await expect
      .poll(
        () =>
          hooks.received.some(
            (h) => h.event === 'post.publish.inbox_delivered' && h.content.publish_id === publishId,
          ),
        { timeout: 60_000, interval: 500 },
      )
      .toBe(true);
  }, 90_000);
});
