/**
 * Where the seller's own photos go in a carousel (docs/product/carousels.md rule 2): on the slides
 * where the product itself belongs. Every plan tells its story in the same order (hook, problem,
 * product, benefits, proof, call to action; three slides: hook, product, call to action), so the
 * places follow from the slide count, whichever writer wrote the texts.
 */
export const productPhotoSlides = (count: number): number[] => {
  if (count <= 3) return [1, count - 1];
  // The reveal, then the demo (the first benefit) when there is one, then the call to action.
  const reveal = 2;
  const demo = count >= 5 ? 3 : null;
  return [reveal, ...(demo === null ? [] : [demo]), count - 1];
};

/** The photos in upload order on those slides, starting over when there are fewer photos. */
export const placeProductPhotos = <S extends { text: string; imageUrl?: string }>(
  slides: S[],
  photos: readonly string[],
): S[] => {
  if (photos.length === 0) return slides;
  const places = productPhotoSlides(slides.length);
  return slides.map((slide, i) => {
    const at = places.indexOf(i);
    return at === -1 ? slide : { ...slide, imageUrl: photos[at % photos.length]! };
  });
};
