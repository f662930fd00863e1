import {
  SLIDE_JPEG_QUALITY,
  SLIDE_MIN_FONT_RATIO,
  SLIDE_PREVIEW_MIN_FONT_RATIO,
  SlideRenderError,
  drawSlide,
  normalizeSlideSize,
} from '#contract/slide-layout';
import { ensureEmojiFor } from '../emoji-font';
import { loadSlideFont } from './slide-font';
import { loadSlideImage } from './slide-image';

export type RenderSlideOptions = {
  /** Canvas side in pixels; 1080 by default, never under 64. */
  size?: number;
  /** The font floor: 0.06 (Generate) by default; 0.05 for the slides uploaded to the platform. */
  minFontRatio?: number;
  format?: 'png' | 'jpeg';
};

const context2d = (canvas: HTMLCanvasElement) => {
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new SlideRenderError('canvas_unsupported');
  return ctx;
};

const toBlob = (canvas: HTMLCanvasElement, type: string, quality?: number) =>
  new Promise<Blob>((resolve, reject) => {
    try {
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new SlideRenderError('canvas_unsupported'))),
        type,
        quality,
      );
    } catch (cause) {
      reject(new SlideRenderError('canvas_unsupported', { cause }));
    }
  });

/** One slide as an image file: PNG by default, JPEG at quality 0.92 when asked. */
export const renderSlide = async (
  slide: { text: string; imageUrl: string },
  options: RenderSlideOptions = {},
): Promise<Blob> => {
  const size = normalizeSlideSize(options.size);
  const [image] = await Promise.all([
    loadSlideImage(slide.imageUrl),
    loadSlideFont(),
    ensureEmojiFor(slide.text),
  ]);
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  drawSlide(context2d(canvas), {
    image,
    text: slide.text,
    size,
    minFontRatio: options.minFontRatio ?? SLIDE_MIN_FONT_RATIO,
  });
  return options.format === 'jpeg'
    ? toBlob(canvas, 'image/jpeg', SLIDE_JPEG_QUALITY)
    : toBlob(canvas, 'image/png');
};

/** The latest request per canvas: an older draw whose image arrives late must not win. */
const latest = new WeakMap<HTMLCanvasElement, number>();

/**
 * The live square preview. Draws at the canvas's own pixel width (width attribute; 300 when
 * unset, never under 64) and makes its height match; the element's CSS size is the caller's.
 * Without an image, a neutral background carries the text. If the image fails to load, the
 * text is drawn on the neutral background and the promise rejects with "Failed to load image".
 */
export const drawSlidePreview = async (
  canvas: HTMLCanvasElement,
  slide: { text: string; imageUrl?: string },
  options: { minFontRatio?: number } = {},
): Promise<void> => {
  const request = (latest.get(canvas) ?? 0) + 1;
  latest.set(canvas, request);
  const url = slide.imageUrl?.trim();
  let image: HTMLImageElement | null = null;
  let failure: unknown = null;
  await Promise.all([loadSlideFont(), ensureEmojiFor(slide.text)]);
  if (url) {
    try {
      image = await loadSlideImage(url);
    } catch (error) {
      failure = error;
    }
  }
  if (latest.get(canvas) !== request) return;
  const size = normalizeSlideSize(canvas.width);
  if (canvas.width !== size) canvas.width = size;
  if (canvas.height !== size) canvas.height = size;
  drawSlide(context2d(canvas), {
    image,
    text: slide.text,
    size,
    minFontRatio: options.minFontRatio ?? SLIDE_PREVIEW_MIN_FONT_RATIO,
  });
  if (failure) throw failure;
};
