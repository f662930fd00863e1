import { PRODUCT_MAX_IMAGES } from '#contract/products';

export type KeptImages = {
  files: File[];
  /** Chosen files left out: not images, or past the first 5. */
  skipped: number;
};

export const isImageFile = (file: File) => file.type.startsWith('image/');

/**
 * Spec 01 §5 / 02 §5: only image files, and only the first 5 in all are kept. Files already
 * chosen come first, so adding more never pushes out an earlier choice.
 */
export const keepImages = (current: readonly File[], chosen: readonly File[]): KeptImages => {
  const images = chosen.filter(isImageFile);
  const files = [...current, ...images].slice(0, PRODUCT_MAX_IMAGES);
  return { files, skipped: chosen.length - (files.length - current.length) };
};
