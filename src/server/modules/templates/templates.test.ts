import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDraft } from '#contract/drafts';
import type { TTemplate, TTemplatePreview, TUseTemplateResponse } from '#contract/templates';
import { products, users } from '../../db/schema';
import { ensureStarterLibrary } from '../../library/ensure-starter-library';
import { STARTER_COLLECTIONS } from '../../library/starter/starter-collections';
import { SAMPLE_PRODUCTS } from '../../testing/sample-products';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';
import { HOOK_FORMULA_SHAPES, OVERLAY_STYLES } from './catalogue/template-styles';
import { findTemplateDef } from './catalogue/template-catalogue';

type Headers = Record<string, string>;
type User = Awaited<ReturnType<TestApp['createUser']>>;

describe('templates', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // Two collections of the starter library, small: the carousel templates' looks.
    await ensureStarterLibrary({
      db: t.db.db,
      storage: t.storage,
      dir: path.join(t.dir, 'starter'),
      log: () => undefined,
      collections: STARTER_COLLECTIONS.filter((c) =>
        ['pastel-gradients', 'bold-pop'].includes(c.key),
      ),
      imagesPerCollection: 3,
      size: 96,
    });
  });
  afterAll(() => t.close());

  const list = (headers: Headers) =>
    t.app.inject({ method: 'GET', url: '/api/templates', headers });
  const use = (headers: Headers, id: string, payload: object = {}) =>
    t.app.inject({ method: 'POST', url: `/api/templates/${id}/use`, headers, payload });
  const preview = (headers: Headers, id: string, payload: object = {}) =>
    t.app.inject({ method: 'POST', url: `/api/templates/${id}/preview`, headers, payload });
  const countOf = async (headers: Headers, id: string) =>
    (await list(headers)).json<{ templates: TTemplate[] }>().templates.find((x) => x.id === id)!
      .usageCount;
  const draftsOf = async (headers: Headers) =>
    (await t.app.inject({ method: 'GET', url: '/api/drafts?limit=50', headers })).json<{
      drafts: TDraft[];
    }>().drafts;
  const addProduct = async (
    userId: string,
    product: { name: string; description: string } = SAMPLE_PRODUCTS.serum,
    isDefault = true,
  ) => {
    const id = randomUUID();
    await t.db.db.insert(products).values({ id, userId, ...product, isDefault });
    return id;
  };
  const setPlan = (u: User, plan: 'free' | 'basic') =>
    t.db.db
      .update(users)
      .set({ plan, subscriptionStatus: plan === 'free' ? null : 'active' })
      .where(eq(users.id, u.userId));

  it('lists at least 24 templates of both types, with categories, Pro flags and real counts', async () => {
    expect((await list({})).statusCode).toBe(401);
    const u = await t.createUser();
    const res = await list(u.headers);
    expect(res.statusCode).toBe(200);
    const { templates } = res.json<{ templates: TTemplate[] }>();
    expect(templates.length).toBeGreaterThanOrEqual(24);
    expect(new Set(templates.map((x) => x.id)).size).toBe(templates.length);
    expect(templates.filter((x) => x.type === 'carousel').length).toBeGreaterThanOrEqual(10);
    expect(templates.filter((x) => x.type === 'video').length).toBeGreaterThanOrEqual(10);
    expect(new Set(templates.map((x) => x.category)).size).toBeGreaterThanOrEqual(5);
    expect(templates.some((x) => x.isPremium)).toBe(true);
    expect(templates.some((x) => !x.isPremium)).toBe(true);
    for (const x of templates) {
      expect(x.thumbnailUrl).toBe(`/media/templates/${x.id}.jpg?v=3`);
      expect(x.usageCount).toBe(0);
      expect(x.name.length).toBeGreaterThan(0);
      expect(x.description.length).toBeGreaterThan(0);
    }
  });

  it('Use of a carousel template makes a draft of this product’s copy over the template’s look', async () => {
    const u = await t.createUser();
    const productId = await addProduct(u.userId);
    const res = await use(u.headers, 'carousel-three-reasons', { idempotencyKey: randomUUID() });
    expect(res.statusCode).toBe(200);
    const { draft, template } = res.json<TUseTemplateResponse>();
    expect(template).toMatchObject({ id: 'carousel-three-reasons', usageCount: 1 });
    expect(draft).toMatchObject({
      type: 'carousel',
      productId,
      status: 'draft',
      assets: { templateId: 'carousel-three-reasons' },
    });
    const def = findTemplateDef('carousel-three-reasons')!;
    const slides = draft.carouselPlan!.slides;
    expect(slides).toHaveLength(def.type === 'carousel' ? def.slides.length : 0);
    // Real copy for this product, written to the pattern, not the template's example.
    expect(slides.map((s) => s.text).join(' ')).toMatch(/vitamin C serum|GlowDrop/i);
    expect(slides[0]!.text).not.toBe(def.type === 'carousel' && def.example.slides[0]);
    expect(draft.caption).toMatch(/serum/i);
    expect(draft.hashtags.length).toBeGreaterThan(0);
    // Every slide takes an image of the template's collection, in turn.
    const images = (
      await t.app.inject({
        method: 'GET',
        url: '/api/carousel-images/collections/pastel-gradients',
      })
    ).json<{ images: string[] }>().images;
    for (const s of slides) expect(images).toContain(s.imageUrl);
    expect(new Set(slides.slice(0, 3).map((s) => s.imageUrl)).size).toBe(3);
    // The editor opens it like any other draft.
    const opened = await t.app.inject({
      method: 'GET',
      url: `/api/drafts/${draft.id}`,
      headers: u.headers,
    });
    expect(opened.json()).toEqual(draft);
  });

  it('Use of a Hook + Demo template makes a video draft with its hook formula, overlay and pacing', async () => {
    const u = await t.createUser();
    const productId = await addProduct(u.userId, SAMPLE_PRODUCTS.backpack);
    const res = await use(u.headers, 'video-pov-discovery');
    expect(res.statusCode).toBe(200);
    const { draft } = res.json<TUseTemplateResponse>();
    expect(draft.type).toBe('video');
    expect(draft.productId).toBe(productId);
    expect(draft.hook).toMatch(HOOK_FORMULA_SHAPES.pov);
    expect(draft.hook).toMatch(/backpack/i);
    expect(draft.assets).toMatchObject({
      ...OVERLAY_STYLES['bold-top'],
      ugcMediaType: 'premade',
      productVideos: [],
      ugcDurationSec: 5,
      productDurationSec: 5,
      templateId: 'video-pov-discovery',
    });
    // The template's character type ("friendly-woman") picks Maya of the pre-made characters.
    expect(draft.assets).toMatchObject({
      selectedCharacterId: 'maya',
      selectedCharacter: expect.stringMatching(/^\/media\/characters\/.*maya/),
    });
    expect(draft.hashtags.some((h) => /backpack|travel/.test(h))).toBe(true);

    const price = (await use(u.headers, 'video-price-guess')).json<TUseTemplateResponse>();
    expect(price.draft.hook).toMatch(HOOK_FORMULA_SHAPES.price);
  });

  it('counts one use per idempotency key, even for requests sent at the same time', async () => {
    const u = await t.createUser();
    await addProduct(u.userId);
    const id = 'carousel-before-after';
    const before = await countOf(u.headers, id);
    const key = randomUUID();
    const [a, b, c] = await Promise.all([
      use(u.headers, id, { idempotencyKey: key }),
      use(u.headers, id, { idempotencyKey: key }),
      use(u.headers, id, { idempotencyKey: key }),
    ]);
    const ids = [a, b, c].map((r) => r.json<TUseTemplateResponse>().draft.id);
    expect(new Set(ids).size).toBe(1);
    expect(await countOf(u.headers, id)).toBe(before + 1);
    const again = await use(u.headers, id, { idempotencyKey: key });
    expect(again.json<TUseTemplateResponse>().draft.id).toBe(ids[0]);
    expect(again.json<TUseTemplateResponse>().template.usageCount).toBe(before + 1);
    expect((await draftsOf(u.headers)).filter((d) => d.id === ids[0])).toHaveLength(1);

    // A new click is a new use; a key reused for another template is refused.
    const second = await use(u.headers, id, { idempotencyKey: randomUUID() });
    expect(second.json<TUseTemplateResponse>().draft.id).not.toBe(ids[0]);
    expect(await countOf(u.headers, id)).toBe(before + 2);
    const mixed = await use(u.headers, 'carousel-three-reasons', { idempotencyKey: key });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json()).toMatchObject({ code: 'validation_error', field: 'idempotencyKey' });
    const bad = await use(u.headers, id, { idempotencyKey: 'no spaces allowed' });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses a Pro template on the free plan with premium_template, and allows it on a paid plan', async () => {
    const u = await t.createUser();
    await addProduct(u.userId);
    const id = 'carousel-gift-guide';
    expect(findTemplateDef(id)!.isPremium).toBe(true);
    const refused = await use(u.headers, id, { idempotencyKey: randomUUID() });
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({ code: 'premium_template' });
    expect(refused.json().error).toMatch(/Pro template/);
    expect(await countOf(u.headers, id)).toBe(0);
    expect(await draftsOf(u.headers)).toHaveLength(0);
    // Preview stays open: seeing what Pro gives is how a free user decides.
    expect((await preview(u.headers, id)).statusCode).toBe(200);

    await setPlan(u, 'basic');
    const allowed = await use(u.headers, id, { idempotencyKey: randomUUID() });
    expect(allowed.statusCode).toBe(200);
    expect(await countOf(u.headers, id)).toBe(1);
  });

  it('applies a template only to the user’s own product and makes the draft theirs', async () => {
    const owner = await t.createUser();
    const other = await t.createUser();
    const theirs = await addProduct(other.userId);
    await addProduct(owner.userId, SAMPLE_PRODUCTS.pancakes);
    const foreign = await use(owner.headers, 'carousel-three-reasons', { productId: theirs });
    expect(foreign.statusCode).toBe(404);
    expect(
      (await preview(owner.headers, 'carousel-three-reasons', { productId: theirs })).statusCode,
    ).toBe(404);

    // A chosen (non-default) product of their own is used instead of the default.
    const second = await addProduct(owner.userId, SAMPLE_PRODUCTS.organiser, false);
    const made = (
      await use(owner.headers, 'carousel-three-reasons', { productId: second })
    ).json<TUseTemplateResponse>().draft;
    expect(made.productId).toBe(second);
    expect(made.carouselPlan!.slides.map((s) => s.text).join(' ')).toMatch(/cable|organiser/i);
    const peek = await t.app.inject({
      method: 'GET',
      url: `/api/drafts/${made.id}`,
      headers: other.headers,
    });
    expect(peek.statusCode).toBe(404);
    expect((await use(owner.headers, 'no-such-template')).statusCode).toBe(404);
  });

  it('Preview is what Use saves, and makes no draft and counts nothing', async () => {
    const u = await t.createUser();
    await addProduct(u.userId, SAMPLE_PRODUCTS.pancakes);
    const id = 'carousel-price-drop';
    const res = await preview(u.headers, id);
    expect(res.statusCode).toBe(200);
    const shown = res.json<TTemplatePreview>();
    expect(shown.type).toBe('carousel');
    if (shown.type !== 'carousel') return;
    expect(shown.product?.name).toBe(SAMPLE_PRODUCTS.pancakes.name);
    expect(shown.slides.map((s) => s.role)).toEqual(['hook', 'product', 'cta']);
    expect(await draftsOf(u.headers)).toHaveLength(0);
    expect(await countOf(u.headers, id)).toBe(0);

    const { draft } = (await use(u.headers, id)).json<TUseTemplateResponse>();
    expect(draft.carouselPlan!.slides).toEqual(
      shown.slides.map((s) => ({ text: s.text, imageUrl: s.imageUrl })),
    );
    expect(draft.caption).toBe(shown.caption);
  });

  it('without a product, Use saves the template’s own example copy', async () => {
    const u = await t.createUser();
    const { draft } = (await use(u.headers, 'video-three-reasons')).json<TUseTemplateResponse>();
    const def = findTemplateDef('video-three-reasons')!;
    expect(draft.productId).toBeNull();
    expect(draft.hook).toBe(def.type === 'video' && def.exampleHook);
  });

  it('draws thumbnails with the slide renderer on first request and keeps them', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/media/templates/carousel-three-reasons.jpg?v=3',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toMatch(/immutable/);
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 540, 540]);
    expect(await t.storage.get('platform/templates/v3/carousel-three-reasons.jpg')).not.toBeNull();
    const again = await t.app.inject({
      method: 'GET',
      url: '/media/templates/carousel-three-reasons.jpg',
    });
    expect(again.rawPayload.equals(res.rawPayload)).toBe(true);

    // A look whose collection is not imported yet has nothing to draw on: 404, not kept.
    const missing = await t.app.inject({
      method: 'GET',
      url: '/media/templates/carousel-honest-review.jpg',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
    expect(await t.storage.get('platform/templates/v3/carousel-honest-review.jpg')).toBeNull();
    const unknown = await t.app.inject({ method: 'GET', url: '/media/templates/../x.jpg' });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('templates and the daily AI allowance', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ aiDailyAllowance: { free: 1, paid: 5 } });
  });
  afterAll(() => t.close());

  it('one unit fills a template for a product; Preview then Use costs no more', async () => {
    const u = await t.createUser();
    await t.db.db
      .insert(products)
      .values({ id: randomUUID(), userId: u.userId, ...SAMPLE_PRODUCTS.serum, isDefault: true });
    const post = (id: string, action: 'preview' | 'use') =>
      t.app.inject({
        method: 'POST',
        url: `/api/templates/${id}/${action}`,
        headers: u.headers,
        payload: {},
      });
    expect((await post('video-pov-discovery', 'preview')).statusCode).toBe(200);
    expect((await post('video-pov-discovery', 'preview')).statusCode).toBe(200);
    expect((await post('video-pov-discovery', 'use')).statusCode).toBe(200);
    const past = await post('video-honest-review', 'preview');
    expect(past.statusCode).toBe(402);
    expect(past.json().code).toBe('ai_allowance_upgrade');
  });
});
