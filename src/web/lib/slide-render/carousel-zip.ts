import { zipCarousel } from '#contract/carousel-zip';
import { SlideRenderError, carouselZipFileName } from '#contract/slide-layout';
import { renderSlide } from './render-slide';

/**
 * The Generate download (docs/product/carousels.md rule 5): the slides that have an image, rendered
 * as PNG and numbered 1..N in their order, plus carousel_description.txt.
 */
export const buildCarouselZip = async (
  slides: { text: string; imageUrl?: string }[],
  description: string,
  now: Date = new Date(),
): Promise<{ blob: Blob; fileName: string; count: number }> => {
  const withImages = slides.flatMap((s) => {
    const imageUrl = s.imageUrl?.trim();
    return imageUrl ? [{ text: s.text, imageUrl }] : [];
  });
  if (withImages.length === 0) throw new SlideRenderError('no_images');
  const pngs = await Promise.all(
    withImages.map(async (slide) => new Uint8Array(await (await renderSlide(slide)).arrayBuffer())),
  );
  const zip = zipCarousel(
    pngs.map((png, i) => ({ png, text: withImages[i]!.text })),
    description,
    now,
  );
  return {
    blob: new Blob([zip as Uint8Array<ArrayBuffer>], { type: 'application/zip' }),
    fileName: carouselZipFileName(now),
    count: withImages.length,
  };
};
