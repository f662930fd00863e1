import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tiktokSandboxAccounts, tiktokSandboxPosts } from './sandbox-schema';
import type { SandboxClientFixture } from '../../../testing/sandbox-client-fixture';
import {
  createSandboxClientFixture,
  tikTokApiError,
} from '../../../testing/sandbox-client-fixture';
import { jpeg, png, seedSandboxAccount, webp } from '../../../testing/tiktok-sandbox-fixtures';

/** The real client against the sandbox over HTTP: photo posts, status, inbox, webhooks. */
let ctx: SandboxClientFixture['ctx'];
let client: SandboxClientFixture['client'];
let hooks: SandboxClientFixture['hooks'];
let seller: SandboxClientFixture['seller'];
let close: SandboxClientFixture['close'] | undefined;

beforeAll(async () => {
  ({ ctx, client, hooks, seller, close } = await createSandboxClientFixture());
});

afterAll(async () => {
  await close?.();
});

const hosted = async (name: string, body: Buffer, type = 'image/jpeg') => {
  const key = `test-slides/${name}`;
  await ctx.storage.put(key, body, type);
  return ctx.storage.signedUrl(key);
};

// Webhooks go out in a job of their own, retried after 15 s when a delivery fails (a busy
// machine's slow receiver): a status already final may still wait for its webhook.
const HOOK_WAIT = { timeout: 45_000, interval: 200 };

const settled = async (accessToken: string, publishId: string) => {
  await ctx.jobs.drain(20_000);
  return client.fetchStatus(accessToken, publishId);
};

