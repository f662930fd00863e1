import { beforeAll, describe, expect, it } from 'vitest';
import { ZAiBrief } from '#contract/ai';
import { createCopyLinter, createDictionary } from '../../../testing/copy-lint';
import type { LabelledProduct } from './labelled-set';
import { evaluateCategories, LABELLED_PRODUCTS } from './labelled-set';
import { createLocalWriter } from '.';

const writer = createLocalWriter();

/** Prompts (and campaign goals) of every tone, so their wording is linted too. */
const STEERS: [string, string?][] = [
  ['playful tone, focus on the price, for first-time buyers'],
  ['luxury tone, before and after', 'holiday gift campaign'],
  ['calm and minimal, focus on how it feels'],
  ['bold, honest review'],
  ['expert tone, tips for beginners', 'launch sale'],
];

/** Everything the writer says about a product: brief, video hooks and carousel plans. */
const writeAll = async (product: LabelledProduct) => {
  const brief = await writer.analyzeProduct(product);
  const hooks = await writer.generateVideoHooks(product, { count: 10, maxChars: 120, exclude: [] });
  const plans = [];
  for (const slides of [3, 6, 8]) {
    plans.push(await writer.generateCarouselPlan(product, { slides, collections: [] }));
  }
  for (const [prompt, goal] of STEERS) {
    plans.push(
      await writer.generateCarouselPlan(product, {
        slides: 6,
        prompt,
        ...(goal ? { goal } : {}),
        collections: [],
      }),
    );
  }
  return [
    ...brief.hooks,
    ...brief.hooksSeeds,
    brief.voice,
    ...hooks,
    ...plans.flatMap((plan) => [...plan.slides.map((slide) => slide.text), plan.caption]),
  ];
};

const outputs = new Map<LabelledProduct, string[]>();

beforeAll(async () => {
  for (const product of LABELLED_PRODUCTS) outputs.set(product, await writeAll(product));
}, 120_000);

