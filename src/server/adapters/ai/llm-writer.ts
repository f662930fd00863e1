import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { generateText, NoObjectGeneratedError, Output } from 'ai';
import { z } from 'zod';
import type { TAiBrief, TCarouselPlan } from '#contract/ai';
import { AI_BRIEF_MIN_HOOKS, AI_HOOK_MAX_CHARS, clampSlideCount } from '#contract/ai';
import { AppError } from '../../errors';
import type { AiProductInput, AiWriter } from './ai-writer';
import { contentStems, GENERIC_PHRASES, productKeywords } from '#contract/hook-rules';
import { finalizeHooks, normalizeHashtags, quotesNumbersFaithfully } from './hook-rules';
import { createLocalWriter } from './local-writer';
import { extractFacts, findPrice } from './product-facts';
import { factUnitsOf } from './local-writer/fact-units';
import { readSteer } from './local-writer/steer';
import { passesGate } from './sentence-gate';
import { isTransientProviderFailure, toProviderAppError } from './provider-errors';

export type LlmWriterConfig = {
  /** e.g. https://api.openai.com/v1 — the provider appends /chat/completions. */
  baseUrl: string;
  apiKey: string | null;
  model: string;
  timeoutMs: number;
};

// What the model is asked for. Strict structured output wants every field required and plain
// types, so lengths, counts and repeats are enforced afterwards by the same rules as the local
// writer instead of in the schema.
const ZLlmBrief = z.object({
  hooks: z.array(z.string()),
  hooksSeeds: z.array(z.string()),
  voice: z.string(),
  hashtags: z.array(z.string()),
});
const ZLlmHooks = z.object({ hooks: z.array(z.string()) });
const ZLlmPlan = z.object({
  slides: z.array(z.object({ text: z.string() })),
  caption: z.string(),
  hashtags: z.array(z.string()),
  collection: z.string().nullable(),
});
const ZLlmCollection = z.object({ key: z.string().nullable() });

const SYSTEM = [
  'You write short-form ad copy for online sellers: TikTok hooks, photo carousels and captions in a',
  'user-generated-content voice, like a real customer filming on their phone. First person, casual,',
  'specific. Use only facts from the product name and description; never invent prices, numbers,',
  'ingredients or results. Every hook must name the product or something from its description.',
  `Never use these phrases: ${GENERIC_PHRASES.map((p) => `"${p}"`).join(', ')}.`,
  'No emojis in hooks, no hashtags inside hooks, no numbering, no quotes around lines.',
  'Answer with a single JSON object that matches the requested schema and nothing else.',
].join(' ');

const productBlock = (product: AiProductInput) => {
  const price = product.price?.trim() || findPrice(product.description);
  // The same facts the local writer counts (issue 27), so the model is asked to use each one.
  const facts = factUnitsOf(extractFacts(product), product.description);
  return [
    `Product name: ${product.name}`,
    `Description: ${product.description.trim() || '(none given)'}`,
    price ? `Price: ${price}` : '',
    facts.length > 0
      ? `The seller's facts (use every one somewhere across the hooks, none in more than a quarter of them):\n${facts.map((u) => `- ${u.text}`).join('\n')}`
      : '',
    '',
    'Quote numbers, units, prices and percentages exactly as written above, never split or',
    'rounded; keep brand and product names in their capitals; claim nothing the description',
    'does not say. Every line is a complete sentence or a headline: no phrase cut off, no',
    '"the product" or "it" in place of the product, no double negatives.',
  ]
    .filter(Boolean)
    .join('\n');
};

/** A model that wraps JSON in a Markdown fence or adds a sentence is still answering. */
const salvageJson = (text: string | undefined): unknown => {
  if (!text) return undefined;
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start === -1 || end <= start) return undefined;
  try {
    return JSON.parse(text.slice(start, end + 1));
  } catch {
    return undefined;
  }
};

const isAbort = (error: unknown) =>
  error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');

