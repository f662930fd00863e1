import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZGenerateCarouselPlanRequest, ZGenerateVideoHookRequest } from '#contract/ai';
import type { AiWriter } from '../../adapters/ai/ai-writer';
import type { FakeOpenAiServer } from '../../testing/fakes/fake-openai-server';
import { startFakeOpenAiServer } from '../../testing/fakes/fake-openai-server';
import { createLlmWriter } from '../../adapters/ai/llm-writer';
import { createLocalWriter } from '../../adapters/ai/local-writer';
import { SAMPLE_PRODUCTS } from '../../testing/sample-products';
import { AppError } from '../../errors';
import { needsReanalysis } from '#contract/hook-rules';
import { createAiService } from './ai-service';

const service = createAiService(createLocalWriter());
const { serum, backpack, organiser, pancakes } = SAMPLE_PRODUCTS;

describe('hook rules of docs/product/products.md rule 3 on written briefs', () => {
  // The rules themselves are unit-tested in src/contract/hook-rules.test.ts.
  it('keeps a fresh brief and re-analyses a thin, generic or foreign one', async () => {
    const brief = await service.analyzeProduct(serum);
    expect(needsReanalysis(brief, serum)).toBe(false);
    expect(needsReanalysis({ hooks: brief.hooks.slice(0, 19) }, serum)).toBe(true);

    const generic = Array.from({ length: 11 }, (_, i) => `Not kidding, serum reason ${i}`);
    expect(needsReanalysis({ hooks: [...brief.hooks.slice(0, 10), ...generic] }, serum)).toBe(true);
    expect(needsReanalysis({ hooks: [...brief.hooks.slice(0, 20), generic[0]] }, serum)).toBe(
      false,
    );
    // Hooks about another product lack every keyword of this one.
    const blender = await service.analyzeProduct({
      name: 'PowerBlend Portable Blender',
      description: 'USB-C rechargeable blender cup for smoothies and protein shakes at the gym.',
    });
    expect(needsReanalysis(blender, organiser)).toBe(true);
    expect(needsReanalysis(blender)).toBe(false);
  });
});

describe('ai service over the local writer', () => {
  it('analyses a product into a brief with at least 20 unique hooks', async () => {
    const brief = await service.analyzeProduct({ ...backpack, price: null });
    expect(brief.hooks.length).toBeGreaterThanOrEqual(20);
    expect(new Set(brief.hooks.map((h) => h.toLowerCase())).size).toBe(brief.hooks.length);
  });

  it('generates 10 hooks honouring exclude case-insensitively and maxChars', async () => {
    const first = await service.generateVideoHook({ product: pancakes });
    expect(first.hooks).toHaveLength(10);
    expect(first.hook).toBe(first.hooks[0]);

    const exclude = first.hooks.map((h) => h.toUpperCase());
    const next = await service.generateVideoHook({
      product: pancakes,
      constraints: { maxChars: 70, exclude },
    });
    expect(next.hooks).toHaveLength(10);
    const used = new Set(first.hooks.map((h) => h.toLowerCase()));
    for (const hook of next.hooks) {
      expect(used.has(hook.toLowerCase())).toBe(false);
      expect(hook.length).toBeLessThanOrEqual(70);
    }
    const wide = await service.generateVideoHook({
      product: pancakes,
      constraints: { maxChars: 300 },
    });
    for (const hook of wide.hooks) expect(hook.length).toBeLessThanOrEqual(120);
  });

  it('takes the request shapes of the contract', async () => {
    const hookRequest = ZGenerateVideoHookRequest.parse({ productId: 'p1' });
    expect(hookRequest.constraints).toEqual({ maxChars: 120, exclude: [] });
    const planRequest = ZGenerateCarouselPlanRequest.parse({ productId: 'p1', slides: 20 });
    expect(planRequest.slides).toBe(8);
    expect(ZGenerateCarouselPlanRequest.parse({ productId: 'p1' }).slides).toBe(6);

    const plan = await service.generateCarouselPlan({ product: serum });
    expect(plan.slides).toHaveLength(6);
    expect(plan.collection).toBeNull();
    expect((await service.generateCarouselPlan({ product: serum, slides: 2 })).slides).toHaveLength(
      3,
    );
    expect((await service.generateCarouselPlan({ product: serum, slides: 9 })).slides).toHaveLength(
      8,
    );
  });

  it('selects a collection among those given, or none', async () => {
    const collections = [
      { key: 'desk', name: 'Desk setups' },
      { key: 'breakfast', name: 'Breakfast table' },
    ];
    const slides = ['Cables everywhere?', 'Meet the Desk Cable Organiser'];
    expect(
      await service.selectImageCollection({ slides, product: organiser, collections }),
    ).toEqual({
      key: 'desk',
    });
    expect(await service.selectImageCollection({ slides, collections: [] })).toEqual({ key: null });
  });
});

describe('ai service guards whatever the writer returns', () => {
  const stub = (hooks: string[]): AiWriter => ({
    ...createLocalWriter(),
    describe: 'ai: stub',
    generateVideoHooks: async () => hooks,
    selectImageCollection: async () => ({ key: 'invented' }),
  });

  it('filters excluded, long and generic hooks and refuses an empty answer', async () => {
    const guarded = createAiService(
      stub(['Old serum hook', 'x'.repeat(121), 'Not kidding: serum', 'Fresh serum hook']),
    );
    const result = await guarded.generateVideoHook({
      product: serum,
      constraints: { exclude: ['OLD SERUM HOOK'] },
    });
    expect(result).toEqual({ hook: 'Fresh serum hook', hooks: ['Fresh serum hook'] });

    const empty = createAiService(stub([]));
    const error = await empty.generateVideoHook({ product: serum }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('ai_no_hooks');
    expect((error as AppError).status).toBe(409);
  });

  it('never returns a collection key that was not offered', async () => {
    const guarded = createAiService(stub([]));
    expect(
      await guarded.selectImageCollection({
        slides: ['a'],
        collections: [{ key: 'desk', name: 'Desk' }],
      }),
    ).toEqual({ key: null });
  });
});

describe('ai service over the LLM writer', () => {
  let fake: FakeOpenAiServer;
  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
  });
  afterAll(async () => {
    await fake.close();
  });

  it('returns the model hooks through the same contract', async () => {
    fake.setDefault({
      kind: 'json',
      value: { hooks: ['Wait till you see this desk cable organiser hold 6 cables'] },
    });
    const llm = createAiService(
      createLlmWriter({ baseUrl: fake.url, apiKey: null, model: 'm', timeoutMs: 5000 }),
    );
    const result = await llm.generateVideoHook({ product: organiser });
    expect(result.hook).toBe('Wait till you see this desk cable organiser hold 6 cables');
    expect(result.hooks).toHaveLength(10);
    expect(fake.requests[0]?.headers.authorization).toBeUndefined();
  });
});
