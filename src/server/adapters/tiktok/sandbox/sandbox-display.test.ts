import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimitHits } from '../../../db/schema';
import { tiktokSandboxPosts } from './sandbox-schema';
import type { TestApp } from '../../../testing/test-app';
import { createTestApp } from '../../../testing/test-app';
import { freePort, seedSandboxAccount } from '../../../testing/tiktok-sandbox-fixtures';
import { TikTokApiError } from '../tiktok-api';
import type { TikTokClient } from '../tiktok-client';
import { createTikTokClient } from '../tiktok-client';
import { expireSandboxAccessTokens } from './sandbox-accounts-repo';
import { advanceClock } from './sandbox-clock-repo';
import { int64Id } from './sandbox-ids';
import { SANDBOX_CALL_LIMITS } from './sandbox-rate-limit';
import { hashSecret } from './sandbox-secrets';
import { sandboxVideoStats } from './sandbox-video-stats';

/** The real client's Display API calls against the sandbox over HTTP (decision 044). */
let ctx: TestApp;
let client: TikTokClient;
let seller: Awaited<ReturnType<TestApp['createUser']>>;

const DISPLAY_SCOPES = ['user.info.basic', 'video.upload', 'video.list', 'user.info.stats'];

beforeAll(async () => {
  const port = await freePort();
  ctx = await createTestApp({}, { env: { APP_URL: `http://127.0.0.1:${port}` } });
  await ctx.app.listen({ port, host: '127.0.0.1' });
  client = createTikTokClient(ctx.config.tiktok);
  seller = await ctx.createUser();
});

afterAll(async () => {
  await ctx?.close();
});

/** A posted item of the account, `hoursAgo` old, as the inbox's Post button leaves it. */
const posted = async (
  account: { openId: string },
  hoursAgo: number,
  title: string,
  status: 'PUBLISH_COMPLETE' | 'SEND_TO_USER_INBOX' = 'PUBLISH_COMPLETE',
) => {
  const postId = int64Id();
  const at = new Date(Date.now() - hoursAgo * 3600_000);
  await ctx.db.db.insert(tiktokSandboxPosts).values({
    id: randomUUID(),
    publishId: `p_inbox_url~v2.${int64Id()}`,
    ownerUserId: seller.userId,
    openId: account.openId,
    kind: 'photo',
    status,
    title,
    postId: status === 'PUBLISH_COMPLETE' ? postId : null,
    publishedAt: status === 'PUBLISH_COMPLETE' ? at : null,
    createdAt: at,
  });
  return postId;
};

const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TikTokApiError);
  return error as TikTokApiError;
};

describe('sandbox video stats', () => {
  it('are a function of the id and the age: the same twice, growing, zero at posting', () => {
    const id = '7311111111111111111';
    expect(sandboxVideoStats(id, 0)).toEqual({ views: 0, likes: 0, comments: 0, shares: 0 });
    expect(sandboxVideoStats(id, 7200)).toEqual(sandboxVideoStats(id, 7200));
    let last = sandboxVideoStats(id, 0);
    for (const hours of [1, 3, 12, 24, 72, 24 * 30]) {
      const next = sandboxVideoStats(id, hours * 3600);
      expect(next.views).toBeGreaterThan(last.views);
      expect(next.likes).toBeGreaterThanOrEqual(last.likes);
      expect(next.likes).toBeLessThan(next.views);
      last = next;
    }
    expect(sandboxVideoStats('7322222222222222222', 86_400).views).not.toBe(
      sandboxVideoStats(id, 86_400).views,
    );
  });
});

