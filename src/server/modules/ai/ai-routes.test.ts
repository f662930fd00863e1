import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalWriter } from '../../adapters/ai/local-writer';
import { SAMPLE_PRODUCTS } from '../../testing/sample-products';
import { products } from '../../db/schema';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';
import { multipart, solidPng } from '../../testing/multipart';
import { createProductBriefs } from '../products';
import { createAiActions } from './ai-actions';
import { createAiService } from './ai-service';
import { createFairUse } from './fair-use';

const { serum, organiser, pancakes } = SAMPLE_PRODUCTS;
type Headers = Record<string, string>;

describe('AI routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const post = (headers: Headers, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers, payload });
  const newProduct = async (headers: Headers, product: { name: string; description: string }) => {
    const { id } = (await post(headers, '/api/products', product)).json();
    await t.jobs.drain();
    return id as string;
  };
  const storedHooks = async (id: string) =>
    (
      (await t.db.db.select().from(products).where(eq(products.id, id)))[0]!.aiBrief as {
        hooks: string[];
      }
    ).hooks;

  describe('generate-video-hook', () => {
    const hook = (headers: Headers, payload: object) =>
      post(headers, '/api/ai/generate-video-hook', payload);

    it('answers ten hooks from the stored brief, honouring exclude and maxChars', async () => {
      const u = await t.createUser();
      const id = await newProduct(u.headers, pancakes);
      const stored = await storedHooks(id);

      const first = await hook(u.headers, { productId: id });
      expect(first.statusCode).toBe(200);
      const { hook: top, hooks } = first.json();
      expect(hooks).toHaveLength(10);
      expect(top).toBe(hooks[0]);
      for (const h of hooks) expect(stored).toContain(h);

      const exclude = hooks.map((h: string) => h.toUpperCase());
      const next = await hook(u.headers, { productId: id, constraints: { maxChars: 60, exclude } });
      expect(next.statusCode).toBe(200);
      const used = new Set(hooks.map((h: string) => h.toLowerCase()));
      expect(next.json().hooks).toHaveLength(10);
      for (const h of next.json().hooks as string[]) {
        expect(used.has(h.toLowerCase())).toBe(false);
        expect(h.length).toBeLessThanOrEqual(60);
      }
    });

    it('"Regenerate with AI" gives another hook each time, never an excluded one', async () => {
      const u = await t.createUser();
      const id = await newProduct(u.headers, serum);
      const stored = await storedHooks(id);
      const exclude = stored.slice(0, 5);
      const excluded = new Set(exclude.map((h) => h.toLowerCase()));
      const unused = stored.length - exclude.length;
      const seen: string[] = [];
      for (let i = 0; i < unused; i++) {
        const res = await hook(u.headers, { productId: id, constraints: { exclude } });
        expect(res.statusCode).toBe(200);
        const { hook: top, hooks } = res.json() as { hook: string; hooks: string[] };
        for (const h of hooks) expect(excluded.has(h.toLowerCase())).toBe(false);
        seen.push(top);
      }
      // Every unused stored hook came up once before any came back.
      expect(new Set(seen).size).toBe(unused);
    });

    it('writes fresh hooks once every stored one is excluded', async () => {
      const u = await t.createUser();
      const id = await newProduct(u.headers, serum);
      const stored = await storedHooks(id);
      const res = await hook(u.headers, { productId: id, constraints: { exclude: stored } });
      expect(res.statusCode).toBe(200);
      const { hooks } = res.json();
      expect(hooks.length).toBeGreaterThan(0);
      const excluded = new Set(stored.map((h) => h.toLowerCase()));
      for (const h of hooks as string[]) expect(excluded.has(h.toLowerCase())).toBe(false);
    });

    it('re-analyses a brief with too few or generic hooks before answering', async () => {
      const u = await t.createUser();
      const id = await newProduct(u.headers, organiser);
      const generic = Array.from({ length: 25 }, (_, i) => `Not kidding, trick number ${i + 1}`);
      await t.db.db
        .update(products)
        .set({ aiBrief: { hooks: generic, hooksSeeds: [], voice: '', hashtags: [] } })
        .where(eq(products.id, id));
      const res = await hook(u.headers, { productId: id });
      expect(res.statusCode).toBe(200);
      const rewritten = await storedHooks(id);
      expect(rewritten).not.toEqual(generic);
      expect(rewritten.length).toBeGreaterThanOrEqual(20);
      for (const h of res.json().hooks as string[]) expect(rewritten).toContain(h);
    });

    it("answers 404 for another user's product and 400 for bad bodies", async () => {
      const a = await t.createUser();
      const b = await t.createUser();
      const id = await newProduct(a.headers, serum);
      const foreign = await hook(b.headers, { productId: id });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().code).toBe('not_found');
      expect((await hook(a.headers, { productId: 'missing' })).statusCode).toBe(404);

      for (const payload of [
        {},
        { productId: '' },
        { productId: id, constraints: { maxChars: 10 } },
        { productId: id, constraints: { exclude: 'one hook' } },
      ]) {
        const res = await hook(a.headers, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().code).toBe('validation_error');
      }
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/ai/generate-video-hook' })).statusCode,
      ).toBe(401);
    });
  });

  describe('generate-carousel-plan', () => {
    it('clamps the slide count to 3–8, default 6, with caption and hashtags', async () => {
      const u = await t.createUser();
      const id = await newProduct(u.headers, serum);
      for (const [slides, expected] of [
        [1, 3],
        [20, 8],
        [undefined, 6],
        [null, 6],
        [5, 5],
      ] as const) {
        const res = await post(u.headers, '/api/ai/generate-carousel-plan', {
          productId: id,
          ...(slides !== undefined ? { slides } : {}),
          prompt: 'for busy moms',
        });
        expect(res.statusCode, String(slides)).toBe(200);
        const plan = res.json();
        expect(plan.slides).toHaveLength(expected);
        for (const slide of plan.slides) expect(slide.text).toBeTruthy();
        expect(plan.caption).toBeTruthy();
        expect(plan.hashtags.length).toBeGreaterThan(0);
        // A fresh test app has no image library: there is no collection to choose.
        expect(plan.collection).toBeNull();
      }
    });

    it("puts the product's own photos on the reveal, demo and call-to-action slides", async () => {
      const u = await t.createUser();
      const id = await newProduct(u.headers, serum);
      const body = multipart([
        { filename: 'front.png', data: await solidPng(40, 40) },
        { filename: 'side.png', data: await solidPng(40, 40) },
      ]);
      const uploaded = await t.app.inject({
        method: 'POST',
        url: `/api/products/${id}/upload-images`,
        headers: { ...u.headers, ...body.headers },
        payload: body.payload,
      });
      expect(uploaded.statusCode).toBe(200);
      const pathOf = (url: string) => new URL(url).pathname;
      const photos = (uploaded.json().images as string[]).map(pathOf);

      const plan = (
        await post(u.headers, '/api/ai/generate-carousel-plan', { productId: id, slides: 6 })
      ).json() as { slides: { text: string; imageUrl?: string }[] };
      const placed = plan.slides.map((s) => (s.imageUrl ? pathOf(s.imageUrl) : null));
      expect(placed).toEqual([null, null, photos[0], photos[1], null, photos[0]]);
      // The links open the seller's photo.
      const link = new URL(plan.slides[2]!.imageUrl!);
      const photo = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
      expect(photo.statusCode).toBe(200);
      expect(photo.headers['content-type']).toBe('image/jpeg');

      const short = (
        await post(u.headers, '/api/ai/generate-carousel-plan', { productId: id, slides: 3 })
      ).json() as { slides: { imageUrl?: string }[] };
      expect(short.slides.map((s) => !!s.imageUrl)).toEqual([false, true, true]);
    });

    it("answers 404 for another user's product and 400 for bad bodies", async () => {
      const a = await t.createUser();
      const b = await t.createUser();
      const id = await newProduct(a.headers, serum);
      const foreign = await post(b.headers, '/api/ai/generate-carousel-plan', { productId: id });
      expect(foreign.statusCode).toBe(404);
      for (const payload of [
        {},
        { productId: id, slides: 'six' },
        { productId: id, prompt: 'x'.repeat(1001) },
      ]) {
        const res = await post(a.headers, '/api/ai/generate-carousel-plan', payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      }
    });
  });

  describe('select-image-collection', () => {
    it('answers null while the library has no collections', async () => {
      const u = await t.createUser();
      const id = await newProduct(u.headers, organiser);
      for (const payload of [
        { slides: ['Cables everywhere?', { text: 'Meet the organiser' }], productId: id },
        { slides: [{ title: 'Desk tour' }], productId: null },
        { slides: ['Desk tour'] },
      ]) {
        const res = await post(u.headers, '/api/ai/select-image-collection', payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(200);
        expect(res.json()).toEqual({ key: null });
      }
    });

    it("answers 404 for another user's product and 400 for bad bodies", async () => {
      const a = await t.createUser();
      const b = await t.createUser();
      const id = await newProduct(a.headers, organiser);
      const foreign = await post(b.headers, '/api/ai/select-image-collection', {
        slides: ['x'],
        productId: id,
      });
      expect(foreign.statusCode).toBe(404);
      for (const payload of [{}, { slides: 'x' }, { slides: [42] }]) {
        const res = await post(a.headers, '/api/ai/select-image-collection', payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      }
    });
  });

  it('documents the routes in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/ai/generate-video-hook',
        '/api/ai/generate-carousel-plan',
        '/api/ai/select-image-collection',
        '/api/products/{id}',
        '/api/products/{id}/upload-images',
        '/api/products/{id}/analyze',
      ]),
    );
  });

  it('chooses among the collections of the injected library', async () => {
    const u = await t.createUser();
    const id = await newProduct(u.headers, organiser);
    const ai = createAiService(createLocalWriter());
    const collections = [
      { key: 'desk', name: 'Desk setups' },
      { key: 'breakfast', name: 'Breakfast table' },
    ];
    const actions = createAiActions({
      ai,
      products: createProductBriefs({ db: t.db.db, ai }),
      fairUse: createFairUse(t.db.db, { allowance: { free: 100, paid: 100 } }),
      listCollections: async () => collections,
    });
    const picked = await actions.selectImageCollection(u.userId, {
      slides: ['Cables everywhere?', 'Meet the Desk Cable Organiser'],
      productId: id,
    });
    expect(picked).toEqual({ key: 'desk' });
    const plan = await actions.generateCarouselPlan(u.userId, { productId: id, slides: 6 });
    expect(collections.map((c) => c.key)).toContain(plan.collection);
  });

  it('sends the model no more slide text than a slide can hold', async () => {
    const u = await t.createUser();
    const ai = createAiService(createLocalWriter());
    const seen: string[][] = [];
    const watched = {
      ...ai,
      selectImageCollection: (input: Parameters<typeof ai.selectImageCollection>[0]) => {
        seen.push(input.slides);
        return ai.selectImageCollection(input);
      },
    };
    const actions = createAiActions({
      ai: watched,
      products: createProductBriefs({ db: t.db.db, ai }),
      fairUse: createFairUse(t.db.db, { allowance: { free: 100, paid: 100 } }),
      listCollections: async () => [{ key: 'desk', name: 'Desk setups' }],
    });
    await actions.selectImageCollection(u.userId, {
      slides: ['desk '.repeat(100_000), { content: 'x'.repeat(5000) }, 'Short one'],
    });
    expect(seen[0]!.map((text) => text.length)).toEqual([1000, 1000, 9]);
  });
});
