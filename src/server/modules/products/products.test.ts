import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mentionsProduct, productKeywords } from '#contract/hook-rules';
import { SAMPLE_PRODUCTS } from '../../testing/sample-products';
import { products, users } from '../../db/schema';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';

const { serum, pancakes } = SAMPLE_PRODUCTS;

describe('products', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const create = (headers: Record<string, string>, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/products', headers, payload: payload as object });
  const get = (headers: Record<string, string>, id: string) =>
    t.app.inject({ method: 'GET', url: `/api/products/${id}`, headers });
  const analyze = (headers: Record<string, string>, id: string, payload?: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/products/${id}/analyze`,
      headers,
      ...(payload ? { payload } : {}),
    });
  const rowOf = async (id: string) =>
    (await t.db.db.select().from(products).where(eq(products.id, id)))[0]!;

  it('creates a first product, the default one, which opens the app', async () => {
    const u = await t.createUser();
    const res = await create(u.headers, {
      name: '  Glow Serum ',
      description: '$24 vitamin C serum',
    });
    expect(res.statusCode).toBe(200);
    const { id } = res.json();
    await t.jobs.drain();
    const list = await t.app.inject({ method: 'GET', url: '/api/products', headers: u.headers });
    expect(list.json()).toEqual([
      {
        id,
        name: 'Glow Serum',
        description: '$24 vitamin C serum',
        images: [],
        thumbnails: [],
        isDefault: true,
        brandVoice: expect.any(String),
        aiBrief: expect.objectContaining({ hooks: expect.any(Array) }),
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    ]);
    const e = await t.app.inject({ method: 'GET', url: '/api/entitlements', headers: u.headers });
    expect(e.json().canAccessApp).toBe(true);
  });

  it('analyses a new product in the background into a brief about it', async () => {
    const u = await t.createUser();
    const { id } = (await create(u.headers, serum)).json();
    await t.jobs.drain();
    const res = await get(u.headers, id);
    expect(res.statusCode).toBe(200);
    const product = res.json();
    expect(product).toMatchObject({ id, name: serum.name, isDefault: true });
    const { hooks, voice, hashtags } = product.aiBrief;
    expect(hooks.length).toBeGreaterThanOrEqual(20);
    const keywords = productKeywords(serum);
    expect(hooks.every((h: string) => mentionsProduct(h, keywords))).toBe(true);
    expect(voice).toBeTruthy();
    expect(product.brandVoice).toBe(voice);
    expect(hashtags.length).toBeGreaterThan(0);
    expect((await rowOf(id)).analyzedAt).toBeInstanceOf(Date);

    // The background analysis is free: nothing was taken from the daily AI allowance.
    const usage = await t.db.db.query.aiDailyUsage.findMany({
      where: (table, { eq: equals }) => equals(table.userId, u.userId),
    });
    expect(usage).toEqual([]);
  });

  it('lists newest first; only the first product is the default', async () => {
    const u = await t.createUser();
    await t.db.db.update(users).set({ plan: 'pro' }).where(eq(users.id, u.userId));
    const ids: string[] = [];
    for (const name of ['First', 'Second', 'Third'])
      ids.push((await create(u.headers, { name })).json().id);
    const list = (
      await t.app.inject({ method: 'GET', url: '/api/products', headers: u.headers })
    ).json();
    expect(list.map((p: { id: string }) => p.id)).toEqual([...ids].reverse());
    expect(list.map((p: { isDefault: boolean }) => p.isDefault)).toEqual([false, false, true]);
  });

  it('validates the name', async () => {
    const u = await t.createUser();
    for (const payload of [{}, { name: '   ' }, { name: 42 }, { name: 'x'.repeat(121) }]) {
      const res = await create(u.headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation_error', field: 'name' });
    }
    const long = await create(u.headers, { name: 'Ok', description: 'x'.repeat(5001) });
    expect(long.json()).toMatchObject({ code: 'validation_error', field: 'description' });
  });

  it('refuses a second product on free and basic with 402 product_limit; plus allows five', async () => {
    const u = await t.createUser();
    expect((await create(u.headers, { name: 'One' })).statusCode).toBe(200);
    const second = await create(u.headers, { name: 'Two' });
    expect(second.statusCode).toBe(402);
    expect(second.json().code).toBe('product_limit');

    await t.db.db
      .update(users)
      .set({ plan: 'plus', subscriptionStatus: 'active' })
      .where(eq(users.id, u.userId));
    for (const name of ['Two', 'Three', 'Four', 'Five'])
      expect((await create(u.headers, { name })).statusCode).toBe(200);
    expect((await create(u.headers, { name: 'Six' })).statusCode).toBe(402);
  });

  it('lets only one of several parallel creates through on a one-product plan', async () => {
    const u = await t.createUser();
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, i) => create(u.headers, { name: `Rush ${i}` })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 402, 402, 402]);
    const rows = await t.db.db.select().from(products).where(eq(products.userId, u.userId));
    expect(rows.map((r) => r.isDefault)).toEqual([true]);
  });

  it("lists only the user's own products and hides others' behind 404", async () => {
    const a = await t.createUser();
    const b = await t.createUser();
    const { id } = (await create(a.headers, { name: 'Only mine' })).json();
    const list = await t.app.inject({ method: 'GET', url: '/api/products', headers: b.headers });
    expect(list.json()).toEqual([]);

    const foreign = await get(b.headers, id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('not_found');
    const unknown = await get(a.headers, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(foreign.json());

    const foreignAnalyze = await analyze(b.headers, id, { force: true });
    expect(foreignAnalyze.statusCode).toBe(404);
    expect(foreignAnalyze.json().code).toBe('not_found');
  });

  it('refuses malformed ids and bodies with 400 and needs a session', async () => {
    const u = await t.createUser();
    const bad = await get(u.headers, 'not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'validation_error', field: 'id' });
    const badAnalyze = await analyze(u.headers, 'nope');
    expect(badAnalyze.statusCode).toBe(400);

    const { id } = (await create(u.headers, { name: 'Body checks' })).json();
    const wrongForce = await analyze(u.headers, id, { force: 'yes' });
    expect(wrongForce.statusCode).toBe(400);
    expect(wrongForce.json()).toMatchObject({ code: 'validation_error', field: 'force' });

    for (const [method, url] of [
      ['GET', '/api/products'],
      ['GET', `/api/products/${id}`],
      ['POST', '/api/products'],
      ['POST', `/api/products/${id}/analyze`],
      ['POST', `/api/products/${id}/upload-images`],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('analyze returns the stored brief, writes one when missing, and a new one with force', async () => {
    const u = await t.createUser();
    const { id } = (await create(u.headers, pancakes)).json();
    await t.jobs.drain();
    const stored = (await rowOf(id)).aiBrief;

    const again = await analyze(u.headers, id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ aiBrief: stored });
    const { analyzedAt: firstAt } = await rowOf(id);

    const forced = await analyze(u.headers, id, { force: true });
    expect(forced.statusCode).toBe(200);
    const fresh = forced.json().aiBrief;
    expect(fresh.hooks.length).toBeGreaterThanOrEqual(20);
    expect(fresh.hooks).not.toEqual((stored as { hooks: string[] }).hooks);
    const after = await rowOf(id);
    expect(after.aiBrief).toEqual(fresh);
    expect(after.analyzedAt!.getTime()).toBeGreaterThan(firstAt!.getTime());
    expect((await get(u.headers, id)).json().aiBrief).toEqual(fresh);

    // A brief too thin for docs/product/products.md rule 3 (fewer than 20 hooks) is rewritten
    // without force.
    await t.db.db
      .update(products)
      .set({ aiBrief: { hooks: ['Protein pancakes in 5 minutes'] } })
      .where(eq(products.id, id));
    const thin = await analyze(u.headers, id);
    expect(thin.json().aiBrief.hooks.length).toBeGreaterThanOrEqual(20);

    // An explicit empty JSON body is the same as none.
    const empty = await analyze(u.headers, id, {});
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual(thin.json());
  });

  it('an analyze call while the creation analysis runs answers at once; the brief shows on the product once written', async () => {
    const u = await t.createUser();
    // The creation job is held back so the call surely meets it still queued.
    const original = t.jobs.send;
    t.jobs.send = (job, payload, options) =>
      original(job, payload, { ...options, startAfter: 3600 });
    let id: string;
    try {
      id = (await create(u.headers, serum)).json().id;
    } finally {
      t.jobs.send = original;
    }
    const res = await analyze(u.headers, id);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ aiBrief: null });
    expect((await get(u.headers, id)).json().aiBrief).toBeNull();

    await t.db.executor.executeSql(
      `UPDATE pgboss.job SET start_after = now() WHERE name = 'analyze-product'`,
    );
    await t.jobs.drain();
    const brief = (await get(u.headers, id)).json().aiBrief;
    expect(brief.hooks.length).toBeGreaterThanOrEqual(20);
    expect(await analyze(u.headers, id).then((r) => [r.statusCode, r.json()])).toEqual([
      200,
      { aiBrief: brief },
    ]);
    // Only the job wrote a brief, and the job is free.
    const usage = await t.db.db.query.aiDailyUsage.findMany({
      where: (table, { eq: equals }) => equals(table.userId, u.userId),
    });
    expect(usage).toEqual([]);
  });

  it('creates the product even when the analysis cannot be queued', async () => {
    const u = await t.createUser();
    const original = t.jobs.send;
    t.jobs.send = async () => {
      throw new Error('queue down');
    };
    try {
      const res = await create(u.headers, { name: 'Still created' });
      expect(res.statusCode).toBe(200);
      expect((await get(u.headers, res.json().id)).json().aiBrief).toBeNull();
    } finally {
      t.jobs.send = original;
    }
  });
});
