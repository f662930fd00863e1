import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FakeOpenAiServer } from '../../testing/fakes/fake-openai-server';
import { startFakeOpenAiServer } from '../../testing/fakes/fake-openai-server';
import { createLocalWriter } from '../../adapters/ai/local-writer';
import { SAMPLE_PRODUCTS } from '../../testing/sample-products';
import { aiDailyUsage, products } from '../../db/schema';
import type { TestApp } from '../../testing/test-app';
import { createTestApp } from '../../testing/test-app';
import { createProductBriefs } from '../products';
import { createAiActions } from './ai-actions';
import { createAiService } from './ai-service';
import { createFairUse, utcDay } from './fair-use';

const { serum } = SAMPLE_PRODUCTS;

/** The real LLM writer against a fake OpenAI-compatible server, through the routes. */
describe('AI provider failures', () => {
  let fake: FakeOpenAiServer;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    t = await createTestApp({
      ai: { kind: 'llm', baseUrl: fake.url, apiKey: null, model: 'gpt-fake', timeoutMs: 1000 },
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => fake.reset());

  // Inserted directly: creating through the API would start a background analysis that takes
  // the fake server's replies.
  const setup = async () => {
    const u = await t.createUser();
    const productId = randomUUID();
    await t.db.db.insert(products).values({ id: productId, userId: u.userId, ...serum });
    return { ...u, productId };
  };
  const usedToday = async (userId: string) => {
    const [row] = await t.db.db
      .select()
      .from(aiDailyUsage)
      .where(and(eq(aiDailyUsage.userId, userId), eq(aiDailyUsage.day, utcDay(new Date()))));
    return row?.count ?? 0;
  };
  const plan = (headers: Record<string, string>, productId: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/ai/generate-carousel-plan',
      headers,
      payload: { productId },
    });

  it('names the log line after the model and host', () => {
    expect(t.adapterLines).toContain(
      `ai: OpenAI-compatible model gpt-fake at ${new URL(fake.url).host} (timeout 1 s)`,
    );
  });

  it('maps a failing provider to 502 ai_unavailable and gives the unit back', async () => {
    const u = await setup();
    // A 401 is not retried by the SDK, so the answer comes well inside the 1 s deadline.
    fake.setDefault({ kind: 'error', status: 401, message: 'Incorrect API key' });
    const res = await plan(u.headers, u.productId);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ code: 'ai_unavailable' });
    expect(res.json().error).toMatch(/AI model request failed/);
    expect(await usedToday(u.userId)).toBe(0);
  });

  it('maps a provider 500 to 502 ai_unavailable with a retry hint, never internal_error', async () => {
    const u = await setup();
    fake.setDefault({ kind: 'error', status: 500, message: 'The server had an error' });
    const res = await plan(u.headers, u.productId);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ code: 'ai_unavailable', retryAfterSeconds: 15 });
    expect(res.headers['retry-after']).toBe('15');
    expect(await usedToday(u.userId)).toBe(0);
  });

  it('maps a provider 429 to 429 ai_busy with the provider’s Retry-After', async () => {
    const u = await setup();
    fake.setDefault({
      kind: 'error',
      status: 429,
      message: 'Rate limit reached',
      headers: { 'Retry-After': '20' },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ai/generate-video-hook',
      headers: u.headers,
      payload: { productId: u.productId },
    });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      error: expect.stringMatching(/busy.*Try again in 20 s/),
      code: 'ai_busy',
      retryAfterSeconds: 20,
    });
    expect(res.headers['retry-after']).toBe('20');
    expect(await usedToday(u.userId)).toBe(0);
  });

  it('maps a dropped connection to 502 ai_unavailable on the analyze route', async () => {
    const u = await setup();
    fake.setDefault({ kind: 'reset' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/products/${u.productId}/analyze`,
      headers: u.headers,
    });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ code: 'ai_unavailable', retryAfterSeconds: 15 });
  });

  it('maps a silent provider to 504 ai_timeout', async () => {
    const u = await setup();
    fake.setDefault({ kind: 'hang' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/products/${u.productId}/analyze`,
      headers: u.headers,
    });
    expect(res.statusCode).toBe(504);
    expect(res.json()).toMatchObject({ code: 'ai_timeout' });
    const [row] = await t.db.db.select().from(products).where(eq(products.id, u.productId));
    expect(row?.aiBrief).toBeNull();
  });

  it('maps malformed output twice to 502 ai_bad_output', async () => {
    const u = await setup();
    fake.setDefault({ kind: 'text', content: 'Sure! Here are some hooks: none' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ai/generate-video-hook',
      headers: u.headers,
      payload: { productId: u.productId },
    });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ code: 'ai_bad_output' });
  });

  it('answers the model’s plan when it works', async () => {
    const u = await setup();
    fake.setDefault({
      kind: 'json',
      value: {
        slides: [
          { text: 'Dull skin again?' },
          { text: 'GlowDrop Vitamin C Serum' },
          { text: 'Brighter in 2 weeks' },
        ],
        caption: 'My $24 vitamin C serum.',
        hashtags: ['#skincare'],
        collection: null,
      },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ai/generate-carousel-plan',
      headers: u.headers,
      payload: { productId: u.productId, slides: 3 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().slides.map((s: { text: string }) => s.text)).toEqual([
      'Dull skin again?',
      'GlowDrop Vitamin C Serum',
      'Brighter in 2 weeks',
    ]);
    expect(await usedToday(u.userId)).toBe(1);
  });

  it('answers ai_no_hooks (409) only when neither the brief nor the writer has a hook left', async () => {
    const u = await setup();
    const local = createLocalWriter();
    const ai = createAiService({ ...local, generateVideoHooks: async () => [] });
    const briefs = createProductBriefs({ db: t.db.db, ai });
    const actions = createAiActions({
      ai,
      products: briefs,
      fairUse: createFairUse(t.db.db, { allowance: { free: 10, paid: 10 } }),
      listCollections: async () => [],
    });
    const brief = await local.analyzeProduct(serum);
    await t.db.db.update(products).set({ aiBrief: brief }).where(eq(products.id, u.productId));

    const some = await actions.generateVideoHook(u.userId, {
      productId: u.productId,
      constraints: { maxChars: 120, exclude: brief.hooks.slice(2) },
    });
    expect(some.hooks).toEqual(brief.hooks.slice(0, 2));

    const error = await actions
      .generateVideoHook(u.userId, {
        productId: u.productId,
        constraints: { maxChars: 120, exclude: brief.hooks },
      })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'ai_no_hooks', status: 409 });
    expect(await usedToday(u.userId)).toBe(1);
  });
});