describe('video/list', () => {
  it('pages the public posts newest first with cursor and has_more, ids exact', async () => {
    const account = await seedSandboxAccount(ctx.db.db, seller.userId, { scopes: DISPLAY_SCOPES });
    const ids: string[] = [];
    for (let i = 0; i < 25; i++) ids.push(await posted(account, 25 - i, `Post ${i}`));
    await posted(account, 1, 'Still in the inbox', 'SEND_TO_USER_INBOX');

    const first = await client.listVideos(account.accessToken, { maxCount: 20 });
    expect(first.videos).toHaveLength(20);
    expect(first.hasMore).toBe(true);
    expect(first.videos.map((v) => v.id)).toEqual(ids.slice(5).reverse());
    expect(first.videos[0]).toMatchObject({ title: 'Post 24' });
    expect(first.videos[0]!.id).toMatch(/^7\d{18}$/);

    const second = await client.listVideos(account.accessToken, { cursor: first.cursor });
    expect(second.videos.map((v) => v.id)).toEqual(ids.slice(0, 5).reverse());
    expect(second.hasMore).toBe(false);
    // The one still waiting in the inbox is not public.
    expect([...first.videos, ...second.videos].map((v) => v.title)).not.toContain(
      'Still in the inbox',
    );
  });

  it('counts grow with the account clock; video/query answers only the token user’s ids', async () => {
    const account = await seedSandboxAccount(ctx.db.db, seller.userId, { scopes: DISPLAY_SCOPES });
    const other = await seedSandboxAccount(ctx.db.db, seller.userId, { scopes: DISPLAY_SCOPES });
    const mine = await posted(account, 2, 'Mine');
    const theirs = await posted(other, 2, 'Theirs');

    const [before] = await client.queryVideos(account.accessToken, [mine, theirs]);
    expect(before).toMatchObject({ id: mine, title: 'Mine' });
    expect(before!.viewCount).toBeGreaterThan(0);
    const answered = await client.queryVideos(account.accessToken, [mine, theirs]);
    expect(answered.map((v) => v.id)).toEqual([mine]);

    await advanceClock(ctx.db.db, seller.userId, account.openId, 24 * 3600);
    const [after] = await client.queryVideos(account.accessToken, [mine]);
    expect(after!.viewCount).toBeGreaterThan(before!.viewCount);
    // Posted 2 h back on the account's clock, then a day passed; the seconds the test itself
    // takes (more under CI's load) count too, so the views are those of 26 h and up to 2 min.
    expect(after!.viewCount).toBeGreaterThanOrEqual(sandboxVideoStats(mine, 26 * 3600).views);
    expect(after!.viewCount).toBeLessThanOrEqual(sandboxVideoStats(mine, 26 * 3600 + 120).views);

    const stats = await client.userStats(account.accessToken);
    expect(stats).toMatchObject({ videoCount: 1, likesCount: after!.likeCount });
  });

  it('refuses without video.list, with an expired token, and past 600 calls a minute', async () => {
    const narrow = await seedSandboxAccount(ctx.db.db, seller.userId);
    expect((await failure(client.listVideos(narrow.accessToken))).code).toBe(
      'scope_not_authorized',
    );
    expect((await failure(client.userStats(narrow.accessToken))).code).toBe(
      'scope_permission_missed',
    );

    const busy = await seedSandboxAccount(ctx.db.db, seller.userId, { scopes: DISPLAY_SCOPES });
    // 598 calls already made this minute (as 598 requests would leave the shared counter): the
    // 599th and 600th pass, the 601st is refused.
    await ctx.db.db.insert(rateLimitHits).values({
      key: `tiktok-sandbox:video_list:${hashSecret(busy.accessToken)}`,
      count: SANDBOX_CALL_LIMITS.video_list - 2,
      resetAt: new Date(Date.now() + 50_000),
    });
    await client.listVideos(busy.accessToken, { maxCount: 1 });
    await client.listVideos(busy.accessToken, { maxCount: 1 });
    const limited = await failure(client.listVideos(busy.accessToken));
    expect(limited).toMatchObject({ code: 'rate_limit_exceeded', httpStatus: 429 });
    expect(limited.retryAfterSeconds).toBeGreaterThan(0);
    // Each endpoint has its own budget.
    await expect(client.queryVideos(busy.accessToken, ['7000000000000000000'])).resolves.toEqual(
      [],
    );

    const expired = await seedSandboxAccount(ctx.db.db, seller.userId, { scopes: DISPLAY_SCOPES });
    await expireSandboxAccessTokens(ctx.db.db, seller.userId, expired.openId);
    expect(await failure(client.listVideos(expired.accessToken))).toMatchObject({
      code: 'access_token_invalid',
      httpStatus: 401,
    });
  });
});
