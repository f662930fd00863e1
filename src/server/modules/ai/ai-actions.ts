import { LRUCache } from 'lru-cache';
import type { z } from 'zod';
import type {
  TAiBrief,
  TCarouselPlan,
  TGenerateVideoHookResponse,
  TImageCollectionRef,
  ZGenerateCarouselPlanRequest,
  ZGenerateVideoHookRequest,
  ZSelectImageCollectionRequest,
} from '#contract/ai';
import { AI_HOOK_MAX_CHARS, AI_VIDEO_HOOK_COUNT, slideText } from '#contract/ai';
import { productKeywords } from '#contract/hook-rules';
import { finalizeHooks } from '../../adapters/ai/hook-rules';
import type { AiService } from './ai-service';
import type { FairUse } from './fair-use';

/** The image library's collections the AI may choose from. */
export type ListCollections = () => Promise<TImageCollectionRef[]>;

type ProductFacts = { name: string; description: string };

/**
 * What the AI routes need of the products module, passed in by the composition root so that
 * products may use the AI service without a cycle.
 */
export type AiProductSource<P extends ProductFacts> = {
  /** The user's own product; 404 otherwise. */
  requireOwn: (userId: string, id: string) => Promise<P>;
  /**
   * Its stored brief while docs/product/products.md rule 3 accepts it, otherwise a newly written
   * one.
   */
  usableOrWrite: (product: P) => Promise<TAiBrief>;
  /** Links to the product's own photos, for the reveal, demo and call-to-action slides. */
  photoUrls?: (product: P) => Promise<string[]>;
};

type Options<P extends ProductFacts> = {
  ai: AiService;
  products: AiProductSource<P>;
  fairUse: FairUse;
  listCollections: ListCollections;
};

/**
 * A saved slide holds at most 1000 characters (contract/drafts.ts). The collection request takes
 * slides in any shape, and all of their text would reach a paid model for one unit of the
 * allowance, so longer text is cut to what a slide can hold.
 */
const SLIDE_TEXT_MAX = 1000;

const productInput = (row: ProductFacts) => ({ name: row.name, description: row.description });

/**
 * The /api/ai routes' work: the product must be the user's own (404 otherwise) and every call
 * takes one unit of the daily AI allowance, given back when the call fails.
 */
export const createAiActions = <P extends ProductFacts>({
  ai,
  products,
  fairUse,
  listCollections,
}: Options<P>) => {
  const own = products.requireOwn;

  /**
   * docs/product/products.md rule 3: hooks come from the stored brief (re-analysed first when it
   * has fewer than 20 hooks or generic ones); when the unused ones run short the writer adds fresh
   * hooks.
   */
  /**
   * "Regenerate with AI" sends the same exclude list (used hooks) each time, so the answer
   * must move on by itself: each call for a product starts one further along its unused hooks.
   * Kept per process; across processes the turns only repeat, never break a rule.
   */
  const turns = new LRUCache<string, number>({ max: 10_000 });
  const nextTurn = (key: string) => {
    const turn = turns.get(key) ?? 0;
    turns.set(key, turn + 1);
    return turn;
  };

  const videoHooks = async (
    /** The user and product the turns are counted for. */
    turnKey: string,
    row: P,
    { maxChars, exclude }: { maxChars: number; exclude: string[] },
  ): Promise<TGenerateVideoHookResponse> => {
    const brief = await products.usableOrWrite(row);
    const unused = finalizeHooks(brief.hooks, {
      maxChars,
      exclude,
      keywords: productKeywords(row),
    });
    const turn = nextTurn(turnKey);
    const start = unused.length > 0 ? turn % unused.length : 0;
    const stored = [...unused.slice(start), ...unused.slice(0, start)].slice(
      0,
      AI_VIDEO_HOOK_COUNT,
    );
    if (stored.length >= AI_VIDEO_HOOK_COUNT) return { hook: stored[0]!, hooks: stored };
    try {
      const fresh = await ai.generateVideoHook({
        product: productInput(row),
        constraints: { maxChars, exclude: [...exclude, ...stored] },
        seed: turn,
      });
      const hooks = [...stored, ...fresh.hooks].slice(0, AI_VIDEO_HOOK_COUNT);
      return { hook: hooks[0]!, hooks };
    } catch (error) {
      // Stored hooks in hand are an answer; the writer only tops them up.
      if (stored.length > 0) return { hook: stored[0]!, hooks: stored };
      throw error;
    }
  };

  return {
    generateVideoHook: async (
      userId: string,
      { productId, constraints }: z.output<typeof ZGenerateVideoHookRequest>,
    ) => {
      const row = await own(userId, productId);
      const maxChars = Math.min(constraints.maxChars, AI_HOOK_MAX_CHARS);
      return fairUse.run(userId, () =>
        videoHooks(`${userId}\u0000${productId}`, row, { maxChars, exclude: constraints.exclude }),
      );
    },

    /** Slides already clamped to 3–8 by the contract; the collection is one the library has. */
    generateCarouselPlan: async (
      userId: string,
      { productId, slides, prompt }: z.output<typeof ZGenerateCarouselPlanRequest>,
    ): Promise<TCarouselPlan> => {
      const row = await own(userId, productId);
      return fairUse.run(userId, async () =>
        ai.generateCarouselPlan({
          product: productInput(row),
          slides,
          ...(prompt ? { prompt } : {}),
          collections: await listCollections(),
          productPhotos: (await products.photoUrls?.(row)) ?? [],
        }),
      );
    },

    selectImageCollection: async (
      userId: string,
      { slides, productId }: z.output<typeof ZSelectImageCollectionRequest>,
    ) => {
      const row = productId ? await own(userId, productId) : null;
      const texts = slides
        .map((slide) => slideText(slide).slice(0, SLIDE_TEXT_MAX))
        .filter((t) => t.trim());
      return fairUse.run(userId, async () =>
        ai.selectImageCollection({
          slides: texts,
          product: row ? productInput(row) : null,
          collections: await listCollections(),
        }),
      );
    },
  };
};

export type AiActions = ReturnType<typeof createAiActions>;
