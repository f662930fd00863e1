import type { TAiBrief } from '#contract/ai';
import { AI_HOOK_MAX_CHARS } from '#contract/ai';
import { productKeywords } from '#contract/hook-rules';
import type {
  AiProductInput,
  AiWriter,
  AnalyzeProductOptions,
  VideoHooksOptions,
} from '../ai-writer';
import { finalizeHooks } from '../hook-rules';
import { extractFacts } from '../product-facts';
import { hashtagsFor, seedsFor, voiceFor } from './brief';
import { buildPlan } from './carousel-plan';
import { categoryOfText, chooseCollectionByAffinity } from './collection-choice';
import { hookCandidates } from './hook-candidates';
import { productSeed } from './seeded-random';

/**
 * The embedded AI writer: copy assembled from the seller's own product text with hook formulas
 * that work on TikTok. Deterministic: the same product (and seed) always gives the same text, so
 * re-analysis is stable and a different seed or exclude list gives fresh hooks.
 */
export const createLocalWriter = (): AiWriter => {
  const brief = (product: AiProductInput, options: AnalyzeProductOptions = {}): TAiBrief => {
    const f = extractFacts(product);
    const hooks = finalizeHooks(
      hookCandidates(f, productSeed(product, options.seed), AI_HOOK_MAX_CHARS),
      {
        maxChars: AI_HOOK_MAX_CHARS,
        keywords: productKeywords(product),
        limit: 24,
      },
    );
    return { hooks, hooksSeeds: seedsFor(f), voice: voiceFor(f), hashtags: hashtagsFor(f) };
  };

  return {
    describe: 'ai: local writer (deterministic, built from the product text)',

    analyzeProduct: async (product, options) => brief(product, options),

    generateVideoHooks: async (product, options: VideoHooksOptions) => {
      const f = extractFacts(product);
      const maxChars = Math.min(options.maxChars, AI_HOOK_MAX_CHARS);
      return finalizeHooks(hookCandidates(f, productSeed(product, options.seed), maxChars), {
        maxChars,
        exclude: options.exclude,
        keywords: productKeywords(product),
        limit: options.count,
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
