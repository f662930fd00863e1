import { assignImagesCyclically } from '@/lib/assign-images';

type Slide = { text: string; imageUrl?: string };

/** A carousel item whose plan has a slide without an image (docs/product/campaigns.md rule 3). */
export const needsImages = (item: {
  type: string;
  carouselPlan: { slides: Slide[] } | null;
}): boolean =>
  item.type === 'carousel' &&
  (item.carouselPlan?.slides.some((s) => !s.imageUrl) ?? false) &&
  (item.carouselPlan?.slides.length ?? 0) > 0;

/**
 * The slides without an image take the collection's images, shuffled and in turn; slides that
 * already show something (the seller's own product photo) keep it.
 */
export const fillMissingImages = (
  slides: readonly Slide[],
  images: readonly string[],
  random: () => number = Math.random,
): Slide[] => {
  const missing = slides.flatMap((s, i) => (s.imageUrl ? [] : [i]));
  const filled = assignImagesCyclically(
    missing.map((i) => slides[i]!),
    images,
    random,
  );
  const out = [...slides];
  missing.forEach((slideIndex, k) => {
    out[slideIndex] = filled[k]!;
  });
  return out;
};
