import type {
  TAiBrief,
  TCarouselPlan,
  TGenerateVideoHookResponse,
  TImageCollectionRef,
} from '#contract/ai';
import {
  AI_BRIEF_MIN_HOOKS,
  AI_HOOK_MAX_CHARS,
  AI_VIDEO_HOOK_COUNT,
  clampSlideCount,
} from '#contract/ai';
import type { AiProductInput, AiWriter } from '../../adapters/ai/ai-writer';
import { finalizeHooks } from '../../adapters/ai/hook-rules';
import { AppError } from '../../errors';
import { placeProductPhotos } from './product-photos';

// The rule lives in the contract so the editor applies the same one; product-briefs.ts imports it
// from here.

/** A product as the routes load it; only its own words reach the writer. */
export type AiProduct = { name: string; description: string; price?: string | null };

const toInput = (product: AiProduct): AiProductInput => ({
  name: product.name,
  description: product.description,
  ...(product.price ? { price: product.price } : {}),
});

export type GenerateVideoHookInput = {
  product: AiProduct;
  constraints?: { maxChars?: number; exclude?: string[] };
  /** Another seed gives other hooks; by default the exclude list's length varies it. */
  seed?: number;
};

export type GenerateCarouselPlanInput = {
  product: AiProduct;
  slides?: number | null;
  prompt?: string;
  /** A campaign's goal, which steers the plan like the prompt. */
  goal?: string;
  collections?: TImageCollectionRef[];
  /** The product's own photos (URLs), for the reveal, demo and call-to-action slides. */
  productPhotos?: string[];
  /** The item's place in a campaign, so its items do not end alike. */
  variant?: number;
};

export type SelectImageCollectionInput = {
  slides: string[];
  product?: AiProduct | null;
  collections: TImageCollectionRef[];
};

export const createAiService = (writer: AiWriter) => ({
  describe: writer.describe,

  analyzeProduct: async (
    product: AiProduct,
    options: { seed?: number } = {},
  ): Promise<TAiBrief> => {
    const brief = await writer.analyzeProduct(toInput(product), options);
    if (brief.hooks.length < AI_BRIEF_MIN_HOOKS) {
      throw new AppError('ai_bad_output', 'The AI wrote too few hooks for this product', {
        status: 502,
      });
    }
    return brief;
  },

  /** Ten hooks, never one of `exclude` (case-insensitive), each within maxChars (≤ 120). */
  generateVideoHook: async ({
    product,
    constraints = {},
    seed,
  }: GenerateVideoHookInput): Promise<TGenerateVideoHookResponse> => {
    const maxChars = Math.min(constraints.maxChars ?? AI_HOOK_MAX_CHARS, AI_HOOK_MAX_CHARS);
    const exclude = (constraints.exclude ?? []).filter((h) => typeof h === 'string');
    const written = await writer.generateVideoHooks(toInput(product), {
      count: AI_VIDEO_HOOK_COUNT,
      maxChars,
      exclude,
      seed: seed ?? exclude.length,
    });
    // Writers already obey these rules; checking again keeps the promise whatever the writer.
    const hooks = finalizeHooks(written, { maxChars, exclude, limit: AI_VIDEO_HOOK_COUNT });
    const [hook] = hooks;
    if (!hook) {
      throw new AppError(
        'ai_no_hooks',
        'No new hooks left for this product. Add detail to its description and try again.',
      );
    }
    return { hook, hooks };
  },

  /** Slides clamped to 3–8 (default 6); `collection` is one of `collections` or null. */
  generateCarouselPlan: async ({
    product,
    slides,
    prompt,
    goal,
    collections = [],
    productPhotos = [],
    variant,
  }: GenerateCarouselPlanInput): Promise<TCarouselPlan> => {
    const plan = await writer.generateCarouselPlan(toInput(product), {
      slides: clampSlideCount(slides),
      ...(variant !== undefined ? { variant } : {}),
      ...(prompt?.trim() ? { prompt: prompt.trim() } : {}),
      ...(goal?.trim() ? { goal: goal.trim() } : {}),
      collections,
    });
    return { ...plan, slides: placeProductPhotos(plan.slides, productPhotos) };
  },

  selectImageCollection: async ({
    slides,
    product,
    collections,
  }: SelectImageCollectionInput): Promise<{ key: string | null }> => {
    if (collections.length === 0) return { key: null };
    const texts = slides.map((s) => s.trim()).filter(Boolean);
    const { key } = await writer.selectImageCollection({
      slides: texts,
      product: product ? toInput(product) : null,
      collections,
    });
    return { key: key !== null && collections.some((c) => c.key === key) ? key : null };
  },
});

export type AiService = ReturnType<typeof createAiService>;
