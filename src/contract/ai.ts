import { z } from 'zod';
import { ZErrorResponse } from './errors';

/** docs/product/hook-demo.md rule 2: an AI hook is at most 120 characters. */
export const AI_HOOK_MAX_CHARS = 120;
/** docs/product/products.md rule 3: fewer stored hooks than this forces a re-analysis. */
export const AI_BRIEF_MIN_HOOKS = 20;
/** The landing page promises "10 organic hooks instantly". */
export const AI_VIDEO_HOOK_COUNT = 10;
/** docs/product/carousels.md rule 2: AI slide count 3–8, default 6. */
export const CAROUSEL_MIN_SLIDES = 3;
export const CAROUSEL_MAX_SLIDES = 8;
export const CAROUSEL_DEFAULT_SLIDES = 6;

/** A requested slide count made valid rather than refused, as the Carousel Maker expects. */
export const clampSlideCount = (slides: number | undefined | null): number => {
  if (slides === undefined || slides === null || !Number.isFinite(slides)) {
    return CAROUSEL_DEFAULT_SLIDES;
  }
  return Math.min(CAROUSEL_MAX_SLIDES, Math.max(CAROUSEL_MIN_SLIDES, Math.round(slides)));
};

const isCaseInsensitivelyUnique = (items: string[]) =>
  new Set(items.map((s) => s.trim().toLowerCase())).size === items.length;

/** A product's AI brief (docs/product/products.md rule 2). */
export const ZAiBrief = z.object({
  hooks: z
    .array(z.string().min(1))
    .min(AI_BRIEF_MIN_HOOKS)
    .refine(isCaseInsensitivelyUnique, 'Hooks must not repeat'),
  /** Angles the hooks were written from; the editor falls back to them without hooks. */
  hooksSeeds: z.array(z.string()),
  /** One sentence describing the tone to write in. */
  voice: z.string(),
  hashtags: z.array(z.string()),
});
export type TAiBrief = z.infer<typeof ZAiBrief>;

/** POST /api/ai/generate-video-hook. The editor sends maxChars and exclude; campaigns only exclude. */
export const ZGenerateVideoHookRequest = z.object({
  productId: z.string().min(1),
  constraints: z
    .object({
      // Above the editor's 120 the server still writes ≤ 120, which honours any larger limit.
      maxChars: z.number().int().min(30).max(1000).default(AI_HOOK_MAX_CHARS),
      /** Hooks already used (the client's last 30); compared case-insensitively. */
      exclude: z.array(z.string().max(1000)).max(200).default([]),
    })
    .default({ maxChars: AI_HOOK_MAX_CHARS, exclude: [] }),
});
export type TGenerateVideoHookRequest = z.input<typeof ZGenerateVideoHookRequest>;

export const ZGenerateVideoHookResponse = z.object({
  hook: z.string(),
  /** Ten hooks; the first is `hook`. */
  hooks: z.array(z.string()),
});
export type TGenerateVideoHookResponse = z.infer<typeof ZGenerateVideoHookResponse>;

/** An image collection the AI may choose from (docs/product/carousels.md rule 3: key and name). */
export const ZImageCollectionRef = z.object({ key: z.string().min(1), name: z.string() });
export type TImageCollectionRef = z.infer<typeof ZImageCollectionRef>;

/** POST /api/ai/generate-carousel-plan. `slides` is clamped to 3–8 (default 6), never refused. */
export const ZGenerateCarouselPlanRequest = z.object({
  productId: z.string().min(1),
  slides: z
    .number()
    .optional()
    .nullable()
    .transform((n) => clampSlideCount(n)),
  prompt: z.string().trim().max(1000).optional(),
});
export type TGenerateCarouselPlanRequest = z.input<typeof ZGenerateCarouselPlanRequest>;

export const ZCarouselPlan = z.object({
  slides: z
    .array(
      z.object({
        text: z.string().min(1),
        /**
         * The seller's own product photo, on the slides where the product belongs (the reveal,
         * the demo, the call to action) when the product has photos; the other slides take
         * the chosen collection's images.
         */
        imageUrl: z.string().optional(),
      }),
    )
    .min(CAROUSEL_MIN_SLIDES)
    .max(CAROUSEL_MAX_SLIDES),
  caption: z.string(),
  hashtags: z.array(z.string()),
  /** Key of the chosen image collection, or null when none fits or none exists. */
  collection: z.string().nullable(),
});
export type TCarouselPlan = z.infer<typeof ZCarouselPlan>;

// docs/product/carousels.md rule 2: a slide may be a string or an object carrying its text as
// text/content/body/title.
const ZSlideInput = z.union([
  z.string(),
  z
    .object({
      text: z.string().optional(),
      content: z.string().optional(),
      body: z.string().optional(),
      title: z.string().optional(),
    })
    .passthrough(),
]);

/** The text of a slide in any of the shapes the clients send. */
export const slideText = (slide: z.infer<typeof ZSlideInput>): string =>
  typeof slide === 'string'
    ? slide
    : (slide.text ?? slide.content ?? slide.body ?? slide.title ?? '');

/**
 * POST /api/ai/select-image-collection. The server chooses among the image library's own
 * collections; `key` is null when none fits or the library has none.
 */
export const ZSelectImageCollectionRequest = z.object({
  slides: z.array(ZSlideInput).max(50),
  productId: z.string().min(1).nullable().optional(),
});
export type TSelectImageCollectionRequest = z.input<typeof ZSelectImageCollectionRequest>;

export const ZSelectImageCollectionResponse = z.object({ key: z.string().nullable() });
export type TSelectImageCollectionResponse = z.infer<typeof ZSelectImageCollectionResponse>;

/** How every AI route (and a product's analysis) can fail, as the OpenAPI document states it. */
export const AI_ERROR_RESPONSES = {
  402: ZErrorResponse.meta({
    description: 'ai_allowance_upgrade: the free plan is past its daily AI allowance',
  }),
  409: ZErrorResponse.meta({ description: 'ai_no_hooks: no unused hooks are left' }),
  429: ZErrorResponse.meta({
    description:
      'ai_allowance_reached: a paid plan is past its daily AI allowance; or ai_busy: the AI provider is rate-limiting, try again after Retry-After (also in retryAfterSeconds)',
  }),
  502: ZErrorResponse.meta({
    description:
      'ai_unavailable: the AI provider failed; Retry-After and retryAfterSeconds are set when trying again may help. ai_bad_output: it answered malformed output twice',
  }),
  504: ZErrorResponse.meta({ description: 'ai_timeout: the AI provider did not answer in time' }),
};