describe('photo post (content/init PULL_FROM_URL, MEDIA_UPLOAD)', () => {
  it('downloads every image, lands in the inbox, and posts with an exact int64 id', async () => {
    const account = await seedSandboxAccount(ctx.db.db, seller.userId);
    const urls = [
      await hosted('a.jpg', await jpeg(1080, 1920)),
      await hosted('b.webp', await webp(1080, 1350), 'image/webp'),
    ];
    const { publishId } = await client.initPhotoPost(account.accessToken, {
      photoUrls: urls,
      photoCoverIndex: 1,
      title: 'Glow serum in 3 slides',
      description: 'Dark spots fade in 2 weeks #skincare',
    });
    expect(publishId).toMatch(/^p_inbox_url~v2\.\d{19}$/);
    expect(publishId.length).toBeLessThanOrEqual(64);

    const status = await settled(account.accessToken, publishId);
    expect(status.status).toBe('SEND_TO_USER_INBOX');
    expect(status.failReason).toBeNull();
    expect(status.downloadedBytes).toBeGreaterThan(0);
    await expect
      .poll(() => hooks.received, HOOK_WAIT)
      .toContainEqual(
        expect.objectContaining({
          event: 'post.publish.inbox_delivered',
          user_openid: account.openId,
          client_key: 'sbx_hookreel',
          content: { publish_id: publishId, publish_type: 'INBOX_SHARE' },
        }),
      );

    const inbox = await ctx.app.inject({
      method: 'GET',
      url: '/tiktok-sandbox/api/inbox',
      headers: seller.headers,
    });
    const item = inbox
      .json<{
        accounts: {
          open_id: string;
          items: { id: string; media_urls: string[]; title: string }[];
        }[];
      }>()
      .accounts.find((a) => a.open_id === account.openId)?.items[0];
    expect(item?.title).toBe('Glow serum in 3 slides');
    expect(item?.media_urls).toHaveLength(2);
    const slide = await fetch(item!.media_urls[1]!);
    expect(slide.headers.get('content-type')).toBe('image/webp');

    const posted = await ctx.app.inject({
      method: 'POST',
      url: `/tiktok-sandbox/api/posts/${item!.id}/publish`,
      headers: seller.headers,
    });
    expect(posted.statusCode).toBe(200);
    const postId = posted.json<{ post_id: string }>().post_id;
    expect(BigInt(postId)).toBeGreaterThan(BigInt(Number.MAX_SAFE_INTEGER));

    const done = await settled(account.accessToken, publishId);
    expect(done.status).toBe('PUBLISH_COMPLETE');
    // The client parsed the JSON number without rounding it.
    expect(done.publiclyAvailablePostIds).toEqual([postId]);
    const raw = await fetch(`${ctx.config.tiktok.apiOrigin}/v2/post/publish/status/fetch/`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${account.accessToken}`,
        'content-type': 'application/json; charset=UTF-8',
      },
      body: JSON.stringify({ publish_id: publishId }),
    });
    expect(await raw.text()).toContain(`"publicaly_available_post_id":[${postId}]`);
    await expect
      .poll(() => hooks.received.map((h) => h.event), HOOK_WAIT)
      .toEqual(
        expect.arrayContaining(['post.publish.complete', 'post.publish.publicly_available']),
      );
    await expect
      .poll(() => hooks.received, HOOK_WAIT)
      .toContainEqual(
        expect.objectContaining({
          event: 'post.publish.publicly_available',
          content: { publish_id: publishId, post_id: postId, publish_type: 'INBOX_SHARE' },
        }),
      );
    expect(hooks.refused).toEqual([]);
  });

  it.each([
    ['a PNG as file_format_check_failed', () => png(800, 800), 'file_format_check_failed'],
    [
      'text named .jpg as file_format_check_failed',
      async () => Buffer.from('not an image at all'),
      'file_format_check_failed',
    ],
    [
      'a short side over 1080 px as picture_size_check_failed',
      () => jpeg(2000, 1500),
      'picture_size_check_failed',
    ],
  ])('fails %s', async (_label, make, reason) => {
    const account = await seedSandboxAccount(ctx.db.db, seller.userId);
    const good = await hosted('ok.jpg', await jpeg(720, 1280));
    const bad = await hosted(`bad-${reason}.jpg`, await make());
    const { publishId } = await client.initPhotoPost(account.accessToken, {
      photoUrls: [good, bad],
      photoCoverIndex: 0,
    });
    const status = await settled(account.accessToken, publishId);
    expect(status).toMatchObject({ status: 'FAILED', failReason: reason });
    await expect
      .poll(() => hooks.received, HOOK_WAIT)
      .toContainEqual(
        expect.objectContaining({
          event: 'post.publish.failed',
          content: { publish_id: publishId, publish_type: 'INBOX_SHARE', reason },
        }),
      );
  });

  it('fails a URL that answers 404 with photo_pull_failed', async () => {
    const account = await seedSandboxAccount(ctx.db.db, seller.userId);
    const { publishId } = await client.initPhotoPost(account.accessToken, {
      photoUrls: [`${ctx.config.appUrl}/files/nothing-here.jpg`],
      photoCoverIndex: 0,
    });
    expect(await settled(account.accessToken, publishId)).toMatchObject({
      status: 'FAILED',
      failReason: 'photo_pull_failed',
    });
  });

  it('refuses URLs off the verified origin before fetching anything', async () => {
    const account = await seedSandboxAccount(ctx.db.db, seller.userId);
    const error = await tikTokApiError(
      client.initPhotoPost(account.accessToken, {
        photoUrls: ['http://169.254.169.254/latest/meta-data/a.jpg'],
        photoCoverIndex: 0,
      }),
    );
    expect(error).toMatchObject({ code: 'url_ownership_unverified', httpStatus: 403 });
    expect(error.logId).toBeTruthy();
  });

  it.each([
    ['36 images', { count: 36, cover: 0 }],
    ['a cover index past the last image', { count: 2, cover: 2 }],
    ['a 91-character title', { count: 1, cover: 0, title: 'x'.repeat(91) }],
    ['a 4001-character description', { count: 1, cover: 0, description: 'x'.repeat(4001) }],
  ])('answers invalid_param for %s', async (_label, input) => {
    const account = await seedSandboxAccount(ctx.db.db, seller.userId);
    const url = await hosted('one.jpg', await jpeg(100, 100));
    const error = await tikTokApiError(
      client.initPhotoPost(account.accessToken, {
        photoUrls: Array.from({ length: input.count }, () => url),
        photoCoverIndex: input.cover,
        title: 'title' in input ? input.title : undefined,
        description: 'description' in input ? input.description : undefined,
      }),
    );
    expect(error).toMatchObject({ code: 'invalid_param', httpStatus: 400 });
  });

  it('accepts 35 images, a 90-character title and a 4000-character description', async () => {
    const account = await seedSandboxAccount(ctx.db.db, seller.userId);
    const url = await hosted('tiny.jpg', await jpeg(100, 100));
    const { publishId } = await client.initPhotoPost(account.accessToken, {
      photoUrls: Array.from({ length: 35 }, () => url),
      photoCoverIndex: 34,
      title: 'x'.repeat(90),
      description: 'y'.repeat(4000),
    });
    expect((await settled(account.accessToken, publishId)).status).toBe('SEND_TO_USER_INBOX');
  });

  it('takes a DIRECT_POST from its unaudited client only as SELF_ONLY to a private account', async () => {
    const scopes = ['user.info.basic', 'video.upload', 'video.publish'];
    const open = await seedSandboxAccount(ctx.db.db, seller.userId, { scopes });
    const closed = await seedSandboxAccount(ctx.db.db, seller.userId, { scopes });
    await ctx.db.db
      .update(tiktokSandboxAccounts)
      .set({ privateAccount: true })
      .where(eq(tiktokSandboxAccounts.openId, closed.openId));
    const url = await hosted('d.jpg', await jpeg(100, 100));
    const direct = (accessToken: string, privacy?: string) =>
      fetch(`${ctx.config.tiktok.apiOrigin}/v2/post/publish/content/init/`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${accessToken}`,
          'content-type': 'application/json; charset=UTF-8',
        },
        body: JSON.stringify({
          media_type: 'PHOTO',
          post_mode: 'DIRECT_POST',
          post_info: privacy ? { privacy_level: privacy, title: 'Direct' } : { title: 'Direct' },
          source_info: { source: 'PULL_FROM_URL', photo_images: [url], photo_cover_index: 0 },
        }),
      });
    const code = async (res: Response) =>
      ((await res.json()) as { error: { code: string } }).error.code;

    // A public account, whatever the privacy; a private one asked for more than "Only me".
    for (const [account, privacy] of [
      [open, 'PUBLIC_TO_EVERYONE'],
      [open, 'SELF_ONLY'],
      [closed, 'MUTUAL_FOLLOW_FRIENDS'],
    ] as const) {
      const res = await direct(account.accessToken, privacy);
      expect(res.status, `${privacy}`).toBe(403);
      expect(await code(res)).toBe('unaudited_client_can_only_post_to_private_accounts');
    }
    // No privacy, or one that is not among the account's options (creator info).
    for (const privacy of [undefined, 'PUBLIC_TO_EVERYONE']) {
      const res = await direct(closed.accessToken, privacy);
      expect(res.status).toBe(403);
      expect(await code(res)).toBe('privacy_level_option_mismatch');
    }

    const taken = await direct(closed.accessToken, 'SELF_ONLY');
    expect(taken.status).toBe(200);
    const publishId = ((await taken.json()) as { data: { publish_id: string } }).data.publish_id;
    expect(publishId).toMatch(/^p_pub_url~v2\.\d{19}$/);
    // Posted at once, and private: it never has a public post id.
    expect(await settled(closed.accessToken, publishId)).toMatchObject({
      status: 'PUBLISH_COMPLETE',
      publiclyAvailablePostIds: [],
    });
    await expect
      .poll(() => hooks.received, HOOK_WAIT)
      .toContainEqual(
        expect.objectContaining({
          event: 'post.publish.complete',
          content: { publish_id: publishId, publish_type: 'DIRECT_PUBLISH' },
        }),
      );
    expect(
      hooks.received.filter(
        (h) => h.event === 'post.publish.publicly_available' && h.content.publish_id === publishId,
      ),
    ).toEqual([]);
  });

  it('a posted item the account makes private sends no_longer_publicaly_available', async () => {
    const account = await seedSandboxAccount(ctx.db.db, seller.userId);
    const { publishId } = await client.initPhotoPost(account.accessToken, {
      photoUrls: [await hosted('p.jpg', await jpeg(720, 1280))],
      photoCoverIndex: 0,
    });
    await settled(account.accessToken, publishId);
    const [row] = await ctx.db.db
      .select()
      .from(tiktokSandboxPosts)
      .where(eq(tiktokSandboxPosts.publishId, publishId));
    const act = (action: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/tiktok-sandbox/api/posts/${row!.id}/${action}`,
        headers: seller.headers,
      });
    // Only something posted can be made private.
    expect((await act('make-private')).statusCode).toBe(409);
    const posted = await act('publish');
    expect(posted.json()).toMatchObject({ is_public: true });
    const postId = posted.json<{ post_id: string }>().post_id;

    const hidden = await act('make-private');
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toMatchObject({ status: 'PUBLISH_COMPLETE', is_public: false });
    // A second click tells TikTok's subscribers nothing new.
    expect((await act('make-private')).statusCode).toBe(200);
    expect(await settled(account.accessToken, publishId)).toMatchObject({
      status: 'PUBLISH_COMPLETE',
      publiclyAvailablePostIds: [],
    });
    const notices = () =>
      hooks.received.filter((h) => h.event === 'post.publish.no_longer_publicaly_available');
    await expect.poll(notices, HOOK_WAIT).toHaveLength(1);
    expect(notices()).toEqual([
      expect.objectContaining({
        user_openid: account.openId,
        content: { publish_id: publishId, post_id: postId, publish_type: 'INBOX_SHARE' },
      }),
    ]);
    // Another seller cannot touch it.
    const stranger = await ctx.createUser();
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `/tiktok-sandbox/api/posts/${row!.id}/make-private`,
      headers: stranger.headers,
    });
    expect(refused.statusCode).toBe(404);
  });

  it('needs the video.upload scope', async () => {
    const account = await seedSandboxAccount(ctx.db.db, seller.userId, {
      scopes: ['user.info.basic'],
    });
    const url = await hosted('s.jpg', await jpeg(100, 100));
    const error = await tikTokApiError(
      client.initPhotoPost(account.accessToken, { photoUrls: [url], photoCoverIndex: 0 }),
    );
    expect(error).toMatchObject({ code: 'scope_not_authorized', httpStatus: 401 });
  });
});

describe('status fetch', () => {
  it('refuses an unknown publish_id and another account’s publish_id', async () => {
    const mine = await seedSandboxAccount(ctx.db.db, seller.userId);
    const other = await seedSandboxAccount(ctx.db.db, seller.userId);
    const url = await hosted('st.jpg', await jpeg(100, 100));
    const { publishId } = await client.initPhotoPost(other.accessToken, {
      photoUrls: [url],
      photoCoverIndex: 0,
    });
    expect(
      await tikTokApiError(client.fetchStatus(mine.accessToken, 'p_inbox_url~v2.1')),
    ).toMatchObject({
      code: 'invalid_publish_id',
      httpStatus: 400,
    });
    expect(await tikTokApiError(client.fetchStatus(mine.accessToken, publishId))).toMatchObject({
      code: 'token_not_authorized_for_specified_publish_id',
    });
    expect(await tikTokApiError(client.fetchStatus('act.nonsense', publishId))).toMatchObject({
      code: 'access_token_invalid',
      httpStatus: 401,
    });
  });

  it('allows 30 status calls a minute per token, then 429 rate_limit_exceeded', async () => {
    const account = await seedSandboxAccount(ctx.db.db, seller.userId);
    const url = await hosted('rl.jpg', await jpeg(100, 100));
    const { publishId } = await client.initPhotoPost(account.accessToken, {
      photoUrls: [url],
      photoCoverIndex: 0,
    });
    for (let i = 0; i < 30; i++) await client.fetchStatus(account.accessToken, publishId);
    const error = await tikTokApiError(client.fetchStatus(account.accessToken, publishId));
    expect(error).toMatchObject({ code: 'rate_limit_exceeded', httpStatus: 429 });
    expect(error.retryAfterSeconds).toBeGreaterThan(0);
  });

  it('allows 6 inits a minute per token, then 429', async () => {
    const account = await seedSandboxAccount(ctx.db.db, seller.userId);
    const url = await hosted('i6.jpg', await jpeg(100, 100));
    const init = () =>
      client.initPhotoPost(account.accessToken, { photoUrls: [url], photoCoverIndex: 0 });
    for (let i = 0; i < 5; i++) await init();
    // The sixth is refused by the pending-share cap (5 in 24 h) before the rate limit.
    expect(await tikTokApiError(init())).toMatchObject({
      code: 'spam_risk_too_many_pending_share',
    });
    expect(await tikTokApiError(init())).toMatchObject({
      code: 'rate_limit_exceeded',
      httpStatus: 429,
    });
  });
});
