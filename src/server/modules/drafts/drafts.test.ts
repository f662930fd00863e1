import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { drafts, products } from '../../db/schema';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';

describe('drafts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  type Headers = Record<string, string>;
  const create = (headers: Headers, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/drafts', headers, payload: payload as object });
  const patch = (headers: Headers, id: string, payload: unknown) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/drafts/${id}`,
      headers,
      payload: payload as object,
    });
  const get = (headers: Headers, url: string) => t.app.inject({ method: 'GET', url, headers });
  const addProduct = async (userId: string) => {
    const id = randomUUID();
    await t.db.db.insert(products).values({ id, userId, name: 'Glow Serum' });
    return id;
  };
  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it('creates a draft from { type } and reads it back', async () => {
    const u = await t.createUser();
    const res = await create(u.headers, { type: 'carousel' });
    expect(res.statusCode).toBe(200);
    const draft = res.json();
    expect(draft).toEqual({
      id: expect.any(String),
      type: 'carousel',
      productId: null,
      hook: null,
      caption: null,
      hashtags: [],
      carouselPlan: null,
      assets: {},
      status: 'draft',
      originItemId: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const again = await get(u.headers, `/api/drafts/${draft.id}`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(draft);
  });

  it('creates a snapshot of a campaign item, string slides normalised, originItemId set', async () => {
    const u = await t.createUser();
    const productId = await addProduct(u.userId);
    const res = await create(u.headers, {
      type: 'carousel',
      productId,
      hook: 'Nobody told me this',
      carouselPlan: { slides: ['First', { text: 'Second', imageUrl: '/media/carousel/a.jpg' }] },
      caption: 'Glow up',
      hashtags: ['#skincare'],
      assets: { originCampaignItemId: 'item-1', selectedCharacter: null },
      status: 'draft',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      productId,
      hook: 'Nobody told me this',
      caption: 'Glow up',
      hashtags: ['#skincare'],
      carouselPlan: {
        slides: [{ text: 'First' }, { text: 'Second', imageUrl: '/media/carousel/a.jpg' }],
      },
      assets: { originCampaignItemId: 'item-1', selectedCharacter: null },
      originItemId: 'item-1',
    });
  });

  it('refuses bad create bodies', async () => {
    const u = await t.createUser();
    for (const payload of [
      {},
      { type: 'photo' },
      { type: 'video', status: 'posted' },
      { type: 'video', foo: 1 },
    ]) {
      const res = await create(u.headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('validation_error');
    }
    expect((await create({}, { type: 'video' })).statusCode).toBe(401);
  });

  it('lets only the owner read, change or delete a draft (404 for anyone else)', async () => {
    const a = await t.createUser();
    const b = await t.createUser();
    const { id } = (await create(a.headers, { type: 'carousel' })).json();
    expect((await get(b.headers, `/api/drafts/${id}`)).statusCode).toBe(404);
    const p = await patch(b.headers, id, { carouselPlan: { slides: ['Mine now'] } });
    expect(p.statusCode).toBe(404);
    expect(p.json().code).toBe('not_found');
    const d = await t.app.inject({
      method: 'DELETE',
      url: `/api/drafts/${id}`,
      headers: b.headers,
    });
    expect(d.statusCode).toBe(404);
    expect((await get(b.headers, '/api/drafts')).json()).toEqual({ drafts: [] });
    // Still there, unchanged, for its owner.
    const own = await get(a.headers, `/api/drafts/${id}`);
    expect(own.json().carouselPlan).toBeNull();
    expect((await get(a.headers, `/api/drafts/${randomUUID()}`)).statusCode).toBe(404);
  });

  it('deletes a draft', async () => {
    const u = await t.createUser();
    const { id } = (await create(u.headers, { type: 'video' })).json();
    const d = await t.app.inject({
      method: 'DELETE',
      url: `/api/drafts/${id}`,
      headers: u.headers,
    });
    expect(d.statusCode).toBe(204);
    expect((await get(u.headers, `/api/drafts/${id}`)).statusCode).toBe(404);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/drafts/${id}`,
      headers: u.headers,
    });
    expect(again.statusCode).toBe(404);
  });

  it('lists newest change first, with limit, summaries and the campaign-item filter', async () => {
    const u = await t.createUser();
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      // A caption makes each one distinct: an empty `{ type }` would be reused (decision 030).
      const type = i % 2 ? 'video' : 'carousel';
      ids.push((await create(u.headers, { type, caption: `Draft ${i}` })).json().id);
    }
    const item = await create(u.headers, {
      type: 'carousel',
      assets: { originCampaignItemId: 'item-42' },
    });
    // Editing the oldest one brings it to the front.
    await pause(5);
    const oldest = ids[0]!;
    await patch(u.headers, oldest, {
      carouselPlan: { slides: [{ text: 'Hook slide', imageUrl: '/media/carousel/x.jpg' }, 'Two'] },
      caption: 'Caption here',
    });

    const list = await get(u.headers, '/api/drafts?limit=8');
    expect(list.statusCode).toBe(200);
    const drafts = list.json().drafts;
    expect(drafts).toHaveLength(8);
    expect(drafts[0].id).toBe(oldest);
    expect(drafts[0]).toHaveProperty('carouselPlan');
    const times = drafts.map((d: { updatedAt: string }) => d.updatedAt);
    expect([...times].sort().reverse()).toEqual(times);

    const summary = await get(u.headers, '/api/drafts?limit=8&summary=true');
    expect(summary.json().drafts[0]).toEqual({
      id: oldest,
      type: 'carousel',
      hook: null,
      caption: 'Caption here',
      slides: [{ text: 'Hook slide', imageUrl: '/media/carousel/x.jpg' }, { text: 'Two' }],
      selectedCharacter: null,
      updatedAt: expect.any(String),
    });
    expect(Object.keys(summary.json().drafts[1])).not.toContain('assets');

    const found = await get(u.headers, '/api/drafts?limit=1&status=draft&originItemId=item-42');
    expect(found.json().drafts.map((d: { id: string }) => d.id)).toEqual([item.json().id]);
    const none = await get(u.headers, '/api/drafts?limit=1&status=draft&originItemId=item-43');
    expect(none.json().drafts).toEqual([]);
    expect((await get(u.headers, '/api/drafts?limit=0')).statusCode).toBe(400);
    expect((await get(u.headers, '/api/drafts?limit=many')).statusCode).toBe(400);
  });

  it('accepts the carousel shape and moves updatedAt on every save', async () => {
    const u = await t.createUser();
    const productId = await addProduct(u.userId);
    const draft = (await create(u.headers, { type: 'carousel' })).json();
    let last = draft.updatedAt as string;
    const shapes = [
      { carouselPlan: { slides: [] } },
      { carouselPlan: { slides: ['Only text'] }, caption: 'A caption' },
      {
        carouselPlan: { slides: [{ text: 'T', imageUrl: '/media/carousel/y.jpg' }] },
        caption: null,
      },
      { carouselPlan: { slides: ['With product'] }, caption: 'c', productId, hashtags: ['#a'] },
    ];
    for (const shape of shapes) {
      const res = await patch(u.headers, draft.id, shape);
      expect(res.statusCode, JSON.stringify(shape)).toBe(200);
      const saved = res.json();
      expect(saved.updatedAt > last, 'updatedAt moves forward').toBe(true);
      expect(saved.createdAt).toBe(draft.createdAt);
      last = saved.updatedAt;
    }
    const final = (await get(u.headers, `/api/drafts/${draft.id}`)).json();
    expect(final).toMatchObject({
      carouselPlan: { slides: [{ text: 'With product' }] },
      caption: 'c',
      productId,
      hashtags: ['#a'],
    });
    // Caption left out keeps the saved one.
    const kept = await patch(u.headers, draft.id, { carouselPlan: { slides: ['x'] } });
    expect(kept.json().caption).toBe('c');
  });

  it('accepts the demo shape, merging assets', async () => {
    const u = await t.createUser();
    const productId = await addProduct(u.userId);
    const draft = (
      await create(u.headers, { type: 'video', assets: { originCampaignItemId: 'item-7' } })
    ).json();
    const res = await patch(u.headers, draft.id, {
      type: 'video',
      productId,
      hook: 'POV: your blender fits in a cup holder',
      assets: {
        selectedCharacter: '/characters/ava.mp4',
        productVideos: ['users/u/product-videos/a.mp4'],
        ugcMediaType: 'premade',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      type: 'video',
      productId,
      hook: 'POV: your blender fits in a cup holder',
      assets: {
        originCampaignItemId: 'item-7',
        selectedCharacter: '/characters/ava.mp4',
        productVideos: ['users/u/product-videos/a.mp4'],
        ugcMediaType: 'premade',
      },
      originItemId: 'item-7',
    });
    expect((await patch(u.headers, draft.id, { type: 'video' })).statusCode).toBe(200);
    const summary = await get(u.headers, '/api/drafts?limit=1&summary=true');
    expect(summary.json().drafts[0]).toMatchObject({
      selectedCharacter: '/characters/ava.mp4',
      slides: [],
    });
  });

  it('refuses anything that is neither shape with a clear 400', async () => {
    const u = await t.createUser();
    const carousel = (await create(u.headers, { type: 'carousel' })).json();
    const video = (await create(u.headers, { type: 'video' })).json();
    const cases: [string, unknown, RegExp][] = [
      [carousel.id, { foo: 1 }, /either \{ carouselPlan, caption \}/],
      [carousel.id, {}, /either/],
      [carousel.id, { caption: 'no plan' }, /either/],
      [carousel.id, { carouselPlan: { slides: 'one' } }, /carouselPlan\.slides/],
      [carousel.id, { carouselPlan: ['a'] }, /carouselPlan/],
      [carousel.id, { carouselPlan: { slides: [{ text: 1 }] } }, /carouselPlan\.slides\.0/],
      [carousel.id, { carouselPlan: { slides: [] }, hook: 'x' }, /hook/],
      [video.id, { type: 'carousel', hook: 'x' }, /type/],
      [video.id, { type: 'video', carouselPlan: { slides: [] } }, /carouselPlan/],
      [carousel.id, { type: 'video', hook: 'x', caption: 'both' }, /caption/],
      [video.id, { type: 'video', assets: { ugcMediaType: 'ai' } }, /assets\.ugcMediaType/],
      [video.id, { type: 'video', hook: 'x'.repeat(1001) }, /hook/],
      [
        carousel.id,
        { carouselPlan: { slides: [{ text: 'T', imageUrl: 'javascript:alert(1)' }] } },
        /carouselPlan\.slides\.0\.imageUrl/,
      ],
      [
        carousel.id,
        { carouselPlan: { slides: [{ text: 'T', imageUrl: '//evil.example/x.jpg' }] } },
        /imageUrl/,
      ],
    ];
    for (const [id, payload, message] of cases) {
      const res = await patch(u.headers, id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('validation_error');
      expect(res.json().error, JSON.stringify(payload)).toMatch(message);
    }
    // Well-formed, but the wrong shape for the draft's type.
    const wrongType = await patch(u.headers, video.id, { carouselPlan: { slides: ['x'] } });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json()).toMatchObject({ code: 'validation_error', field: 'type' });
    const wrongType2 = await patch(u.headers, carousel.id, { type: 'video', hook: 'x' });
    expect(wrongType2.json()).toMatchObject({ code: 'validation_error', field: 'type' });
    const raw = await t.app.inject({
      method: 'PATCH',
      url: `/api/drafts/${carousel.id}`,
      headers: { ...u.headers, 'content-type': 'application/json' },
      payload: '[1,2]',
    });
    expect(raw.statusCode).toBe(400);
    // Nothing above changed the drafts.
    expect((await get(u.headers, `/api/drafts/${carousel.id}`)).json().updatedAt).toBe(
      carousel.updatedAt,
    );
  });

  it("refuses a product that is not the user's own (400, on create and on save)", async () => {
    const a = await t.createUser();
    const b = await t.createUser();
    const theirs = await addProduct(b.userId);
    const created = await create(a.headers, { type: 'carousel', productId: theirs });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toMatchObject({ code: 'validation_error', field: 'productId' });
    const draft = (await create(a.headers, { type: 'video' })).json();
    for (const productId of [theirs, randomUUID()]) {
      const res = await patch(a.headers, draft.id, { type: 'video', productId });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_error', field: 'productId' });
    }
    // Clearing the product is fine.
    expect((await patch(a.headers, draft.id, { type: 'video', productId: null })).statusCode).toBe(
      200,
    );
  });
});

