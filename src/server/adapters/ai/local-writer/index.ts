import type { TAiBrief } from '#contract/ai';
import { AI_HOOK_MAX_CHARS } from '#contract/ai';
import type {
  AiProductInput,
  AiWriter,
  AnalyzeProductOptions,
  VideoHooksOptions,
} from '../ai-writer';
import { extractFacts } from '../product-facts';
import { hashtagsFor, seedsFor, voiceFor } from './brief';
import { buildPlan } from './carousel-plan';
import { categoryOfText, chooseCollectionByAffinity } from './collection-choice';
import { chooseHooks } from './hook-choice';
import { productSeed } from './seeded-random';

/**
 * The embedded AI writer: copy assembled from the seller's own product text with hook formulas
 * that work on TikTok. Deterministic: the same product (and seed) always gives the same text, so
 * re-analysis is stable and a different seed or exclude list gives fresh hooks.
 */
export const createLocalWriter = (): AiWriter => {
  const brief = (product: AiProductInput, options: AnalyzeProductOptions = {}): TAiBrief => {
    const f = extractFacts(product);
    const hooks = chooseHooks(product, f, {
      limit: 24,
      maxChars: AI_HOOK_MAX_CHARS,
      seed: productSeed(product, options.seed),
    });
    return {
      hooks,
      hooksSeeds: seedsFor(f, product.description),
      voice: voiceFor(f),
      hashtags: hashtagsFor(f),
    };
  };

  return {
    describe: 'ai: local writer (deterministic, built from the product text)',

    analyzeProduct: async (product, options) => brief(product, options),

    generateVideoHooks: async (product, options: VideoHooksOptions) => {
      const f = extractFacts(product);
      const maxChars = Math.min(options.maxChars, AI_HOOK_MAX_CHARS);
      return chooseHooks(product, f, {
        limit: options.count,
        maxChars,
        exclude: options.exclude,
        seed: productSeed(product, options.seed),
      });
    },

    generateCarouselPlan: async (product, options) => {
      const { facts, ...plan } = buildPlan(product, options);
      const texts = [...plan.slides.map((s) => s.text), product.name, product.description];
      return {
        ...plan,
        collection: chooseCollectionByAffinity(texts, facts.category, options.collections),
      };
    },

    selectImageCollection: async ({ slides, product, collections }) => {
      const category = product ? extractFacts(product).category : categoryOfText(slides.join(' '));
      const texts = product ? [...slides, product.name, product.description] : slides;
      return { key: chooseCollectionByAffinity(texts, category, collections) };
    },
  };
};
