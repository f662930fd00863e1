import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  TAnalyticsOverview,
  TAnalyticsRefreshResponse,
  TMakeMoreResponse,
} from '#contract/analytics';
import type { TDraft } from '#contract/drafts';
import { advanceClock } from '../../adapters/tiktok/sandbox/sandbox-clock-repo';
import { int64Id } from '../../adapters/tiktok/sandbox/sandbox-ids';
import {
  analyticsSnapshots,
  analyticsVideos,
  drafts,
  products,
  tiktokCallWindows,
  tiktokPosts,
  users,
} from '../../db/schema';
import { tiktokSandboxPosts } from '../../adapters/tiktok/sandbox/sandbox-schema';
import { TIKTOK_CALL_BUDGETS } from '../tiktok';
import type { ListeningTestApp } from '../../testing/listening-test-app';
import { createListeningTestApp } from '../../testing/listening-test-app';
import { seedFinishedRender } from '../../testing/render-fixtures';
import { makeMp4, seedSandboxAccount } from '../../testing/tiktok-sandbox-fixtures';
import { recordReading } from './analytics-repo';

/**
 * Analytics through the real app: the sync job reads the sandbox over HTTP with the real
 * client and the accounts module's tokens, ties videos to Hookreel's posts and drafts, and the
 * routes answer the page's figures for the signed-in user only.
 */
const DISPLAY_SCOPES = ['user.info.basic', 'video.upload', 'video.list', 'user.info.stats'];

let t: ListeningTestApp;
beforeAll(async () => {
  t = await createListeningTestApp();
});
afterAll(() => t.close());

type Seller = Awaited<ReturnType<ListeningTestApp['createUser']>> & { openId: string };

const connectedSeller = async (scopes = DISPLAY_SCOPES): Promise<Seller> => {
  const u = await t.createUser();
  const sandbox = await seedSandboxAccount(t.db.db, u.userId, { scopes });
  const day = new Date(Date.now() + 86_400_000);
  await t.tiktokAccounts.connect(
    u.userId,
    {
      openId: sandbox.openId,
      scopes,
      accessToken: sandbox.accessToken,
      accessTokenExpiresAt: day,
      refreshToken: 'rft.unused',
      refreshTokenExpiresAt: day,
    },
    { openId: sandbox.openId, displayName: 'Maya', username: sandbox.username, avatarUrl: null },
  );
  return { ...u, openId: sandbox.openId };
};

/**
 * A carousel sent from a draft and posted by the account an hour ago, as publishing and the
 * sandbox's Post button leave them. `reportId` false: TikTok never reported the post id, so
 * only time and title can tie it.
 */
const sentAndPosted = async (
  seller: Seller,
  {
    title,
    hook,
    reportId,
    clientKey = randomUUID(),
  }: { title: string; hook: string; reportId: boolean; clientKey?: string },
) => {
  const productId = randomUUID();
  await t.db.db
    .insert(products)
    .values({ id: productId, userId: seller.userId, name: 'Glow Serum' });
  const draftId = randomUUID();
  await t.db.db.insert(drafts).values({
    id: draftId,
    userId: seller.userId,
    type: 'carousel',
    productId,
    hook,
    carouselPlan: { slides: [{ text: hook }, { text: 'Fades dark spots in 2 weeks' }] },
    assets: { templateId: 'carousel-before-after', selectedCharacterId: 'maya' },
  });
  const postId = int64Id();
  const sentAt = new Date(Date.now() - 2 * 3600_000);
  await t.db.db.insert(tiktokPosts).values({
    id: randomUUID(),
    userId: seller.userId,
    openId: seller.openId,
    kind: 'photo',
    clientKey,
    originDraftId: draftId,
    title,
    media: { keys: [] },
    state: reportId ? 'published' : 'in_inbox',
    publishId: `p_inbox_url~v2.${int64Id()}`,
    postIds: reportId ? [postId] : [],
    createdAt: sentAt,
  });
  await t.db.db.insert(tiktokSandboxPosts).values({
    id: randomUUID(),
    publishId: `p_inbox_url~v2.${int64Id()}`,
    ownerUserId: seller.userId,
    openId: seller.openId,
    kind: 'photo',
    status: 'PUBLISH_COMPLETE',
    title,
    postId,
    publishedAt: new Date(Date.now() - 3600_000),
  });
  return { productId, draftId, postId };
};