describe('drafts: an untouched empty draft is reused (decision 030)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const create = (headers: Record<string, string>, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/drafts', headers, payload });
  const ids = async (headers: Record<string, string>) =>
    (
      (await t.app.inject({ method: 'GET', url: '/api/drafts?limit=50', headers })).json() as {
        drafts: { id: string }[];
      }
    ).drafts.map((d) => d.id);

  it('hands back the same empty draft per type until it is saved', async () => {
    const u = await t.createUser();
    const first = (await create(u.headers, { type: 'carousel' })).json();
    const second = (await create(u.headers, { type: 'carousel' })).json();
    expect(second.id).toBe(first.id);
    const video = (await create(u.headers, { type: 'video' })).json();
    expect(video.id).not.toBe(first.id);
    expect((await create(u.headers, { type: 'video' })).json().id).toBe(video.id);
    // Opened from the Create hub and left at once: kept for the next opening, never listed as
    // an "Untitled" draft (issue 29).
    expect(await ids(u.headers)).toEqual([]);

    const saved = await t.app.inject({
      method: 'PATCH',
      url: `/api/drafts/${first.id}`,
      headers: u.headers,
      payload: { carouselPlan: { slides: [] }, caption: null },
    });
    expect(saved.statusCode).toBe(200);
    expect(await ids(u.headers)).toEqual([first.id]);
    const fresh = (await create(u.headers, { type: 'carousel' })).json();
    expect(fresh.id).not.toBe(first.id);
  });

  it('agrees on one draft when two tabs ask at once', async () => {
    const u = await t.createUser();
    const answers = await Promise.all([
      create(u.headers, { type: 'carousel' }),
      create(u.headers, { type: 'carousel' }),
      create(u.headers, { type: 'carousel' }),
    ]);
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    const rows = await t.db.db.select().from(drafts).where(eq(drafts.userId, u.userId));
    expect(rows).toHaveLength(1);
  });

  it('never reuses another user’s draft, a snapshot, or a draft that left the draft status', async () => {
    const a = await t.createUser();
    const b = await t.createUser();
    const mine = (await create(a.headers, { type: 'carousel' })).json();
    expect((await create(b.headers, { type: 'carousel' })).json().id).not.toBe(mine.id);
    const snapshot = (await create(a.headers, { type: 'carousel', caption: 'Hi' })).json();
    expect(snapshot.id).not.toBe(mine.id);
    expect((await create(a.headers, { type: 'carousel', caption: 'Hi' })).json().id).not.toBe(
      snapshot.id,
    );
  });
});