export const createLlmWriter = (
  config: LlmWriterConfig,
  options: { fetch?: typeof fetch } = {},
): AiWriter => {
  const provider = createOpenAICompatible({
    name: 'llm',
    baseURL: config.baseUrl.replace(/\/+$/, ''),
    ...(config.apiKey ? { apiKey: config.apiKey } : {}),
    supportsStructuredOutputs: true,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const model = provider.chatModel(config.model);
  const local = createLocalWriter();
  const host = new URL(config.baseUrl).host;
  const seconds = Math.round(config.timeoutMs / 100) / 10;

  /**
   * One structured call: a single deadline covers both attempts. Malformed output (not JSON, or
   * not the schema), a 5xx or a dropped connection gets exactly one more try before a clear
   * error; a 429 gets none (the provider asked us to wait, and its wait may pass our deadline).
   */
  const ask = async <T>(schema: z.ZodType<T>, name: string, prompt: string): Promise<T> => {
    const signal = AbortSignal.timeout(config.timeoutMs);
    let lastProblem = '';
    for (let attempt = 1; attempt <= 2; attempt++) {
      try {
        const result = await generateText({
          model,
          system: SYSTEM,
          prompt,
          output: Output.object({ schema, name }),
          abortSignal: signal,
          temperature: 0.8,
          // Retries are decided below: the SDK's would sleep through a 429's Retry-After (up to a
          // minute) past our deadline and turn "busy" into a timeout.
          maxRetries: 0,
        });
        return result.output;
      } catch (error) {
        if (signal.aborted || isAbort(error)) {
          throw new AppError('ai_timeout', `The AI model did not answer within ${seconds} s`, {
            status: 504,
          });
        }
        if (NoObjectGeneratedError.isInstance(error)) {
          const salvaged = schema.safeParse(salvageJson(error.text));
          if (salvaged.success) return salvaged.data;
          lastProblem = error.message;
          continue;
        }
        if (attempt === 1 && isTransientProviderFailure(error)) continue;
        throw toProviderAppError(error, host) ?? error;
      }
    }
    throw new AppError(
      'ai_bad_output',
      `The AI model returned malformed output twice (${lastProblem || 'unreadable'})`,
      { status: 502 },
    );
  };

  const hooksFrom = async (
    product: AiProductInput,
    candidates: string[],
    want: number,
    maxChars: number,
    exclude: string[],
  ) => {
    const keywords = productKeywords(product);
    const source = `${product.name} ${product.description} ${product.price ?? ''}`;
    const faithful = candidates.filter((hook) => quotesNumbersFaithfully(hook, source));
    const hooks = finalizeHooks(faithful, { maxChars, exclude, keywords, limit: want, source });
    if (hooks.length >= want) return hooks;
    // The contract holds even when the model under-delivers: the local writer fills the gap.
    const extra = await local.generateVideoHooks(product, {
      count: want,
      maxChars,
      exclude: [...exclude, ...hooks],
    });
    return [...hooks, ...extra].slice(0, want);
  };

  return {
    describe: `ai: OpenAI-compatible model ${config.model} at ${host} (timeout ${seconds} s)`,

    analyzeProduct: async (product): Promise<TAiBrief> => {
      const answer = await ask(
        ZLlmBrief,
        'ai_brief',
        [
          productBlock(product),
          '',
          'Analyse this product for TikTok UGC ads. Return:',
          `- hooks: 25 different hooks, each at most ${AI_HOOK_MAX_CHARS} characters, mixing angles`,
          '  (POV, "I didn\'t expect…", numbered reasons, "Stop scrolling if…", "Nobody talks about…",',
          '  day-N diary, price reveal, before/after, objections, audience call-outs);',
          '- hooksSeeds: 6 short angle names with the product detail each one uses;',
          '- voice: one sentence describing the tone and persona to write in;',
          '- hashtags: 10 relevant hashtags, starting with #.',
        ].join('\n'),
      );
      const fallback = await local.analyzeProduct(product);
      const hooks = await hooksFrom(
        product,
        answer.hooks,
        Math.max(AI_BRIEF_MIN_HOOKS, Math.min(answer.hooks.length, 30)),
        AI_HOOK_MAX_CHARS,
        [],
      );
      const hashtags = normalizeHashtags([...answer.hashtags, ...fallback.hashtags], 12);
      const source = `${product.name} ${product.description} ${product.price ?? ''}`;
      const seeds = answer.hooksSeeds
        .map((s) => s.trim())
        .filter((s) => s && passesGate(s, source));
      return {
        hooks,
        hooksSeeds: seeds.length > 0 ? seeds.slice(0, 10) : fallback.hooksSeeds,
        voice: answer.voice.trim() || fallback.voice,
        hashtags,
      };
    },

    generateVideoHooks: async (product, options) => {
      const maxChars = Math.min(options.maxChars, AI_HOOK_MAX_CHARS);
      const avoid = options.exclude.slice(-30);
      const answer = await ask(
        ZLlmHooks,
        'video_hooks',
        [
          productBlock(product),
          '',
          `Write ${options.count + 4} different hooks for a "Hook + Demo" TikTok video: the hook is`,
          `the text overlay on the first seconds. Each at most ${maxChars} characters.`,
          avoid.length > 0
            ? `Do not repeat or paraphrase these hooks already used:\n${avoid.map((h) => `- ${h}`).join('\n')}`
            : '',
        ]
          .filter(Boolean)
          .join('\n'),
      );
      return hooksFrom(product, answer.hooks, options.count, maxChars, options.exclude);
    },

    generateCarouselPlan: async (product, options): Promise<TCarouselPlan> => {
      const slides = clampSlideCount(options.slides);
      const keys = options.collections.map((c) => c.key);
      const answer = await ask(
        ZLlmPlan,
        'carousel_plan',
        [
          productBlock(product),
          options.prompt ? `Seller's request: ${options.prompt}` : '',
          options.goal ? `Campaign goal: ${options.goal}` : '',
          options.prompt || options.goal
            ? 'Let the request and the goal set the tone, the angle, the audience and the focus; whatever they ask to mention must appear in the slides or the caption.'
            : '',
          '',
          `Plan a TikTok photo carousel of exactly ${slides} slides telling a mini story:`,
          'hook, problem, the product, its benefits, proof, call to action. Each slide text at most',
          '80 characters (it is drawn over a photo). Also a caption (one or two sentences) and 5',
          'hashtags.',
          options.collections.length > 0
            ? `collection: the key of the image collection that fits best, from: ${options.collections
                .map((c) => `${c.key} (${c.name})`)
                .join(', ')}; or null.`
            : 'collection: null.',
        ]
          .filter(Boolean)
          .join('\n'),
      );
      const fallback = await local.generateCarouselPlan(product, { ...options, slides });
      const texts = answer.slides.map((s) => s.text.trim()).filter(Boolean);
      // Keep the model's story but make the count exact: trim the middle, or borrow local slides.
      let fitted = texts;
      if (texts.length > slides) fitted = [...texts.slice(0, slides - 1), texts.at(-1)!];
      if (texts.length < slides) {
        const borrowed = fallback.slides
          .map((s) => s.text)
          .filter((t) => !texts.includes(t))
          .slice(0, slides - texts.length);
        fitted = [...texts.slice(0, -1), ...borrowed, ...texts.slice(-1)].slice(0, slides);
      }
      const hashtags = normalizeHashtags([...answer.hashtags, ...fallback.hashtags], 8);
      // The model's lines pass the same sentence gate as the local writer's; a slide or caption
      // that fails it is replaced by the local writer's line for that place (issue 27).
      const source = `${product.name} ${product.description} ${product.price ?? ''}`;
      const gated = fitted.map((text, i) =>
        passesGate(text, source)
          ? text
          : (fallback.slides[i]?.text ?? fallback.slides.at(-1)!.text),
      );
      const caption = answer.caption.trim();
      // What the seller asked to mention is in the result even when the model left it out: the
      // local writer's slide that says it takes a middle place (issue 27).
      const { focusStems } = readSteer(options.goal, options.prompt);
      const says = (text: string) => [...contentStems(text)].some((w) => focusStems.has(w));
      if (focusStems.size > 0 && ![...gated, caption].some(says) && gated.length >= 3) {
        const asked = fallback.slides.findIndex((s) => says(s.text));
        if (asked !== -1) {
          const place = Math.min(Math.max(asked, 1), gated.length - 2);
          gated[place] = fallback.slides[asked]!.text;
        }
      }
      return {
        slides: gated.map((text) => ({ text })),
        caption: caption && passesGate(caption, source) ? caption : fallback.caption,
        hashtags,
        collection:
          answer.collection && keys.includes(answer.collection)
            ? answer.collection
            : fallback.collection,
      };
    },

    selectImageCollection: async (input) => {
      if (input.collections.length === 0) return { key: null };
      const keys = input.collections.map((c) => c.key);
      const answer = await ask(
        ZLlmCollection,
        'image_collection',
        [
          input.product ? productBlock(input.product) : '',
          `Carousel slides:\n${input.slides.map((s, i) => `${i + 1}. ${s}`).join('\n')}`,
          '',
          'Choose the image collection whose photos fit these slides best. key: one of',
          input.collections.map((c) => `${c.key} (${c.name})`).join(', '),
          'or null if none fits.',
        ]
          .filter(Boolean)
          .join('\n'),
      );
      if (answer.key && keys.includes(answer.key)) return { key: answer.key };
      return local.selectImageCollection(input);
    },
  };
};
