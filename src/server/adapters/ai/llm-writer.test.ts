import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { AppError } from '../../errors';
import { createAiWriter } from './create-ai-writer';
import type { FakeChatRequest, FakeOpenAiServer } from '../../testing/fakes/fake-openai-server';
import { startFakeOpenAiServer } from '../../testing/fakes/fake-openai-server';
import { hookKey, isGenericHook, mentionsProduct, productKeywords } from '#contract/hook-rules';
import { createLlmWriter } from './llm-writer';
import { SAMPLE_PRODUCTS } from '../../testing/sample-products';

let fake: FakeOpenAiServer;
beforeAll(async () => {
  fake = await startFakeOpenAiServer();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.reset();
});

const serum = SAMPLE_PRODUCTS.serum;
const writerFor = (timeoutMs = 5000) =>
  createLlmWriter({ baseUrl: fake.url, apiKey: 'sk-test-123', model: 'gpt-test-mini', timeoutMs });

const serumHooks = [
  'POV: your vitamin C serum finally layers under makeup',
  'I did not expect a $24 serum to fade my dark spots',
  'Busy moms, this serum brightens dull skin in 2 weeks',
  'Two weeks of the GlowDrop serum and my skin is brighter',
  '3 reasons the GlowDrop Vitamin C Serum stays in my bag',
  'Stop scrolling if dull skin is ruining your selfies',
  'Nobody talks about a serum that works under makeup',
  'Wait for the price on this vitamin C serum',
];

const userMessage = (request: FakeChatRequest | undefined) =>
  request?.body.messages?.find((m) => m.role === 'user')?.content ?? '';

const expectAppError = async (promise: Promise<unknown>, code: string, message: RegExp) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(code);
  expect((error as AppError).message).toMatch(message);
};

