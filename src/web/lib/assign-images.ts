/** Fisher–Yates; `random` is injectable so tests can pin the order. */
export const shuffle = <T>(items: readonly T[], random: () => number = Math.random): T[] => {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
};

/**
 * docs/product/carousels.md rule 3: a collection's images, shuffled, go to the slides in turn,
 * starting over when there are more slides than images. Shared by the Carousel Maker and the
 * campaign flows.
 */
export const assignImagesCyclically = <S extends { imageUrl?: string }>(
  slides: readonly S[],
  images: readonly string[],
  random: () => number = Math.random,
): S[] => {
  if (images.length === 0) return [...slides];
  const order = shuffle(images, random);
  return slides.map((slide, i) => ({ ...slide, imageUrl: order[i % order.length] }));
};