describe('local writer over the labelled set', () => {
  it('has at least 60 labelled products and reads at least 95% of their categories', () => {
    const result = evaluateCategories();
    expect(result.total).toBeGreaterThanOrEqual(60);
    expect(result.accuracy, JSON.stringify(result.misses)).toBeGreaterThanOrEqual(0.95);
  });

  it('writes a full brief (at least 20 distinct hooks) for every labelled product', async () => {
    for (const product of LABELLED_PRODUCTS) {
      const brief = await writer.analyzeProduct(product);
      expect(ZAiBrief.safeParse(brief).success, product.name).toBe(true);
    }
  });

  it('has a linter that does find bad copy', async () => {
    const lint = createCopyLinter(['Lumi Silk Pillowcase']);
    const rules = (
      await lint(['I found an pillowcase', 'The the Lumi pillowcase', 'Silky pilowcase'])
    )
      .map((f) => f.rule.split(':')[0])
      .sort();
    expect(rules).toEqual(['retext-indefinite-article', 'retext-repeated-words', 'retext-spell']);
  }, 30_000);

  it('writes copy a prose linter finds nothing in (articles, repeated words, spelling)', async () => {
    const lint = createCopyLinter(LABELLED_PRODUCTS.map((p) => `${p.name} ${p.description}`));
    const findings = await lint([...outputs.values()].flat());
    expect(findings).toEqual([]);
  }, 60_000);

  it('never splits a number: every number it writes is one the seller wrote', () => {
    const numbers = (text: string) => text.match(/\d+(?:[.,]\d+)*/g) ?? [];
    // Numbers of the formulas themselves: "Day 14 of…", "3 reasons…", "Under $30: …".
    const ownNumbers = /\bDay \d+|\b3 (?:reasons|things)\b|\bUnder [$€£]\d+/gi;
    const problems: string[] = [];
    for (const [product, texts] of outputs) {
      const source = new Set(
        numbers(`${product.name} ${product.description} ${product.price ?? ''}`),
      );
      for (const text of texts) {
        for (const n of numbers(text.replace(ownNumbers, ''))) {
          if (!source.has(n)) problems.push(`${product.name}: "${n}" in "${text}"`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('keeps brand names and the words the seller capitalises in their case', async () => {
    const isEnglish = createDictionary();
    const problems: string[] = [];
    for (const [product, texts] of outputs) {
      // A name the dictionary knows only capitalised ("Bluetooth", "Montessori") or not at all
      // ("GlowDrop", "Lumi") must never be written in lower case.
      const kept = new Set<string>();
      // Capitals in the name, or inside a sentence: one that opens a sentence is grammar.
      const capitalised = [
        ...(product.name.match(/\b\p{Lu}[\p{L}]+/gu) ?? []),
        ...(product.description.match(/(?<![.!?\n]\s*|^)(?<=\s)\p{Lu}[\p{L}]+/gu) ?? []),
      ];
      for (const word of new Set(capitalised)) {
        const lower = word.toLowerCase();
        const sellerWritesLower = new RegExp(`(?<![\\p{L}])${lower}(?![\\p{L}])`, 'u').test(
          product.description,
        );
        if (!sellerWritesLower && !(await isEnglish(lower))) kept.add(word);
      }
      for (const text of texts) {
        for (const word of kept) {
          const lower = word.toLowerCase();
          if (new RegExp(`(?<![\\p{L}#])${lower}(?![\\p{L}])`, 'u').test(text)) {
            problems.push(`${product.name}: "${lower}" in "${text}"`);
          }
        }
        if (!/^["\p{Lu}\p{N}$€£]/u.test(text))
          problems.push(`${product.name}: starts low: "${text}"`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('covers several hook formulas for one product, not one template', async () => {
    const families: Record<string, RegExp> = {
      question: /\?/,
      pov: /^POV:/,
      'before/after': /\bbefore\b.*\bafter\b|^Before/i,
      listicle: /^\d+ (?:reasons|things)|, .* and .*\. All in one/,
      story: /^(?:Day \d+|I used|I almost|I didn't|Replying|Unboxing|Rating)/,
      claim: /^(?:Nobody|Just|This|Watch|The|You don't|If you only)/,
    };
    for (const product of LABELLED_PRODUCTS) {
      const brief = await writer.analyzeProduct(product);
      const covered = Object.entries(families).filter(([, re]) =>
        brief.hooks.some((h) => re.test(h)),
      );
      expect(
        covered.length,
        `${product.name}: ${covered.map(([k]) => k).join(', ')}`,
      ).toBeGreaterThanOrEqual(5);
    }
  });
});

describe('local writer: the prompt and the campaign goal steer the plan', () => {
  const pillowcase = LABELLED_PRODUCTS.find((p) => p.name === 'Lumi Silk Pillowcase')!;
  const texts = (plan: { slides: { text: string }[]; caption: string }) =>
    [...plan.slides.map((s) => s.text), plan.caption].join('\n');

  it('shows the focus words, the audience and the tone the prompt asks for', async () => {
    const plain = await writer.generateCarouselPlan(pillowcase, { slides: 6, collections: [] });
    const steered = await writer.generateCarouselPlan(pillowcase, {
      slides: 6,
      prompt: 'focus on curly hair, playful tone, for curly girls',
      collections: [],
    });
    const out = texts(steered);
    expect(out).not.toBe(texts(plain));
    expect(out).toMatch(/curly hair/i);
    expect(out).toMatch(/curly girls/);
    expect(out).toMatch(/obsessed|treat yourself/i);
    expect(texts(plain)).not.toMatch(/curly girls|obsessed|treat yourself/i);
  });

  it('follows a campaign goal and an angle: gifts, a launch sale, before and after', async () => {
    const gift = await writer.generateCarouselPlan(pillowcase, {
      slides: 6,
      goal: 'holiday gift campaign',
      collections: [],
    });
    expect(gift.slides.at(-1)!.text).toMatch(/gift/i);
    const launch = await writer.generateCarouselPlan(pillowcase, {
      slides: 6,
      goal: 'launch sale',
      collections: [],
    });
    expect(texts(launch)).toMatch(/\$29/);
    expect(texts(launch)).toMatch(/Heads up|Don't wait/);
    const beforeAfter = await writer.generateCarouselPlan(pillowcase, {
      slides: 6,
      prompt: 'before and after',
      collections: [],
    });
    expect(beforeAfter.slides[0]!.text).toMatch(/before/i);
  });
});
