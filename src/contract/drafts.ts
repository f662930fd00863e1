import { z } from 'zod';
import { DRAFTS_LIST_DEFAULT_LIMIT } from './drafts-list';

export const ZDraftType = z.enum(['carousel', 'video']);
export type TDraftType = z.infer<typeof ZDraftType>;

/** The Carousel Maker saves at most this many slides (a generous cap above the AI's 8). */
export const DRAFT_MAX_SLIDES = 30;
/** docs/product/create.md rule 2: the hub shows 8 drafts. */
export { DRAFTS_LIST_DEFAULT_LIMIT };

/**
 * A slide image: a path on this site (the image library's /media URLs), an http(s) URL, or an
 * inline image (the bundled sample). Other schemes (javascript:, blob: that dies with the tab)
 * are refused so a stored draft only ever holds something an <img> and the renderer can load.
 */
const ZImageUrl = z
  .string()
  .trim()
  .max(2048)
  // Spelt out case by case rather than with the `i` flag, which OpenAPI patterns cannot carry.
  .regex(/^(\/(?!\/)|[hH][tT][tT][pP][sS]?:\/\/|[dD][aA][tT][aA]:[iI][mM][aA][gG][eE]\/)/, {
    message: 'Use an image from the library, an uploaded image or an http(s) URL',
  });

/**
 * docs/product/create.md rule 4: a slide as saved; a slide may also arrive as a plain string (its
 * text).
 */
export const ZSlide = z.object({
  text: z.string().max(1000),
  imageUrl: ZImageUrl.optional(),
});
export type TSlide = z.infer<typeof ZSlide>;

const ZSlideInput = z
  .union([z.string().max(1000), ZSlide.strict()])
  .transform((s): TSlide => (typeof s === 'string' ? { text: s } : s));

export const ZCarouselPlanInput = z
  .object({ slides: z.array(ZSlideInput).max(DRAFT_MAX_SLIDES) })
  .strict();

/**
 * A video draft's assets (docs/product/create.md rule 4): known keys are checked, others kept for
 * later features.
 */
export const ZDraftAssets = z
  .object({
    selectedCharacter: z.string().max(2048).nullable().optional(),
    productVideos: z.array(z.string().max(2048)).max(10).optional(),
    ugcMediaType: z.enum(['premade', 'custom']).optional(),
    originCampaignItemId: z.string().max(200).nullable().optional(),
  })
  .catchall(z.unknown());
export type TDraftAssets = z.infer<typeof ZDraftAssets>;

export const ZDraft = z.object({
  id: z.string(),
  type: ZDraftType,
  productId: z.string().nullable(),
  hook: z.string().nullable(),
  caption: z.string().nullable(),
  hashtags: z.array(z.string()),
  carouselPlan: z.object({ slides: z.array(ZSlide) }).nullable(),
  assets: z.record(z.string(), z.unknown()),
  status: z.string(),
  originItemId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TDraft = z.infer<typeof ZDraft>;

/** `summary=true`: what a hub card needs (thumbnails, label, date, title). */
export const ZDraftSummary = z.object({
  id: z.string(),
  type: ZDraftType,
  hook: z.string().nullable(),
  caption: z.string().nullable(),
  /** Slide texts and images in order (text may be empty). */
  slides: z.array(ZSlide),
  selectedCharacter: z.string().nullable(),
  updatedAt: z.string(),
});
export type TDraftSummary = z.infer<typeof ZDraftSummary>;

export const ZListDraftsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(DRAFTS_LIST_DEFAULT_LIMIT),
  summary: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
  status: z.string().max(40).optional(),
  originItemId: z.string().max(200).optional(),
});

/** GET /api/drafts: newest change first. With summary=true the items are TDraftSummary. */
export const ZListDraftsResponse = z.object({
  drafts: z.array(z.union([ZDraft, ZDraftSummary])),
});

/**
 * POST /api/drafts: `{ type }`, or a snapshot of a campaign item (docs/product/create.md rule 3).
 */
export const ZCreateDraftRequest = z
  .object({
    type: ZDraftType,
    productId: z.string().max(200).nullable().optional(),
    hook: z.string().max(1000).nullable().optional(),
    carouselPlan: ZCarouselPlanInput.nullable().optional(),
    caption: z.string().max(5000).nullable().optional(),
    hashtags: z.array(z.string().max(100)).max(50).optional(),
    assets: ZDraftAssets.optional(),
    status: z.literal('draft').optional(),
  })
  .strict();
export type TCreateDraftRequest = z.input<typeof ZCreateDraftRequest>;

/**
 * PATCH /api/drafts/{id}, docs/product/create.md rule 4: the carousel shape { carouselPlan, caption
 * } (we also accept productId and hashtags so reopening restores the product) or the demo shape {
 * type: "video", productId, hook, assets }. Anything else is a 400.
 */
export const ZPatchCarouselDraft = z
  .object({
    carouselPlan: ZCarouselPlanInput,
    caption: z.string().max(5000).nullable().optional(),
    productId: z.string().max(200).nullable().optional(),
    hashtags: z.array(z.string().max(100)).max(50).optional(),
  })
  .strict();
export const ZPatchDemoDraft = z
  .object({
    type: z.literal('video'),
    productId: z.string().max(200).nullable().optional(),
    hook: z.string().max(1000).nullable().optional(),
    assets: ZDraftAssets.optional(),
  })
  .strict();
export const ZPatchDraftRequest = z.union([ZPatchCarouselDraft, ZPatchDemoDraft]);
export type TPatchDraftRequest = z.input<typeof ZPatchDraftRequest>;