const overview = async (seller: { headers: Record<string, string> }, range = '28d') => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/analytics?range=${range}`,
    headers: seller.headers,
  });
  expect(res.statusCode).toBe(200);
  return res.json<TAnalyticsOverview>();
};

const refresh = async (seller: { headers: Record<string, string> }) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/analytics/refresh',
    headers: seller.headers,
  });
  expect(res.statusCode).toBe(200);
  return res.json<TAnalyticsRefreshResponse>();
};

describe('analytics', () => {
  it('reads the posted videos, ties them to their drafts, and grows snapshots over time', async () => {
    const seller = await connectedSeller();
    const byId = await sentAndPosted(seller, {
      title: 'Glow serum in 3 slides',
      hook: 'POV: your dark spots faded in 2 weeks',
      reportId: true,
    });
    const byTitle = await sentAndPosted(seller, {
      title: 'Morning routine',
      hook: 'The 30-second step I never skip',
      reportId: false,
      clientKey: `campaign-${randomUUID()}-v1`,
    });

    // Refresh reads TikTok within the request and says what it read: no job to wait for.
    expect(await refresh(seller)).toEqual({
      accounts: [
        {
          openId: seller.openId,
          displayName: 'Maya',
          status: 'ok',
          message: 'Read 2 videos from TikTok just now.',
          videos: 2,
          retryAfterSeconds: null,
        },
      ],
    });
    const first = await overview(seller);
    expect(first.connected).toBe(true);
    expect(first.accounts[0]).toMatchObject({ status: 'ok', videoCount: 2 });
    expect(first.totals.posts).toBe(2);
    expect(first.totals.views).toBeGreaterThan(0);
    const { views, likes, comments, shares } = first.totals;
    expect(first.totals.engagementRate).toBeCloseTo((likes + comments + shares) / views, 10);
    expect(first.conversions.available).toBe(false);
    expect(first.completion.reason).toMatch(/completion/);
    expect(first.topHooks.map((h) => h.label).sort()).toEqual([
      'POV: your dark spots faded in 2 weeks',
      'The 30-second step I never skip',
    ]);
    expect(first.topTemplates[0]).toMatchObject({
      key: 'carousel-before-after',
      label: 'Before & After Reveal',
      posts: 2,
    });
    expect(first.topCharacters[0]).toMatchObject({ key: 'maya', label: 'Maya', posts: 2 });
    expect(first.byType.find((b) => b.key === 'carousel')?.posts).toBe(2);
    expect(first.topPosts.every((p) => p.fromHookreel && p.productName === 'Glow Serum')).toBe(
      true,
    );
    expect(first.activity.map((a) => a.text)).toEqual(
      expect.arrayContaining([
        'Carousel “Glow serum in 3 slides” sent to TikTok',
        'Carousel “Glow serum in 3 slides” posted on TikTok',
        'Carousel “Morning routine” sent to TikTok by a campaign',
        'First views counted for “Morning routine”',
      ]),
    );

    const rows = await t.db.db
      .select()
      .from(analyticsVideos)
      .where(eq(analyticsVideos.userId, seller.userId));
    const matchOf = (videoId: string) => rows.find((r) => r.videoId === videoId);
    expect(matchOf(byId.postId)).toMatchObject({ matchedBy: 'post_id', draftId: byId.draftId });
    expect(matchOf(byTitle.postId)).toMatchObject({
      matchedBy: 'time_title',
      draftId: byTitle.draftId,
      productId: byTitle.productId,
    });

    // A day passes for the account: the next reading is a second snapshot with more views.
    await advanceClock(t.db.db, seller.userId, seller.openId, 24 * 3600);
    await refresh(seller);
    const second = await overview(seller);
    expect(second.totals.views).toBeGreaterThan(first.totals.views);
    const snapshots = await t.db.db
      .select()
      .from(analyticsSnapshots)
      .where(eq(analyticsSnapshots.userId, seller.userId));
    // At least a reading per video per sync (the hourly schedule may add one meanwhile).
    expect(snapshots.length).toBeGreaterThanOrEqual(4);
    for (const row of rows) {
      const views = snapshots.filter((s) => s.videoRowId === row.id).map((s) => s.viewCount);
      expect(views).toEqual([...views].sort((a, b) => a - b));
      expect(views.at(-1)!).toBeGreaterThan(views[0]!);
    }
    expect(second.daily.at(-1)?.views).toBe(second.totals.views);
  });

  it('says why a refresh cannot read now (TikTok’s limit, with the wait) instead of staying silent', async () => {
    const seller = await connectedSeller();
    await sentAndPosted(seller, { title: 'Limited', hook: 'Read me later', reportId: true });
    // Hookreel's per-account budget of video list reads is spent for this minute.
    await t.db.db.insert(tiktokCallWindows).values({
      openId: seller.openId,
      kind: 'video_list',
      calls: Array.from({ length: TIKTOK_CALL_BUDGETS.video_list }, () => new Date()),
      taken: true,
    });
    const [said] = (await refresh(seller)).accounts;
    expect(said).toMatchObject({ status: 'rate_limited', videos: null });
    expect(said!.retryAfterSeconds).toBeGreaterThan(0);
    expect(said!.message).toMatch(
      /^TikTok limits how often Hookreel may read this account, so it was not read now\. Press Refresh again in \d+ s\.$/,
    );
  });

  it('keeps a snapshot when counts moved, and at most one an hour while they stand still', async () => {
    const seller = await connectedSeller();
    const reading = {
      videoId: int64Id(),
      createTime: new Date(Date.now() - 3600_000),
      title: 'Still',
      shareUrl: null,
      durationSec: null,
      viewCount: 100,
      likeCount: 5,
      commentCount: 1,
      shareCount: 1,
    };
    const at = (minutes: number) => new Date(Date.now() + minutes * 60_000);
    await recordReading(t.db.db, seller.userId, seller.openId, reading, null, at(0));
    await recordReading(t.db.db, seller.userId, seller.openId, reading, null, at(10));
    const count = async () =>
      (
        await t.db.db
          .select()
          .from(analyticsSnapshots)
          .where(eq(analyticsSnapshots.userId, seller.userId))
      ).length;
    expect(await count()).toBe(1);
    await recordReading(
      t.db.db,
      seller.userId,
      seller.openId,
      { ...reading, viewCount: 130 },
      null,
      at(20),
    );
    expect(await count()).toBe(2);
    await recordReading(
      t.db.db,
      seller.userId,
      seller.openId,
      { ...reading, viewCount: 130 },
      null,
      at(90),
    );
    expect(await count()).toBe(3);
    const [video] = await t.db.db
      .select()
      .from(analyticsVideos)
      .where(eq(analyticsVideos.userId, seller.userId));
    expect(video).toMatchObject({ viewCount: 130, tiktokPostId: null });
  });

  it('never shows one seller’s analytics to another, nor lets them act on it', async () => {
    const seller = await connectedSeller();
    await sentAndPosted(seller, { title: 'Private one', hook: 'Mine only', reportId: true });
    await refresh(seller);
    const mine = await overview(seller);
    expect(mine.topPosts).toHaveLength(1);

    const stranger = await t.createUser();
    const theirs = await overview(stranger);
    expect(theirs).toMatchObject({ connected: false, accounts: [], topPosts: [], topHooks: [] });
    expect(theirs.totals.views).toBe(0);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/analytics/posts/${mine.topPosts[0]!.id}/make-more`,
      headers: stranger.headers,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });
    const unsigned = await t.app.inject({ method: 'GET', url: '/api/analytics' });
    expect(unsigned.statusCode).toBe(401);
  });

  it('says "reconnect" for an account connected without video.list, and reads nothing', async () => {
    const seller = await connectedSeller(['user.info.basic', 'video.upload']);
    await sentAndPosted(seller, { title: 'Unseen', hook: 'Nobody sees this', reportId: true });
    const [said] = (await refresh(seller)).accounts;
    expect(said).toMatchObject({ status: 'missing_scope' });
    expect(said!.message).toMatch(/^Reconnect TikTok to see analytics/);
    const page = await overview(seller);
    expect(page.accounts[0]).toMatchObject({ status: 'missing_scope' });
    expect(page.accounts[0]!.message).toMatch(/^Reconnect TikTok to see analytics/);
    expect(page.topPosts).toHaveLength(0);
  });

  it('names a posted Hook + Demo by its hook, character and title after the editor deleted its draft', async () => {
    const seller = await connectedSeller();
    await t.db.db
      .update(users)
      .set({ plan: 'pro', subscriptionStatus: 'active' })
      .where(eq(users.id, seller.userId));
    const productId = randomUUID();
    await t.db.db
      .insert(products)
      .values({ id: productId, userId: seller.userId, name: 'Glow Serum' });
    const draftId = randomUUID();
    await t.db.db.insert(drafts).values({
      id: draftId,
      userId: seller.userId,
      type: 'video',
      productId,
      hook: 'I stopped hiding my dark spots',
      assets: { selectedCharacter: '/media/characters/maya.mp4', selectedCharacterId: 'maya' },
    });
    const { url: videoUrl } = await seedFinishedRender(
      t,
      seller.userId,
      await makeMp4(t.config.ffmpeg),
    );
    const title = 'Check out this amazing Hook + Demo! 🎬';
    const init = await t.app.inject({
      method: 'POST',
      url: '/api/tiktok/video/upload/init',
      headers: seller.headers,
      payload: { title, video_url: videoUrl, origin_draft_id: draftId },
    });
    expect(init.statusCode, init.body).toBe(200);
    const { publish_id: publishId, upload_url: uploadUrl } = init.json().data;
    const put = await t.app.inject({
      method: 'POST',
      url: '/api/tiktok/upload/put',
      headers: seller.headers,
      payload: { upload_url: uploadUrl, proxiedUrl: videoUrl },
    });
    expect(put.statusCode, put.body).toBe(200);
    // The editor deletes the draft once the video is sent (docs/product/create.md rule 4).
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/drafts/${draftId}`,
      headers: seller.headers,
    });
    expect(deleted.statusCode).toBeLessThan(300);

    // The account posts it from its inbox once it arrived.
    let inbox: typeof tiktokSandboxPosts.$inferSelect | undefined;
    for (let i = 0; i < 150 && inbox?.status !== 'SEND_TO_USER_INBOX'; i++) {
      await new Promise((r) => setTimeout(r, 200));
      [inbox] = await t.db.db
        .select()
        .from(tiktokSandboxPosts)
        .where(eq(tiktokSandboxPosts.publishId, publishId));
    }
    const posted = await t.app.inject({
      method: 'POST',
      url: `/tiktok-sandbox/api/posts/${inbox!.id}/publish`,
      headers: seller.headers,
    });
    expect(posted.statusCode, posted.body).toBe(200);
    await t.jobs.drain(30_000);

    await refresh(seller);
    const page = await overview(seller);
    expect(page.topPosts).toHaveLength(1);
    expect(page.topPosts[0]).toMatchObject({
      title,
      hook: 'I stopped hiding my dark spots',
      contentType: 'hook_demo',
      productName: 'Glow Serum',
    });
    expect(page.topHooks.map((h) => h.label)).toEqual(['I stopped hiding my dark spots']);
    expect(page.topCharacters).toEqual([
      expect.objectContaining({ key: 'maya', label: 'Maya', posts: 1 }),
    ]);
  });

  it('never lists a refused send as sent to TikTok (issue 29)', async () => {
    const seller = await connectedSeller();
    await t.db.db.insert(tiktokPosts).values({
      id: randomUUID(),
      userId: seller.userId,
      openId: seller.openId,
      kind: 'photo',
      clientKey: randomUUID(),
      title: 'Refused carousel',
      media: { keys: [] },
      state: 'failed',
      failReason: 'access_token_invalid',
    });
    const texts = (await overview(seller)).activity.map((a) => a.text);
    expect(texts).toContain('Carousel “Refused carousel” could not be sent');
    expect(texts.some((text) => text.includes('sent to TikTok'))).toBe(false);
  });

  it('"Make more like this" drafts the same product, template and character with a fresh hook', async () => {
    const seller = await connectedSeller();
    const made = await sentAndPosted(seller, {
      title: 'Glow serum in 3 slides',
      hook: 'POV: your dark spots faded in 2 weeks',
      reportId: true,
    });
    await refresh(seller);
    const [top] = (await overview(seller)).topPosts;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/analytics/posts/${top!.id}/make-more`,
      headers: seller.headers,
    });
    expect(res.statusCode).toBe(201);
    const body = res.json<TMakeMoreResponse>();
    expect(body.draft.type).toBe('carousel');
    expect(body.hook).not.toBe('POV: your dark spots faded in 2 weeks');
    expect(body.hook.length).toBeGreaterThan(5);
    const draft = await t.app.inject({
      method: 'GET',
      url: `/api/drafts/${body.draft.id}`,
      headers: seller.headers,
    });
    const saved = draft.json<TDraft>();
    expect(saved).toMatchObject({ productId: made.productId, hook: body.hook });
    expect(saved.assets).toMatchObject({
      templateId: 'carousel-before-after',
      selectedCharacterId: 'maya',
    });
    expect(saved.carouselPlan?.slides[0]?.text).toBe(body.hook);
    expect(saved.carouselPlan?.slides[1]?.text).toBe('Fades dark spots in 2 weeks');
    // The post's own draft is untouched.
    const [original] = await t.db.db.select().from(drafts).where(eq(drafts.id, made.draftId));
    expect(original?.hook).toBe('POV: your dark spots faded in 2 weeks');
  });
});
