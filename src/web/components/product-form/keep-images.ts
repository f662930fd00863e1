import { PRODUCT_MAX_IMAGES } from '#contract/products';

export type KeptImages = {
  files: File[];
  /** Chosen files left out: not images the server stores, or past the first 5. */
  skipped: number;
};

/**
 * The image types the server stores (it checks the bytes too). Offering every `image/*` let a
 * HEIC, SVG or BMP through, and the whole "Create and preview" then failed on the upload.
 */
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

/** The `accept` of the file inputs that pick product images. */
export const IMAGE_ACCEPT = ACCEPTED_IMAGE_TYPES.join(',');

export const isImageFile = (file: File) =>
  (ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type);

/**
 * docs/product/products.md rule 1: only image files, and only the first 5 in all are kept. Files
 * already chosen come first, so adding more never pushes out an earlier choice.
 */
export const keepImages = (current: readonly File[], chosen: readonly File[]): KeptImages => {
  const images = chosen.filter(isImageFile);
  const files = [...current, ...images].slice(0, PRODUCT_MAX_IMAGES);
  return { files, skipped: chosen.length - (files.length - current.length) };
};
