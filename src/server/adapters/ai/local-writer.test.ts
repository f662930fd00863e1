import { describe, expect, it } from 'vitest';
import { ZAiBrief, ZCarouselPlan } from '#contract/ai';
import type { AiProductInput } from './ai-writer';
import { hookKey, isGenericHook, mentionsProduct, productKeywords } from '#contract/hook-rules';
import { createLocalWriter } from './local-writer';
import { extractFacts } from './product-facts';
import { STARTER_COLLECTIONS } from '../../library/starter/starter-collections';
import { SAMPLE_PRODUCTS } from '../../testing/sample-products';

const writer = createLocalWriter();
const products = Object.entries(SAMPLE_PRODUCTS);

const COLLECTIONS = [
  { key: 'lifestyle', name: 'Lifestyle' },
  { key: 'skincare-flatlay', name: 'Skincare flat lays' },
  { key: 'airport-travel', name: 'Airports and travel' },
  { key: 'desk-setups', name: 'Desk setups' },
  { key: 'healthy-breakfast', name: 'Healthy breakfast' },
];

const expectProductHooks = (hooks: string[], product: AiProductInput, maxChars = 120) => {
  const keywords = productKeywords(product);
  for (const hook of hooks) {
    expect(hook.length, hook).toBeLessThanOrEqual(maxChars);
    expect(isGenericHook(hook), hook).toBe(false);
    expect(mentionsProduct(hook, keywords), `${hook} mentions ${product.name}`).toBe(true);
    expect(hook).not.toMatch(/lorem|ipsum|undefined|null|\[object|\$\{/i);
  }
  expect(new Set(hooks.map(hookKey)).size).toBe(hooks.length);
};

describe('local writer: product facts', () => {
  it('reads noun, claims, audience, numbers and price from the seller text', () => {
    const serum = extractFacts(SAMPLE_PRODUCTS.serum);
    expect(serum).toMatchObject({
      item: 'vitamin C serum',
      head: 'serum',
      category: 'skincare',
      audience: 'busy moms',
      audienceOne: 'busy mom',
      price: '$24',
    });
    expect(serum.claims).toContain('brightens dull skin in 2 weeks');
    expect(serum.timeframes).toContain('2 weeks');

    const backpack = extractFacts(SAMPLE_PRODUCTS.backpack);
    expect(backpack.category).toBe('travel');
    expect(backpack.features).toContain('a padded laptop sleeve');
    expect(backpack.price).toBe('$89');

    const pancakes = extractFacts(SAMPLE_PRODUCTS.pancakes);
    expect(pancakes.pain).toEqual({ verb: 'hate', what: 'boring breakfasts' });
    expect(pancakes.quantities).toContain('20g protein');
    expect(pancakes.price).toBeNull();

    expect(extractFacts({ ...SAMPLE_PRODUCTS.organiser, price: '19.99 USD' }).price).toBe('$19.99');
  });
});

describe('local writer: analyzeProduct', () => {
  it.each(products)('writes a full brief specific to the %s', async (_key, product) => {
    const brief = await writer.analyzeProduct(product);
    expect(ZAiBrief.safeParse(brief).success).toBe(true);
    expect(brief.hooks.length).toBeGreaterThanOrEqual(20);
    expectProductHooks(brief.hooks, product);
    expect(brief.hashtags.length).toBeGreaterThanOrEqual(8);
    expect(brief.hashtags.length).toBeLessThanOrEqual(12);
    for (const tag of brief.hashtags) expect(tag).toMatch(/^#[a-z0-9_]+$/);
    expect(brief.hashtags).toContain('#tiktokmademebuyit');
    expect(brief.voice.length).toBeGreaterThan(40);
    expect(brief.hooksSeeds.length).toBeGreaterThanOrEqual(5);
  });

  it('uses the product facts a seller would post about', async () => {
    const serum = await writer.analyzeProduct(SAMPLE_PRODUCTS.serum);
    const text = serum.hooks.join('\n');
    expect(text).toContain('$24');
    expect(text).toMatch(/busy moms?/i);
    expect(text).toMatch(/brighten/);
    expect(serum.hashtags).toContain('#vitamincserum');
    expect(serum.voice).toMatch(/busy mom/);

    const pancakes = await writer.analyzeProduct(SAMPLE_PRODUCTS.pancakes);
    expect(pancakes.hooks.join('\n')).toMatch(/boring breakfasts/);
    expect(pancakes.hooks.join('\n')).not.toContain('$');
  });

  const CITRUS_PRESS = {
    name: 'Citrus Press',
    description:
      '$34 handheld citrus press that squeezes a lime in one go and fits a kitchen drawer, for home bartenders',
  };

  it('tags, hooks and slides a citrus press as a seller would: #citrus, joined verbs, what it does', async () => {
    const press = await writer.analyzeProduct(CITRUS_PRESS);
    expect(press.hashtags).toContain('#citrus');
    expect(press.hashtags).not.toContain('#citruses');
    // After "doesn't" or "could", both of its joined verbs read in the base form.
    const hooks = press.hooks.join('\n');
    expect(hooks).toContain("doesn't squeeze a lime in one go and fit a kitchen drawer");
    expect(hooks).not.toMatch(/(?:doesn't|could) squeeze a lime in one go and fits/);
    // Who it is for is a fact of its own, not the tail of a claim ("…a kitchen drawer, for home
    // bartenders").
    expect(hooks).not.toMatch(/drawer, for home bartenders/);

    // Six slides have room for one benefit: what the press does, not only who it is for.
    const plan = await writer.generateCarouselPlan(CITRUS_PRESS, { slides: 6, collections: [] });
    expect(plan.slides[3]?.text).toMatch(/squeezes a lime in one go/i);
  });

  it('keeps the price out of a claim, agrees with a plural name, files food bags under kitchen', async () => {
    const mount = await writer.analyzeProduct({
      name: 'GripGo Car Mount',
      description:
        'Magnetic phone mount for cars. Holds phones up to 7 inches, one-hand release, $19',
    });
    for (const hook of mount.hooks) expect(hook).not.toMatch(/, \$19$/);
    const bags = await writer.analyzeProduct({
      name: 'FreshPocket Bags',
      description:
        'Reusable silicone food bags, set of 4, dishwasher safe, keeps snacks fresh for a week. $22',
    });
    expect(bags.hooks).toContain('Are the FreshPocket Bags worth it? Honest review');
    // Bags that keep food are kitchen things, not breakfast ideas.
    expect(bags.hashtags).not.toContain('#healthybreakfast');
    expect(bags.hooks.join('\n')).not.toContain('Is the FreshPocket Bags');
  });

  it('is deterministic for a product and varies with the seed and between products', async () => {
    const first = await writer.analyzeProduct(SAMPLE_PRODUCTS.backpack);
    const again = await writer.analyzeProduct(SAMPLE_PRODUCTS.backpack);
    expect(again).toEqual(first);
    const reseeded = await writer.analyzeProduct(SAMPLE_PRODUCTS.backpack, { seed: 7 });
    expect(reseeded.hooks).not.toEqual(first.hooks);
    const other = await writer.analyzeProduct(SAMPLE_PRODUCTS.organiser);
    const overlap = other.hooks.filter((h) => first.hooks.includes(h));
    expect(overlap).toEqual([]);
  });

  it('still writes 20 product hooks from a bare name', async () => {
    for (const name of ['Yo', 'Lavender Sleep Spray', 'Bamboo Toothbrush 4-Pack']) {
      const product = { name, description: '' };
      const brief = await writer.analyzeProduct(product);
      expect(brief.hooks.length, name).toBeGreaterThanOrEqual(20);
      expectProductHooks(brief.hooks, product);
    }
  });
});

describe('local writer: generateVideoHooks', () => {
  it.each(products)(
    'gives 10 new hooks for the %s, honouring exclude and maxChars',
    async (_k, product) => {
      const brief = await writer.analyzeProduct(product);
      const exclude = brief.hooks
        .slice(0, 30)
        .map((h) => (h.length % 2 ? h.toUpperCase() : ` ${h}. `));
      const hooks = await writer.generateVideoHooks(product, { count: 10, maxChars: 120, exclude });
      expect(hooks).toHaveLength(10);
      expectProductHooks(hooks, product);
      const excluded = new Set(brief.hooks.map(hookKey));
      for (const hook of hooks) expect(excluded.has(hookKey(hook)), hook).toBe(false);

      const short = await writer.generateVideoHooks(product, {
        count: 10,
        maxChars: 60,
        exclude: [],
      });
      expect(short).toHaveLength(10);
      expectProductHooks(short, product, 60);
    },
  );

  it('keeps within 120 characters even when asked for more', async () => {
    const hooks = await writer.generateVideoHooks(SAMPLE_PRODUCTS.organiser, {
      count: 10,
      maxChars: 500,
      exclude: [],
    });
    for (const hook of hooks) expect(hook.length).toBeLessThanOrEqual(120);
  });

  it('is deterministic, and another seed or history gives other hooks', async () => {
    const options = { count: 10, maxChars: 120, exclude: [] };
    const a = await writer.generateVideoHooks(SAMPLE_PRODUCTS.serum, options);
    expect(await writer.generateVideoHooks(SAMPLE_PRODUCTS.serum, options)).toEqual(a);
    const b = await writer.generateVideoHooks(SAMPLE_PRODUCTS.serum, { ...options, seed: 3 });
    expect(b[0]).not.toBe(a[0]);
    const c = await writer.generateVideoHooks(SAMPLE_PRODUCTS.serum, { ...options, exclude: a });
    expect(c.filter((h) => a.includes(h))).toEqual([]);
  });
});

describe('local writer: carousel plan', () => {
  it.each([3, 4, 5, 6, 7, 8])('tells a %i-slide story ending on a call to action', async (n) => {
    const plan = await writer.generateCarouselPlan(SAMPLE_PRODUCTS.serum, {
      slides: n,
      collections: COLLECTIONS,
    });
    expect(ZCarouselPlan.safeParse(plan).success).toBe(true);
    expect(plan.slides).toHaveLength(n);
    const texts = plan.slides.map((s) => s.text);
    expect(new Set(texts).size).toBe(n);
    for (const text of texts) expect(text.length).toBeLessThanOrEqual(80);
    expect(texts.at(-1)).toMatch(/link|get yours/i);
    expect(texts.join(' ')).toMatch(/GlowDrop Vitamin C Serum|vitamin C serum/);
    expect(plan.caption).toMatch(/vitamin C serum|GlowDrop/i);
    expect(plan.hashtags.length).toBeGreaterThan(2);
    expect(plan.collection).toBe('skincare-flatlay');
  });

  it('writes a caption that never says the same thing twice', async () => {
    for (const product of [
      ...Object.values(SAMPLE_PRODUCTS),
      {
        name: 'Glow Serum',
        description: '$24 vitamin C serum that fades dark spots in 2 weeks, for busy moms',
      },
    ]) {
      for (const slides of [3, 6, 8]) {
        const { caption } = await writer.generateCarouselPlan(product, { slides, collections: [] });
        const sentences = caption.split(/(?<=[.!?])\s+/).map((s) =>
          s
            .toLowerCase()
            .replace(/^(it's|it|only)\s+/, '')
            .replace(/[.!?]$/, ''),
        );
        for (const [i, sentence] of sentences.entries()) {
          const others = sentences.filter((_, j) => j !== i);
          expect(
            others.some((o) => o.includes(sentence)),
            `${product.name}: ${caption}`,
          ).toBe(false);
        }
      }
    }
  });

  it('clamps the slide count to 3–8', async () => {
    for (const [asked, got] of [
      [1, 3],
      [0, 3],
      [12, 8],
      [6.6, 7],
    ] as const) {
      const plan = await writer.generateCarouselPlan(SAMPLE_PRODUCTS.pancakes, {
        slides: asked,
        collections: [],
      });
      expect(plan.slides, `${asked}`).toHaveLength(got);
      expect(plan.collection).toBeNull();
    }
  });

  it('follows the prompt: its audience, its focus and its price ask', async () => {
    const plan = await writer.generateCarouselPlan(SAMPLE_PRODUCTS.backpack, {
      slides: 6,
      prompt: 'show the price and the laptop sleeve, for students',
      collections: COLLECTIONS,
    });
    const text = plan.slides.map((s) => s.text).join('\n');
    expect(text).toContain('$89');
    expect(text).toMatch(/laptop sleeve/);
    expect(plan.collection).toBe('airport-travel');
  });
});

describe('local writer: selectImageCollection', () => {
  it.each([
    ['serum', 'skincare-flatlay'],
    ['backpack', 'airport-travel'],
    ['organiser', 'desk-setups'],
    ['pancakes', 'healthy-breakfast'],
  ] as const)('picks by keyword affinity for the %s', async (key, expected) => {
    const product = SAMPLE_PRODUCTS[key];
    const plan = await writer.generateCarouselPlan(product, { slides: 6, collections: [] });
    const { key: chosen } = await writer.selectImageCollection({
      slides: plan.slides.map((s) => s.text),
      product,
      collections: COLLECTIONS,
    });
    expect(chosen).toBe(expected);
  });

  it('chooses among the starter library by look: calm colours for skincare, bold ones for fitness', async () => {
    const starter = STARTER_COLLECTIONS.map(({ key, name }) => ({ key, name }));
    const pick = async (name: string, description: string) =>
      (
        await writer.generateCarouselPlan(
          { name, description },
          { slides: 6, collections: starter },
        )
      ).collection;
    expect(['botanical-soft', 'pastel-gradients', 'minimal-marble']).toContain(
      await pick('Glow Serum', '$24 vitamin C serum that fades dark spots, for busy moms'),
    );
    expect(['bold-pop', 'neon-night']).toContain(
      await pick('Protein Shaker', 'Leak-proof gym shaker bottle for protein shakes'),
    );
    expect(['ocean-calm', 'warm-sunset']).toContain(
      await pick('Packing Cubes', 'Travel packing cubes for carry-on trips'),
    );
  });

  it('works from slides alone, falls back to a neutral collection, then to any, and returns null without any', async () => {
    const slides = ['My gym bag essentials', 'Pre-workout snack ideas'];
    const collections = [...COLLECTIONS, { key: 'gym', name: 'Gym and fitness' }];
    expect(await writer.selectImageCollection({ slides, product: null, collections })).toEqual({
      key: 'gym',
    });
    expect(
      await writer.selectImageCollection({
        slides: ['Knitting patterns for winter'],
        product: null,
        collections: COLLECTIONS,
      }),
    ).toEqual({ key: 'lifestyle' });
    expect(await writer.selectImageCollection({ slides, product: null, collections: [] })).toEqual({
      key: null,
    });
    expect(
      await writer.selectImageCollection({
        slides: ['Knitting patterns for winter'],
        product: null,
        collections: [{ key: 'desk-setups', name: 'Desk setups' }],
      }),
    ).toEqual({ key: 'desk-setups' });
  });
});
