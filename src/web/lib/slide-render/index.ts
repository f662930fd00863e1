/**
 * Slide images in the browser: the Carousel Maker's live preview, its Generate zip and the
 * JPEGs it uploads, all drawn with the layout the server uses (#contract/slide-layout).
 */
export {
  SLIDE_MIN_FONT_RATIO,
  SLIDE_PREVIEW_MIN_FONT_RATIO,
  SLIDE_SIZE,
  SlideRenderError,
  carouselDescriptionText,
} from '#contract/slide-layout';
export type { SlideRenderErrorCode } from '#contract/slide-layout';
export { buildCarouselZip } from './carousel-zip';
export { drawSlidePreview, renderSlide, type RenderSlideOptions } from './render-slide';
export { loadSlideFont } from './slide-font';
