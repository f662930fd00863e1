import type { TAiBrief, TCarouselPlan, TImageCollectionRef } from '#contract/ai';

/** What the writers know about a product: its own words, nothing from the database. */
export type AiProductInput = {
  name: string;
  description: string;
  /** e.g. "$24"; when absent, a price found in the description is used. */
  price?: string;
};

export type AnalyzeProductOptions = {
  /** Another seed gives another, equally valid brief for the same product. */
  seed?: number;
};

export type VideoHooksOptions = {
  count: number;
  maxChars: number;
  /** Hooks not to repeat, compared case-insensitively. */
  exclude: string[];
  seed?: number;
};

export type CarouselPlanOptions = {
  /** Already clamped to 3–8. */
  slides: number;
  prompt?: string;
  /** A campaign's goal (issue 12), read like the prompt: tone, angle, audience, focus words. */
  goal?: string;
  collections: TImageCollectionRef[];
  seed?: number;
  /**
   * The item's place in a campaign (0, 1, …): items of one campaign end their captions in
   * different ways and tell different facts (issue 27).
   */
  variant?: number;
};

export type SelectCollectionInput = {
  slides: string[];
  product: AiProductInput | null;
  collections: TImageCollectionRef[];
};

/**
 * The AI text operations. Every writer returns output that already meets the contract (hook
 * count, length, no repeats, no generic phrases), so callers never need to re-check it.
 */
export type AiWriter = {
  /** One line for the start-up log, e.g. "ai: local writer". */
  describe: string;
  analyzeProduct(product: AiProductInput, options?: AnalyzeProductOptions): Promise<TAiBrief>;
  generateVideoHooks(product: AiProductInput, options: VideoHooksOptions): Promise<string[]>;
  generateCarouselPlan(
    product: AiProductInput,
    options: CarouselPlanOptions,
  ): Promise<TCarouselPlan>;
  selectImageCollection(input: SelectCollectionInput): Promise<{ key: string | null }>;
};
