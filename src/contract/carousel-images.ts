import { z } from 'zod';

/**
 * docs/product/carousels.md rule 3: 4 collections on the Carousel Maker's panel, 12 per page in the
 * dialog.
 */
export const COLLECTIONS_ON_PANEL = 4;
export const COLLECTIONS_PER_PAGE = 12;
/** Stated on the upload area ("PNG, JPG, GIF up to 10MB") and enforced by the server. */
export const CAROUSEL_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const CAROUSEL_UPLOAD_MAX_FILES = 10;

/** An image collection (docs/product/carousels.md rule 3). */
export const ZImageCollection = z.object({
  key: z.string(),
  name: z.string(),
  coverUrl: z.string(),
  count: z.number().int(),
});
export type TImageCollection = z.infer<typeof ZImageCollection>;

export const ZListCollectionsResponse = z.object({ collections: z.array(ZImageCollection) });
/** GET /api/carousel-images/collections/{key}: image URLs in the collection's order. */
export const ZCollectionImagesResponse = z.object({ images: z.array(z.string()) });

/** The image list (docs/product/carousels.md rule 3). */
export const ZCarouselImageListResponse = z.object({
  platformImages: z.array(z.object({ url: z.string() })),
  userImages: z.array(z.object({ url: z.string() })),
});
export type TCarouselImageListResponse = z.infer<typeof ZCarouselImageListResponse>;

/** POST /api/carousel-images/upload (multipart, field images). */
export const ZCarouselUploadResponse = z.object({
  urls: z.array(z.string()),
  uploadType: z.enum(['user', 'platform']),
});

/** POST /api/temp-images/upload (multipart, field image): a URL reachable for at least an hour. */
export const ZTempImageUploadResponse = z.object({ url: z.string() });
/** How long a hosted rendered slide stays reachable. */
export const TEMP_IMAGE_TTL_MS = 2 * 60 * 60 * 1000;
