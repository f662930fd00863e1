import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCampaign, TCampaignItem } from '#contract/campaigns';
import { campaignItems, tempImages, tiktokPosts } from '../../db/schema';
import { CAMPAIGN_PREPARE_JOB, CAMPAIGN_SEND_JOB } from './campaign-jobs';
import {
  tiktokSandboxPosts,
  tiktokSandboxSwitches,
} from '../../adapters/tiktok/sandbox/sandbox-schema';
import type { ListeningTestApp } from '../../testing/listening-test-app';
import { createListeningTestApp } from '../../testing/listening-test-app';
import { seedSandboxAccount } from '../../testing/tiktok-sandbox-fixtures';
import { WAITING_FOR_RECONNECT } from './campaign-sender';
import { day, paidSeller, plannedVideoItem, seedLibrary, setPlan } from './campaigns-test-kit';

type Headers = Record<string, string>;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Automatic sending through the real job queue, the real publishing service and the built-in
 * TikTok sandbox over HTTP: a scheduled carousel is rendered on the server and lands in the
 * sandbox inbox at its time, once.
 */
describe('campaign items are sent at their time', () => {
  let t: ListeningTestApp;

  beforeAll(async () => {
    t = await createListeningTestApp();
    await seedLibrary(t);
  }, 180_000);
  afterAll(() => t.close());

  const call = (
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    headers: Headers,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const connect = async (
    userId: string,
    sandbox?: Awaited<ReturnType<typeof seedSandboxAccount>>,
  ) => {
    sandbox ??= await seedSandboxAccount(t.db.db, userId);
    const later = new Date(Date.now() + 86_400_000);
    await t.tiktokAccounts.connect(
      userId,
      {
        openId: sandbox.openId,
        scopes: ['user.info.basic', 'video.upload'],
        accessToken: sandbox.accessToken,
        accessTokenExpiresAt: later,
        refreshToken: 'rft.unused',
        refreshTokenExpiresAt: later,
      },
      {
        openId: sandbox.openId,
        displayName: 'Seller',
        username: sandbox.username,
        avatarUrl: null,
      },
    );
    return sandbox.openId;
  };

  /** A connected pro seller with a planned campaign; resolves to its first carousel item. */
  const sellerWithItem = async ({ connected = true } = {}) => {
    const u = await paidSeller(t);
    const openId = connected ? await connect(u.userId) : null;
    const created = await call('POST', '/api/campaigns', u.headers, {
      name: 'Auto',
      productId: u.productId,
      startDate: day(1),
      endDate: day(3),
      timezone: 'UTC',
      cadenceHours: 24,
      scheduleMode: 'interval',
      customDates: [],
      goal: '',
    });
    const campaign = created.json<TCampaign>();
    const plan = await call('POST', `/api/campaigns/${campaign.id}/generate-plan`, u.headers);
    const items = plan.json<{ items: TCampaignItem[] }>().items;
    const item = items.find((i) => i.type === 'carousel' && i.status === 'assets_ready')!;
    return { ...u, openId, campaign, item };
  };

  const schedule = (
    u: { headers: Headers; campaign: TCampaign; item: TCampaignItem },
    at: Date | null,
  ) =>
    call('PATCH', `/api/campaigns/${u.campaign.id}/items/${u.item.id}`, u.headers, {
      dateScheduled: at ? at.toISOString() : null,
    });

  const itemOf = async (u: { headers: Headers; item: TCampaignItem }) =>
    (await call('GET', `/api/campaign-items/${u.item.id}`, u.headers)).json<TCampaignItem>();

  const settled = async (u: { headers: Headers; item: TCampaignItem }, ms = 60_000) => {
    const deadline = Date.now() + ms;
    for (;;) {
      const item = await itemOf(u);
      const status = item.lastJob?.status;
      if (status === 'done' || status === 'failed' || status === 'missed') return item;
      if (Date.now() > deadline) throw new Error(`item still ${JSON.stringify(item.lastJob)}`);
      await sleep(250);
    }
  };

  const inbox = (openId: string) =>
    t.db.db.select().from(tiktokSandboxPosts).where(eq(tiktokSandboxPosts.openId, openId));

  it('renders a carousel due in a few seconds and lands it in the sandbox inbox once', async () => {
    const u = await sellerWithItem();
    const res = await schedule(u, new Date(Date.now() + 3000));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().lastJob.status).toBe('queued');
    expect(await inbox(u.openId!)).toHaveLength(0);

    const item = await settled(u);
    expect(item.lastJob, JSON.stringify(item.lastJob)).toMatchObject({
      status: 'done',
      last_error: null,
    });
    const received = await inbox(u.openId!);
    expect(received).toHaveLength(1);
    expect(received[0]!.status).toBe('SEND_TO_USER_INBOX');
    // Every slide of the plan has an image, so all 6 were rendered and sent.
    expect(received[0]!.photoUrls).toHaveLength(6);
    // The same post record a manual upload makes, with the title from the hook.
    const [post] = await t.db.db.select().from(tiktokPosts).where(eq(tiktokPosts.userId, u.userId));
    expect(post).toMatchObject({ kind: 'photo', state: 'in_inbox', title: u.item.hook });
    const queue = await call('GET', '/api/queue', u.headers);
    expect(queue.json().items.map((i: { publish_id: string }) => i.publish_id)).toEqual([
      post!.publishId,
    ]);

    // Sent is final: no moving it, no second send.
    const again = await schedule(u, new Date(Date.now() + 3000));
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('campaign_item_sent');
    await t.jobs.send(CAMPAIGN_SEND_JOB, { itemId: u.item.id, version: 1 });
    await t.jobs.drain();
    expect(await inbox(u.openId!)).toHaveLength(1);
  });

  it('moves the send when rescheduled, and cancels it when unscheduled', async () => {
    const u = await sellerWithItem();
    await schedule(u, new Date(Date.now() + 2000));
    const moved = await schedule(u, new Date(Date.now() + 6000));
    expect(moved.statusCode, moved.body).toBe(200);
    await sleep(4000);
    // The first time passed and its job (the old version) did nothing.
    expect(await inbox(u.openId!)).toHaveLength(0);
    expect((await itemOf(u)).lastJob?.status).toBe('queued');
    expect((await settled(u)).lastJob?.status).toBe('done');
    expect(await inbox(u.openId!)).toHaveLength(1);

    const v = await sellerWithItem();
    await schedule(v, new Date(Date.now() + 2000));
    const off = await schedule(v, null);
    expect(off.json()).toMatchObject({ dateScheduled: null, lastJob: null });
    await sleep(4000);
    await t.jobs.drain();
    expect(await inbox(v.openId!)).toHaveLength(0);
    const [row] = await t.db.db.select().from(campaignItems).where(eq(campaignItems.id, v.item.id));
    expect(row).toMatchObject({ jobStatus: null, postId: null });
  });

  it('stops with plain words when the plan, the account or the inbox says no', async () => {
    const pastDue = await sellerWithItem();
    await setPlan(t, pastDue.userId, 'pro', 'past_due');
    await schedule(pastDue, new Date(Date.now() + 1500));
    const a = await settled(pastDue);
    expect(a.lastJob).toMatchObject({ status: 'failed' });
    expect(a.lastJob!.last_error).toMatch(/last payment failed/);

    const cancelled = await sellerWithItem();
    await schedule(cancelled, new Date(Date.now() + 1500));
    await setPlan(t, cancelled.userId, 'free');
    const b = await settled(cancelled);
    expect(b.lastJob!.last_error).toMatch(/only on a paid plan/);

    const unconnected = await sellerWithItem({ connected: false });
    await schedule(unconnected, new Date(Date.now() + 1500));
    const c = await settled(unconnected);
    expect(c.lastJob!.last_error).toMatch(/no TikTok account is connected/);

    const full = await sellerWithItem();
    await t.db.db.insert(tiktokSandboxSwitches).values({
      openId: full.openId!,
      ownerUserId: full.userId,
      pendingShareLimit: true,
    });
    await schedule(full, new Date(Date.now() + 1500));
    const d = await settled(full);
    expect(d.lastJob!.last_error).toMatch(/5 drafts waiting/);
    expect(await inbox(full.openId!)).toHaveLength(0);
  });

  it('sends a time missed while the server was down late with a note, or marks it missed', async () => {
    const late = await sellerWithItem();
    await schedule(late, new Date(Date.now() + 60 * 60_000));
    // As if the server had been down: the time passed 20 minutes ago, and the job comes now.
    await t.db.db
      .update(campaignItems)
      .set({ dateScheduled: new Date(Date.now() - 20 * 60_000) })
      .where(eq(campaignItems.id, late.item.id));
    await t.jobs.send(CAMPAIGN_SEND_JOB, { itemId: late.item.id, version: 1 });
    const a = await settled(late);
    expect(a.lastJob!.status).toBe('done');
    expect(a.lastJob!.last_error).toMatch(
      /^Sent late: the server was not running at .* UTC; sent 20 minutes later\.$/,
    );

    const missed = await sellerWithItem();
    await schedule(missed, new Date(Date.now() + 60 * 60_000));
    await t.db.db
      .update(campaignItems)
      .set({ dateScheduled: new Date(Date.now() - 7 * 60 * 60_000) })
      .where(eq(campaignItems.id, missed.item.id));
    await t.jobs.send(CAMPAIGN_SEND_JOB, { itemId: missed.item.id, version: 1 });
    const b = await settled(missed);
    expect(b.lastJob!.status).toBe('missed');
    expect(b.lastJob!.last_error).toMatch(/^Missed: the server was not running at/);
    expect(await inbox(missed.openId!)).toHaveLength(0);
  });

  it('keeps an item waiting while its account needs reconnecting, and sends it once reconnected', async () => {
    const u = await sellerWithItem({ connected: false });
    const sandbox = await seedSandboxAccount(t.db.db, u.userId);
    await connect(u.userId, sandbox);
    // TikTok no longer takes the account (a refresh ended in invalid_grant, or it was removed).
    await t.tiktokAccounts.markAuthorizationRemoved(sandbox.openId);
    await schedule(u, new Date(Date.now() + 1500));
    const deadline = Date.now() + 60_000;
    let waiting = await itemOf(u);
    while (!waiting.lastJob?.last_error && Date.now() < deadline) {
      await sleep(250);
      waiting = await itemOf(u);
    }
    expect(waiting.lastJob).toMatchObject({
      status: 'queued',
      last_error: WAITING_FOR_RECONNECT,
    });
    expect(waiting.lastJob!.last_error).toMatch(/Reconnect it in Settings → TikTok/);

    // The reconciliation looks again every minute: while not reconnected nothing changes, and
    // even past the 6-hour late window the item is not given up.
    await t.db.db
      .update(campaignItems)
      .set({ dateScheduled: new Date(Date.now() - 7 * 60 * 60_000) })
      .where(eq(campaignItems.id, u.item.id));
    await t.jobs.send(CAMPAIGN_SEND_JOB, { itemId: u.item.id, version: 1 });
    await t.jobs.drain();
    const still = await itemOf(u);
    expect(still.lastJob).toEqual(waiting.lastJob);
    expect(await inbox(sandbox.openId)).toHaveLength(0);

    await connect(u.userId, sandbox);
    await t.jobs.send(CAMPAIGN_SEND_JOB, { itemId: u.item.id, version: 1 });
    const sent = await settled(u);
    expect(sent.lastJob!.status).toBe('done');
    expect(sent.lastJob!.last_error).toMatch(
      /^Sent late: it waited for your TikTok account to be reconnected; sent 7 hours after .* UTC\.$/,
    );
    expect(await inbox(sandbox.openId)).toHaveLength(1);
  });

  it('renders the slides ahead of the time, so at the time only the post is made', async () => {
    const u = await sellerWithItem();
    await schedule(u, new Date(Date.now() + 60 * 60_000));
    const hosted = async () =>
      (await t.db.db.select().from(tempImages).where(eq(tempImages.userId, u.userId))).length;
    await t.jobs.send(CAMPAIGN_PREPARE_JOB, { itemId: u.item.id, version: 1 });
    await t.jobs.drain(60_000);
    const [row] = await t.db.db.select().from(campaignItems).where(eq(campaignItems.id, u.item.id));
    expect(row!.prepared).toMatchObject({ version: 1 });
    expect(row!.prepared!.photos).toHaveLength(6);
    expect(await hosted()).toBe(6);

    await t.db.db
      .update(campaignItems)
      .set({ dateScheduled: new Date() })
      .where(eq(campaignItems.id, u.item.id));
    await t.jobs.send(CAMPAIGN_SEND_JOB, { itemId: u.item.id, version: 1 });
    expect((await settled(u)).lastJob?.status).toBe('done');
    // Nothing was drawn again at the time.
    expect(await hosted()).toBe(6);
    expect(await inbox(u.openId!)).toHaveLength(1);

    // Changing the slides drops what was rendered for the old ones.
    const v = await sellerWithItem();
    await schedule(v, new Date(Date.now() + 60 * 60_000));
    await t.jobs.send(CAMPAIGN_PREPARE_JOB, { itemId: v.item.id, version: 1 });
    await t.jobs.drain(60_000);
    await call('PATCH', `/api/campaigns/${v.campaign.id}/items/${v.item.id}`, v.headers, {
      caption: 'A new caption',
      carouselPlan: {
        slides: [{ text: 'Only one', imageUrl: v.item.carouselPlan!.slides[0]!.imageUrl }],
      },
    });
    const [changed] = await t.db.db
      .select()
      .from(campaignItems)
      .where(eq(campaignItems.id, v.item.id));
    expect(changed!.prepared).toBeNull();
  });

  it('renders a video item through the render service and lands it in the inbox once', async () => {
    const u = await paidSeller(t);
    const openId = await connect(u.userId);
    const { item: video, backdrop, video: path, base } = await plannedVideoItem(t, u);
    // As the editor saves it: a character image and the product video's storage path.
    const saved = await call('PATCH', base, u.headers, {
      hook: 'My skin after two weeks of this',
      productId: u.productId,
      assets: { selectedCharacter: backdrop, productVideos: [path], ugcMediaType: 'custom' },
    });
    expect(saved.json().status).toBe('assets_ready');
    const res = await call('PATCH', base, u.headers, {
      dateScheduled: new Date(Date.now() + 2000).toISOString(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const item = await settled({ headers: u.headers, item: video }, 240_000);
    expect(item.lastJob, JSON.stringify(item.lastJob)).toMatchObject({ status: 'done' });
    const received = await inbox(openId);
    expect(received).toHaveLength(1);
    expect(received[0]!.status).toBe('SEND_TO_USER_INBOX');
    const [row] = await t.db.db.select().from(campaignItems).where(eq(campaignItems.id, video.id));
    expect(row!.renderId).toBeTruthy();
    const [post] = await t.db.db.select().from(tiktokPosts).where(eq(tiktokPosts.id, row!.postId!));
    expect(post).toMatchObject({ kind: 'video', state: 'in_inbox' });
  }, 300_000);
});
