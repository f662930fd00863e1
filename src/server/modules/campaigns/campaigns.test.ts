import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCampaign, TCampaignItem } from '#contract/campaigns';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';
import { day, paidSeller, seedLibrary } from './campaigns-test-kit';

type Headers = Record<string, string>;

describe('campaigns', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedLibrary(t);
  });
  afterAll(() => t.close());

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
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

  const newCampaign = (headers: Headers, body: Record<string, unknown>) =>
    call('POST', '/api/campaigns', headers, {
      name: 'Spring glow',
      startDate: day(1),
      endDate: day(7),
      timezone: 'Europe/Madrid',
      cadenceHours: 24,
      scheduleMode: 'interval',
      customDates: [],
      goal: '',
      ...body,
    });

  const planned = async (
    headers: Headers,
    productId: string,
    body: Record<string, unknown> = {},
  ) => {
    const created = await newCampaign(headers, { productId, ...body });
    expect(created.statusCode, created.body).toBe(200);
    const campaign = created.json<TCampaign>();
    const plan = await call('POST', `/api/campaigns/${campaign.id}/generate-plan`, headers);
    expect(plan.statusCode, plan.body).toBe(200);
    return { campaign, items: plan.json<{ items: TCampaignItem[] }>().items };
  };

  it('answers the dashboard with an empty list, and refuses campaigns on the free plan', async () => {
    const u = await t.createUser();
    const list = await call('GET', '/api/campaigns', u.headers);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([]);
    const product = await call('POST', '/api/products', u.headers, {
      name: 'Mug',
      description: 'A mug',
    });
    const res = await newCampaign(u.headers, { productId: product.json().id });
    expect(res.statusCode).toBe(402);
    expect(res.json().code).toBe('campaign_limit');
    expect((await call('GET', '/api/campaigns', u.headers)).json()).toEqual([]);
  });

  it('creates, lists and checks a campaign as the dialog sends it', async () => {
    const u = await paidSeller(t);
    const res = await newCampaign(u.headers, {
      productId: u.productId,
      scheduleMode: 'dates',
      customDates: [`${day(2)}T18:00`, `${day(1)}T09:30`, `${day(2)}T18:00:00`],
      goal: 'Playful, for busy nurses',
    });
    expect(res.statusCode, res.body).toBe(200);
    const campaign = res.json<TCampaign>();
    expect(campaign).toMatchObject({
      name: 'Spring glow',
      productId: u.productId,
      timezone: 'Europe/Madrid',
      scheduleMode: 'dates',
      customDates: [`${day(1)}T09:30`, `${day(2)}T18:00`],
      goal: 'Playful, for busy nurses',
    });
    const list = await call('GET', '/api/campaigns', u.headers);
    expect(list.json<TCampaign[]>().map((c) => c.id)).toEqual([campaign.id]);

    const refused = async (body: Record<string, unknown>, field: string) => {
      const r = await newCampaign(u.headers, { productId: u.productId, ...body });
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json()).toMatchObject({ code: 'validation_error', field });
    };
    await refused({ startDate: day(5), endDate: day(2) }, 'endDate');
    await refused({ endDate: day(40) }, 'endDate');
    await refused({ timezone: 'Mars/Olympus' }, 'timezone');
    await refused({ cadenceHours: 5 }, 'cadenceHours');
    await refused({ cadenceHours: 169 }, 'cadenceHours');
    await refused({ scheduleMode: 'dates', customDates: [] }, 'customDates');
    await refused({ scheduleMode: 'dates', customDates: [`${day(20)}T10:00`] }, 'customDates');
    await refused({ name: '   ' }, 'name');
    const foreign = await paidSeller(t);
    const notMine = await newCampaign(u.headers, { productId: foreign.productId });
    expect(notMine.statusCode).toBe(404);
  });

  it('plans one item per slot: varied strategies, new hooks, 6-slide carousels with images', async () => {
    const u = await paidSeller(t);
    const { campaign, items } = await planned(u.headers, u.productId);
    expect(items).toHaveLength(7);
    expect(new Set(items.map((i) => i.strategy)).size).toBeGreaterThanOrEqual(5);
    const hooks = items.map((i) => i.hook!.toLowerCase());
    expect(new Set(hooks).size).toBe(7);
    const carousels = items.filter((i) => i.type === 'carousel');
    expect(carousels.length).toBeGreaterThan(0);
    for (const item of carousels) {
      expect(item.carouselPlan!.slides).toHaveLength(6);
      expect(item.carouselPlan!.slides[0]!.text).toBe(item.hook);
      expect(
        item.carouselPlan!.slides.every((s) => s.imageUrl?.startsWith('/media/carousel/')),
      ).toBe(true);
      expect(item.caption).toBeTruthy();
      expect(item.hashtags.length).toBeGreaterThan(0);
      expect(item.status).toBe('assets_ready');
      expect(item.dateScheduled).toBeNull();
      expect(item.lastJob).toBeNull();
    }
    for (const item of items.filter((i) => i.type === 'video')) {
      // A premade character is chosen; without a product video the item is not ready yet.
      expect(item.assets.selectedCharacter).toMatch(/^\/media\/characters\//);
      expect(item.assets.productVideos).toEqual([]);
      expect(item.status).toBe('planned');
    }
    // Generating again fills gaps only.
    const again = await call('POST', `/api/campaigns/${campaign.id}/generate-plan`, u.headers);
    expect(again.json().items.map((i: TCampaignItem) => i.id)).toEqual(items.map((i) => i.id));
    // A second campaign for the same product does not reuse those hooks.
    const next = await planned(u.headers, u.productId, { name: 'Second' });
    const reused = next.items.filter((i) => hooks.includes(i.hook!.toLowerCase()));
    expect(reused).toEqual([]);
  });

  it('lets the goal steer the plan', async () => {
    const u = await paidSeller(t);
    const { items } = await planned(u.headers, u.productId, {
      goal: 'Playful tone, for busy nurses',
    });
    const text = items
      .flatMap((i) => [i.caption ?? '', ...(i.carouselPlan?.slides.map((s) => s.text) ?? [])])
      .join(' ')
      .toLowerCase();
    expect(text).toContain('nurses');
  });

  it('reads one item, and keeps other users out of every route', async () => {
    const u = await paidSeller(t);
    const { campaign, items } = await planned(u.headers, u.productId, { endDate: day(2) });
    const item = items[0]!;
    const one = await call('GET', `/api/campaign-items/${item.id}`, u.headers);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(item);

    const other = await paidSeller(t);
    const tries = [
      call('GET', `/api/campaign-items/${item.id}`, other.headers),
      call('GET', `/api/campaigns/${campaign.id}/items`, other.headers),
      call('POST', `/api/campaigns/${campaign.id}/generate-plan`, other.headers),
      call('PATCH', `/api/campaigns/${campaign.id}/items/${item.id}`, other.headers, {
        caption: 'x',
      }),
      call('POST', `/api/campaigns/${campaign.id}/schedule/bulk`, other.headers, {
        preferredHour: 9,
        preferredMinute: 0,
      }),
      call('DELETE', `/api/campaigns/${campaign.id}`, other.headers),
    ];
    for (const res of await Promise.all(tries)) expect(res.statusCode, res.body).toBe(404);
    expect((await call('GET', '/api/campaign-items/' + item.id, {})).statusCode).toBe(401);
    expect(
      (await call('GET', `/api/campaigns/${campaign.id}/items`, u.headers)).json().items,
    ).toHaveLength(items.length);
  });

  it('takes every PATCH shape the editors send and judges the status itself', async () => {
    const u = await paidSeller(t);
    const { campaign, items } = await planned(u.headers, u.productId);
    const carousel = items.find((i) => i.type === 'carousel')!;
    const video = items.find((i) => i.type === 'video')!;
    const patch = (id: string, body: unknown) =>
      call('PATCH', `/api/campaigns/${campaign.id}/items/${id}`, u.headers, body);
    const slides = [
      { text: 'New first', imageUrl: carousel.carouselPlan!.slides[0]!.imageUrl },
      'Plain text slide',
    ];

    let res = await patch(carousel.id, { carouselPlan: { slides } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().carouselPlan.slides).toEqual([slides[0], { text: 'Plain text slide' }]);
    res = await patch(carousel.id, { carouselPlan: { slides }, caption: 'From the maker' });
    expect(res.json()).toMatchObject({ caption: 'From the maker', status: 'assets_ready' });
    res = await patch(carousel.id, {
      caption: 'Generated',
      hashtags: ['#glow'],
      carouselPlan: { slides: ['Only text'] },
      status: 'assets_ready',
    });
    // The client says ready; with no image the server knows better.
    expect(res.json()).toMatchObject({
      caption: 'Generated',
      hashtags: ['#glow'],
      status: 'planned',
    });
    res = await patch(video.id, { hook: 'This serum fixed my dull skin', status: 'assets_ready' });
    expect(res.json()).toMatchObject({ hook: 'This serum fixed my dull skin', status: 'planned' });
    res = await patch(video.id, {
      hook: 'Hook from the editor',
      productId: u.productId,
      assets: {
        selectedCharacter: '/media/characters/maya.mp4',
        productVideos: [`users/${u.userId}/product-videos/a.mp4`],
        ugcMediaType: 'premade',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ hook: 'Hook from the editor', status: 'assets_ready' });
    // Assets are merged: what the plan set and the editor did not send stays.
    expect(res.json().assets).toMatchObject({ textFontScale: 1, ugcMediaType: 'premade' });

    const bad = async (id: string, body: unknown, status = 400) => {
      const r = await patch(id, body);
      expect(r.statusCode, r.body).toBe(status);
      return r.json();
    };
    expect((await bad(video.id, { carouselPlan: { slides: ['x'] } })).field).toBe('carouselPlan');
    await bad(carousel.id, {});
    await bad(carousel.id, { colour: 'red' });
    await bad(carousel.id, { status: 'sent' });
    await bad(carousel.id, { dateScheduled: 'tomorrow' });
    await bad(carousel.id, { productId: 'not-mine' }, 404);
  });

  it('schedules only ready items at future dates, reads local times in the campaign zone, unschedules', async () => {
    const u = await paidSeller(t);
    const { campaign, items } = await planned(u.headers, u.productId);
    const carousel = items.find((i) => i.type === 'carousel')!;
    const video = items.find((i) => i.type === 'video')!;
    const schedule = (id: string, dateScheduled: string | null) =>
      call('PATCH', `/api/campaigns/${campaign.id}/items/${id}`, u.headers, { dateScheduled });

    const notReady = await schedule(video.id, `${day(3)}T10:00:00Z`);
    expect(notReady.statusCode).toBe(409);
    expect(notReady.json().code).toBe('campaign_assets_not_ready');
    expect(notReady.json().error).toMatch(/^Assets not ready or invalid date/);
    const past = await schedule(carousel.id, new Date(Date.now() - 60_000).toISOString());
    expect(past.statusCode).toBe(422);
    expect(past.json().code).toBe('campaign_date_invalid');

    const local = await schedule(carousel.id, `${day(3)}T10:00`);
    expect(local.statusCode, local.body).toBe(200);
    // 10:00 in Madrid in winter is 09:00 UTC.
    expect(local.json().dateScheduled).toBe(`${day(3)}T09:00:00.000Z`);
    expect(local.json().lastJob).toMatchObject({ status: 'queued', last_error: null });
    const jobs = async () =>
      (
        await t.db.executor.executeSql(
          `SELECT state, start_after FROM pgboss.job WHERE name = 'campaign-item-send' AND data->>'itemId' = $1 ORDER BY created_on`,
          [carousel.id],
        )
      ).rows as { state: string; start_after: Date }[];
    expect((await jobs()).map((j) => [j.state, new Date(j.start_after).toISOString()])).toEqual([
      ['created', `${day(3)}T09:00:00.000Z`],
    ]);

    const moved = await schedule(carousel.id, `${day(4)}T08:15:00+02:00`);
    expect(moved.json().dateScheduled).toBe(`${day(4)}T06:15:00.000Z`);
    expect((await jobs()).map((j) => j.state)).toEqual(['cancelled', 'created']);

    const off = await schedule(carousel.id, null);
    expect(off.json()).toMatchObject({ dateScheduled: null, lastJob: null });
    expect((await jobs()).map((j) => j.state)).toEqual(['cancelled', 'cancelled']);
  });

  it('schedules all ready items at a daily time, and deleting the campaign cancels their sends', async () => {
    const u = await paidSeller(t);
    const { campaign, items } = await planned(u.headers, u.productId);
    const ready = items.filter((i) => i.status === 'assets_ready');
    const res = await call('POST', `/api/campaigns/${campaign.id}/schedule/bulk`, u.headers, {
      preferredHour: 19,
      preferredMinute: 30,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ scheduled: ready.length });
    const after = (await call('GET', `/api/campaigns/${campaign.id}/items`, u.headers)).json<{
      items: TCampaignItem[];
    }>().items;
    for (const item of after.filter((i) => i.status === 'assets_ready')) {
      // 19:30 in Madrid (UTC+1 in winter) on the item's own day.
      expect(item.dateScheduled).toMatch(/T18:30:00\.000Z$/);
      expect(item.lastJob?.status).toBe('queued');
    }
    for (const item of after.filter((i) => i.status !== 'assets_ready'))
      expect(item.dateScheduled).toBeNull();
    const days = after.flatMap((i) => (i.dateScheduled ? [i.dateScheduled.slice(0, 10)] : []));
    expect(new Set(days).size).toBe(days.length);

    const gone = await call('DELETE', `/api/campaigns/${campaign.id}`, u.headers);
    expect(gone.statusCode).toBe(204);
    const { rows } = await t.db.executor.executeSql(
      `SELECT state FROM pgboss.job WHERE name = 'campaign-item-send' AND data->>'itemId' = ANY($1::text[])`,
      [ready.map((i) => i.id)],
    );
    expect(rows.map((r) => (r as { state: string }).state)).toEqual(ready.map(() => 'cancelled'));
    expect((await call('GET', `/api/campaign-items/${ready[0]!.id}`, u.headers)).statusCode).toBe(
      404,
    );
    expect((await call('GET', '/api/campaigns', u.headers)).json()).toEqual([]);
  });
});
