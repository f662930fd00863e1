import { strToU8, zipSync, type Zippable } from 'fflate';
import {
  CAROUSEL_DESCRIPTION_FILE,
  SlideRenderError,
  carouselDescriptionText,
  carouselSlideFileName,
  carouselZipFileName,
} from '#contract/slide-layout';
import { renderSlide } from './render-slide';

/**
 * The Generate download (spec 02 §9): the slides that have an image, rendered as PNG and
 * numbered 1..N in their order, plus carousel_description.txt. PNGs are stored, not deflated
 * again (it would cost time for nothing), and the zip is built synchronously: fflate's async
 * mode starts blob: workers, which the CSP does not allow.
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
  const files: Zippable = {};
  pngs.forEach((png, i) => {
    files[carouselSlideFileName(i + 1)] = [png, { level: 0 }];
  });
  files[CAROUSEL_DESCRIPTION_FILE] = strToU8(
    carouselDescriptionText(
      description,
      withImages.map((s) => s.text),
    ),
  );
  const zip = zipSync(files, { mtime: now });
  return {
    blob: new Blob([zip as Uint8Array<ArrayBuffer>], { type: 'application/zip' }),
    fileName: carouselZipFileName(now),
    count: withImages.length,
  };
};
