import { z } from 'zod';

/**
 * docs/product/products.md rule 1: up to 5 images per product (extra files are dropped, not
 * refused).
 */
export const PRODUCT_MAX_IMAGES = 5;

export const ZCreateProductRequest = z.object({
  name: z.string().trim().min(1, 'Enter the product name').max(120),
  description: z.string().trim().max(5000).default(''),
});
export type TCreateProductRequest = z.infer<typeof ZCreateProductRequest>;

/**
 * A stored brief as the API returns it. Briefs written by an older writer or an LLM may lack
 * fields, so reading is lenient; the client re-analyses briefs that fail docs/product/products.md
 * rule 3.
 */
export const ZStoredAiBrief = z.object({
  hooks: z.array(z.string()),
  hooksSeeds: z.array(z.string()).default([]),
  voice: z.string().default(''),
  hashtags: z.array(z.string()).default([]),
});
export type TStoredAiBrief = z.infer<typeof ZStoredAiBrief>;

/**
 * A product (docs/product/products.md rule 1). Image URLs are signed and short-lived; thumbnails
 * match images by index.
 */
export const ZProduct = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  images: z.array(z.string()),
  thumbnails: z.array(z.string()),
  isDefault: z.boolean(),
  brandVoice: z.string().nullable(),
  aiBrief: ZStoredAiBrief.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TProduct = z.infer<typeof ZProduct>;

export const ZCreateProductResponse = z.object({ id: z.string() });

/** POST /api/products/{id}/upload-images → the product with its images. */
export const ZUploadProductImagesResponse = z.object({
  images: z.array(z.string()),
  thumbnails: z.array(z.string()),
  /** How many of the sent files were dropped because the product already had 5 images. */
  dropped: z.number().int(),
});
export type TUploadProductImagesResponse = z.infer<typeof ZUploadProductImagesResponse>;

/** POST /api/products/{id}/analyze: no body, or { force: true } to write a new brief. */
export const ZAnalyzeProductRequest = z
  .object({ force: z.boolean().optional() })
  .nullish()
  .transform((b) => ({ force: b?.force ?? false }));
export const ZAnalyzeProductResponse = z.object({ aiBrief: ZStoredAiBrief });
export type TAnalyzeProductResponse = z.infer<typeof ZAnalyzeProductResponse>;
/**
 * 202 from analyze without force: the analysis that creating the product started is still queued
 * or running, so no brief yet; the product shows it once written (GET /api/products/{id}).
 */
export const ZAnalyzeProductPending = z.object({ aiBrief: z.null() });
/** Either answer of analyze, for a caller that does not send force. */
export const ZAnalyzeProductAnswer = z.union([ZAnalyzeProductResponse, ZAnalyzeProductPending]);
export type TAnalyzeProductAnswer = z.infer<typeof ZAnalyzeProductAnswer>;