describe('LLM writer against a fake OpenAI-compatible server', () => {
  it('sends model, messages and a JSON schema, and post-processes the brief', async () => {
    fake.enqueue({
      kind: 'json',
      value: {
        hooks: [
          ...serumHooks,
          '1. POV: your vitamin C serum finally layers under makeup',
          'busy moms, THIS serum brightens dull skin in 2 weeks!',
          'Not kidding, this vitamin C serum is a time saver',
          'This fixes it: the GlowDrop serum',
          `The GlowDrop serum ${'really '.repeat(30)}works`,
          'Watch till the end #fyp',
          '"The vitamin C serum my mom stole from me" #skincare #fyp',
          // Issue 27: a day count the seller never gave, a cut-off slot and a double negative.
          'Day 30 of the GlowDrop serum: honest update',
          'This vitamin C serum works with, no compromises',
          "This vitamin C serum doesn't leave no sticky film",
        ],
        hooksSeeds: ['Price reveal ($24)', 'Busy-mom callout'],
        voice: 'Warm and honest, like a busy mom sharing her routine.',
        hashtags: ['#SkinCare', 'vitamin c', '#skincare', '#BusyMoms'],
      },
    });
    const brief = await writerFor().analyzeProduct(serum);

    const [request] = fake.requests;
    expect(request?.path).toBe('/v1/chat/completions');
    expect(request?.headers.authorization).toBe('Bearer sk-test-123');
    expect(request?.body.model).toBe('gpt-test-mini');
    expect(request?.body.messages?.map((m) => m.role)).toEqual(['system', 'user']);
    expect(request?.body.messages?.[0]?.content).toMatch(/"this fixes it".*"not kidding"/);
    expect(userMessage(request)).toContain('Product name: GlowDrop Vitamin C Serum');
    expect(userMessage(request)).toContain('Price: $24');
    const format = request?.body.response_format;
    expect(format?.type).toBe('json_schema');
    expect(format?.json_schema?.name).toBe('ai_brief');
    expect(format?.json_schema?.strict).toBe(true);
    expect(format?.json_schema?.schema).toMatchObject({
      type: 'object',
      properties: {
        hooks: { type: 'array', items: { type: 'string' } },
        voice: { type: 'string' },
      },
      required: ['hooks', 'hooksSeeds', 'voice', 'hashtags'],
      additionalProperties: false,
    });

    // Kept: the model's good hooks in its order, cleaned; dropped: repeats, generic, too long,
    // not about the product. The local writer tops the list up to the contract's 20.
    expect(brief.hooks.slice(0, 9)).toEqual([
      ...serumHooks,
      'The vitamin C serum my mom stole from me',
    ]);
    expect(brief.hooks.length).toBeGreaterThanOrEqual(20);
    for (const dropped of [/^Day 30/, /works with,/, /doesn't leave no/]) {
      expect(brief.hooks.filter((h) => dropped.test(h))).toEqual([]);
    }
    const keywords = productKeywords(serum);
    for (const hook of brief.hooks) {
      expect(hook.length).toBeLessThanOrEqual(120);
      expect(isGenericHook(hook)).toBe(false);
      expect(mentionsProduct(hook, keywords), hook).toBe(true);
    }
    expect(new Set(brief.hooks.map(hookKey)).size).toBe(brief.hooks.length);
    expect(brief.voice).toBe('Warm and honest, like a busy mom sharing her routine.');
    expect(brief.hooksSeeds).toEqual(['Price reveal ($24)', 'Busy-mom callout']);
    expect(brief.hashtags.slice(0, 3)).toEqual(['#skincare', '#vitaminc', '#busymoms']);
    expect(brief.hashtags.length).toBeGreaterThanOrEqual(8);
  });

  it('retries once when the first answer is malformed', async () => {
    fake.enqueue(
      { kind: 'text', content: 'Sure! Here are some great hooks for your serum:\n1. POV…' },
      { kind: 'json', value: { hooks: serumHooks } },
    );
    const hooks = await writerFor().generateVideoHooks(serum, {
      count: 10,
      maxChars: 120,
      exclude: [],
    });
    expect(fake.requests).toHaveLength(2);
    expect(hooks.slice(0, serumHooks.length)).toEqual(serumHooks);
    expect(hooks).toHaveLength(10);
  });

  it('retries once when the answer does not match the schema', async () => {
    fake.enqueue(
      { kind: 'json', value: { hooks: 'POV: one string instead of a list' } },
      { kind: 'json', value: { hooks: serumHooks } },
    );
    const hooks = await writerFor().generateVideoHooks(serum, {
      count: 10,
      maxChars: 120,
      exclude: [],
    });
    expect(fake.requests).toHaveLength(2);
    expect(hooks[0]).toBe(serumHooks[0]);
  });

  it('reads JSON wrapped in a Markdown fence without another request', async () => {
    fake.enqueue({
      kind: 'text',
      content: `Here you go:\n\`\`\`json\n${JSON.stringify({ hooks: serumHooks })}\n\`\`\``,
    });
    const hooks = await writerFor().generateVideoHooks(serum, {
      count: 10,
      maxChars: 120,
      exclude: [],
    });
    expect(fake.requests).toHaveLength(1);
    expect(hooks[0]).toBe(serumHooks[0]);
  });

  it('gives a clear error when the output stays malformed', async () => {
    fake.setDefault({ kind: 'text', content: '{"hooks": ["unterminated' });
    await expectAppError(
      writerFor().generateVideoHooks(serum, { count: 10, maxChars: 120, exclude: [] }),
      'ai_bad_output',
      /malformed output twice/,
    );
    expect(fake.requests).toHaveLength(2);
  });

  it('gives a clear error when the model hangs past the timeout', async () => {
    fake.setDefault({ kind: 'hang' });
    const started = Date.now();
    await expectAppError(
      writerFor(300).analyzeProduct(serum),
      'ai_timeout',
      /did not answer within 0\.3 s/,
    );
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('gives a clear error when the API fails', async () => {
    fake.setDefault({ kind: 'error', status: 401, message: 'Incorrect API key provided' });
    await expectAppError(
      writerFor().analyzeProduct(serum),
      'ai_unavailable',
      /401 from 127\.0\.0\.1:\d+\)$/,
    );
    // A wrong key stays wrong: no second request, and no hint to try again.
    expect(fake.requests).toHaveLength(1);
  });

  it('answers a provider 500 with ai_unavailable and a retry hint, after one more try', async () => {
    fake.setDefault({ kind: 'error', status: 500, message: 'The server had an error' });
    const error = await writerFor()
      .analyzeProduct(serum)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'ai_unavailable', status: 502, retryAfterSeconds: 15 });
    expect((error as AppError).message).toMatch(
      /500 from 127\.0\.0\.1:\d+\)\. Try again in 15 s\./,
    );
    expect(fake.requests).toHaveLength(2);
  });

  it('gets through when the provider fails once and then answers', async () => {
    fake.enqueue(
      { kind: 'error', status: 503, message: 'Overloaded' },
      { kind: 'json', value: { hooks: serumHooks } },
    );
    const hooks = await writerFor().generateVideoHooks(serum, {
      count: 10,
      maxChars: 120,
      exclude: [],
    });
    expect(fake.requests).toHaveLength(2);
    expect(hooks[0]).toBe(serumHooks[0]);
  });

  it('answers a provider 429 with ai_busy and its Retry-After, without retrying', async () => {
    fake.setDefault({
      kind: 'error',
      status: 429,
      message: 'Rate limit reached for requests',
      headers: { 'Retry-After': '42' },
    });
    const error = await writerFor()
      .generateCarouselPlan(serum, { slides: 5, collections: [] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'ai_busy', status: 429, retryAfterSeconds: 42 });
    expect((error as AppError).message).toMatch(/busy.*Try again in 42 s/);
    expect(fake.requests).toHaveLength(1);
  });

  it('answers a dropped connection with ai_unavailable and a retry hint', async () => {
    fake.setDefault({ kind: 'reset' });
    const error = await writerFor()
      .analyzeProduct(serum)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'ai_unavailable', status: 502, retryAfterSeconds: 15 });
    expect((error as AppError).message).toMatch(/no response from 127\.0\.0\.1/);
    expect(fake.requests).toHaveLength(2);
  });

  it('asks for new video hooks and still drops excluded ones and long ones', async () => {
    const exclude = [serumHooks[0]!, serumHooks[1]!];
    fake.enqueue({
      kind: 'json',
      value: {
        hooks: [
          serumHooks[0]!.toUpperCase(),
          `${serumHooks[1]}!`,
          ...serumHooks.slice(2),
          'Busy moms: the GlowDrop Vitamin C Serum brightens dull skin in 2 weeks and layers under makeup',
        ],
      },
    });
    const hooks = await writerFor().generateVideoHooks(serum, { count: 10, maxChars: 60, exclude });
    expect(userMessage(fake.requests[0])).toContain(`- ${serumHooks[0]}`);
    expect(userMessage(fake.requests[0])).toContain('at most 60 characters');
    expect(fake.requests[0]?.body.response_format?.json_schema?.name).toBe('video_hooks');
    expect(hooks).toHaveLength(10);
    expect(hooks.slice(0, 6)).toEqual(serumHooks.slice(2));
    const excluded = new Set(exclude.map(hookKey));
    for (const hook of hooks) {
      expect(hook.length).toBeLessThanOrEqual(60);
      expect(excluded.has(hookKey(hook))).toBe(false);
    }
  });

  it('keeps numbers whole and names in their capitals, and drops hooks that change a number', async () => {
    const pourOver = {
      name: 'Brewmate Collapsible Pour-Over',
      description:
        'Silicone pour-over coffee dripper that collapses flat to 1.5 cm for camping and travel. Brews a clean cup in 3 minutes.',
      price: '$22',
    };
    const faithful = [
      'The Brewmate pour-over collapses flat to 1.5 cm. Camping coffee, solved',
      '$22 for a pour-over that brews a clean cup in 3 minutes',
      '3 reasons the Brewmate Collapsible Pour-Over comes camping',
    ];
    fake.enqueue({
      kind: 'json',
      value: {
        hooks: [
          '"Another pour-over?" Yes, because this one collapses flat to 1',
          'Only $19 for the Brewmate pour-over',
          'The pour-over that brews coffee in 2 minutes',
          ...faithful,
        ],
      },
    });
    const hooks = await writerFor().generateVideoHooks(pourOver, {
      count: 10,
      maxChars: 120,
      exclude: [],
    });
    expect(userMessage(fake.requests[0])).toMatch(/Quote numbers, units, prices and percentages/);
    expect(hooks.slice(0, 3)).toEqual(faithful);
    for (const hook of hooks) {
      expect(hook).not.toMatch(/flat to 1$|\$19|2 minutes/);
      expect(hook).not.toMatch(/brewmate/);
    }
  });

  it('passes the campaign goal and the prompt to the model as steering', async () => {
    fake.enqueue({
      kind: 'json',
      value: {
        slides: ['Gift idea?', 'Meet GlowDrop', 'Only $24'].map((text) => ({ text })),
        caption: 'The gift that glows. Link in bio.',
        hashtags: ['giftideas'],
        collection: null,
      },
    });
    await writerFor().generateCarouselPlan(serum, {
      slides: 3,
      prompt: 'playful tone',
      goal: 'holiday gift campaign',
      collections: [],
    });
    const message = userMessage(fake.requests[0]);
    expect(message).toContain("Seller's request: playful tone");
    expect(message).toContain('Campaign goal: holiday gift campaign');
  });

  it("sends the seller's facts and puts every model line through the sentence gate", async () => {
    const broken = [
      '480 g with? This serum is not playing around',
      'Day 14 of using this vitamin C serum: honest update',
      'Okay, obsessed: The product fixes it?',
      "Stop scrolling if your serum doesn't leave no sticky feel",
    ];
    fake.enqueue({
      kind: 'json',
      value: {
        hooks: [...broken, ...serumHooks, ...serumHooks.map((h) => `${h}, honestly`)],
        hooksSeeds: ['Everyday pain it removes?', 'Result: brighter skin in 2 weeks'],
        voice: 'Warm and honest.',
        hashtags: ['skincare'],
      },
    });
    const brief = await writerFor().analyzeProduct(serum);
    const message = userMessage(fake.requests[0]);
    expect(message).toContain("The seller's facts");
    expect(message).toContain('- brightens dull skin in 2 weeks');
    for (const line of broken) expect(brief.hooks).not.toContain(line);
    expect(brief.hooksSeeds).toEqual(['Result: brighter skin in 2 weeks']);

    fake.enqueue({
      kind: 'json',
      value: {
        slides: [
          'Dull skin with,',
          'Meet GlowDrop',
          'Day 30 of using it: the serum works',
          'Product?',
        ].map((text) => ({ text })),
        caption: 'Bright skin without the fuss. Link in bio.',
        hashtags: [],
        collection: null,
      },
    });
    const plan = await writerFor().generateCarouselPlan(serum, {
      slides: 4,
      prompt: 'mention the 30 seconds',
      collections: [],
    });
    expect(userMessage(fake.requests[1])).toContain("Seller's request: mention the 30 seconds");
    const texts = [...plan.slides.map((s) => s.text), plan.caption];
    expect(plan.caption).toBe('Bright skin without the fuss. Link in bio.');
    for (const text of texts) expect(text).not.toMatch(/^Dull skin with,$|^Product\?$|Day 30/);

    // The model never says "30 seconds"; the seller asked for it, so the result says it.
    fake.enqueue({
      kind: 'json',
      value: {
        slides: ['Dull skin?', 'Meet GlowDrop', 'Brightens in 2 weeks', 'Link in bio'].map(
          (text) => ({ text }),
        ),
        caption: 'Bright skin without the fuss. Link in bio.',
        hashtags: [],
        collection: null,
      },
    });
    const asked = await writerFor().generateCarouselPlan(serum, {
      slides: 4,
      prompt: 'mention the 30 seconds',
      collections: [],
    });
    const said = [...asked.slides.map((s) => s.text), asked.caption].join(' ');
    expect(said).toMatch(/30 seconds/);
    expect(asked.slides[0]?.text).toBe('Dull skin?');
    expect(asked.slides[3]?.text).toBe('Link in bio');
  });

  it('fits the carousel plan to the slide count and keeps only real collections', async () => {
    const collections = [
      { key: 'skincare-flatlay', name: 'Skincare flat lays' },
      { key: 'gym', name: 'Gym' },
    ];
    fake.enqueue({
      kind: 'json',
      value: {
        slides: [
          'Dull skin?',
          'Meet GlowDrop',
          'Brightens in 2 weeks',
          'Fades dark spots',
          'Under makeup in 30s',
          'Only $24',
          'Busy-mom approved',
          'Link in bio',
        ].map((text) => ({ text })),
        caption: 'My 30-second glow step. Link in bio.',
        hashtags: ['skincare', '#VitaminC'],
        collection: 'beauty-shots',
      },
    });
    const plan = await writerFor().generateCarouselPlan(serum, {
      slides: 5,
      prompt: 'for busy mornings',
      collections,
    });
    expect(userMessage(fake.requests[0])).toContain('exactly 5 slides');
    expect(userMessage(fake.requests[0])).toContain("Seller's request: for busy mornings");
    expect(userMessage(fake.requests[0])).toContain('skincare-flatlay (Skincare flat lays)');
    expect(plan.slides.map((s) => s.text)).toEqual([
      'Dull skin?',
      'Meet GlowDrop',
      'Brightens in 2 weeks',
      'Fades dark spots',
      'Link in bio',
    ]);
    expect(plan.caption).toBe('My 30-second glow step. Link in bio.');
    expect(plan.hashtags.slice(0, 2)).toEqual(['#skincare', '#vitaminc']);
    // "beauty-shots" does not exist, so the choice falls back to keyword affinity.
    expect(plan.collection).toBe('skincare-flatlay');
  });

  it('selects an existing collection, and asks nothing when there is none', async () => {
    const collections = [
      { key: 'travel', name: 'Travel' },
      { key: 'desk', name: 'Desk setups' },
    ];
    fake.enqueue({ kind: 'json', value: { key: 'desk' } });
    const writer = writerFor();
    expect(
      await writer.selectImageCollection({
        slides: ['Cables everywhere?', 'Meet the organiser'],
        product: SAMPLE_PRODUCTS.organiser,
        collections,
      }),
    ).toEqual({ key: 'desk' });
    expect(fake.requests[0]?.body.response_format?.json_schema?.name).toBe('image_collection');
    expect(
      await writer.selectImageCollection({ slides: ['x'], product: null, collections: [] }),
    ).toEqual({ key: null });
    expect(fake.requests).toHaveLength(1);
  });
});

