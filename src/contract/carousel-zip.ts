import { strToU8, zipSync, type Zippable } from 'fflate';
import {
  CAROUSEL_DESCRIPTION_FILE,
  carouselDescriptionText,
  carouselSlideFileName,
} from './slide-layout';

/**
 * The carousel zip of docs/product/carousels.md rule 5, the same bytes whoever rendered the slides:
 * slide_1.png … in order, then carousel_description.txt. PNGs are stored, not deflated again (it
 * would cost time for nothing). Synchronous on purpose: fflate's async mode starts blob: workers,
 * which the browser's CSP does not allow.
 */
export const zipCarousel = (
  slides: { png: Uint8Array; text: string }[],
  description: string,
  now: Date,
): Uint8Array => {
  const files: Zippable = {};
  slides.forEach((slide, i) => {
    files[carouselSlideFileName(i + 1)] = [slide.png, { level: 0 }];
  });
  files[CAROUSEL_DESCRIPTION_FILE] = strToU8(
    carouselDescriptionText(
      description,
      slides.map((s) => s.text),
    ),
  );
  return zipSync(files, { mtime: now });
};