describe('createAiWriter', () => {
  it('uses the local writer unless AI_BASE_URL and AI_MODEL are set', () => {
    expect(createAiWriter(loadConfig({}).ai).describe).toMatch(/^ai: local writer/);
    const config = loadConfig({
      AI_BASE_URL: 'https://llm.example.com/v1',
      AI_MODEL: 'gpt-4o-mini',
      AI_API_KEY: 'sk-secret',
    });
    expect(config.ai).toEqual({
      kind: 'llm',
      baseUrl: 'https://llm.example.com/v1',
      apiKey: 'sk-secret',
      model: 'gpt-4o-mini',
      timeoutMs: 20_000,
    });
    const describe = createAiWriter(config.ai).describe;
    expect(describe).toBe(
      'ai: OpenAI-compatible model gpt-4o-mini at llm.example.com (timeout 20 s)',
    );
    expect(describe).not.toContain('sk-secret');
  });

  it('refuses half an LLM configuration', () => {
    expect(() => loadConfig({ AI_MODEL: 'gpt-4o-mini' })).toThrow(ConfigError);
    expect(() => loadConfig({ AI_BASE_URL: 'https://llm.example.com/v1' })).toThrow(
      /AI_MODEL: required for the LLM writer when AI_BASE_URL is set/,
    );
  });
});
