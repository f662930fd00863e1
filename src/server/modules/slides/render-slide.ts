import { createCanvas, loadImage, type Canvas, type Image } from '@napi-rs/canvas';
import sharp from 'sharp';
import { zipCarousel } from '#contract/carousel-zip';
import {
  SLIDE_JPEG_QUALITY,
  SLIDE_MIN_FONT_RATIO,
  SLIDE_PREVIEW_MIN_FONT_RATIO,
  SlideRenderError,
  carouselZipFileName,
  drawSlide,
  normalizeSlideSize,
} from '#contract/slide-layout';
import { registerSlideFonts } from './slide-fonts';

type SlideInput = { image: Buffer; text: string; size?: number; minFontRatio?: number };

const decode = async (image: Buffer): Promise<Image> => {
  // loadImage also takes paths and URLs; only bytes may reach it from here.
  if (!Buffer.isBuffer(image)) throw new SlideRenderError('image_load_failed');
  try {
    const decoded = await loadImage(image);
    if (!decoded.width || !decoded.height) throw new Error('empty image');
    return decoded;
  } catch (cause) {
    throw new SlideRenderError('image_load_failed', { cause });
  }
};

const draw = async ({ image, text, size: rawSize, minFontRatio }: SlideInput) => {
  registerSlideFonts();
  const decoded = await decode(image);
  const size = normalizeSlideSize(rawSize);
  const canvas = createCanvas(size, size);
  drawSlide(canvas.getContext('2d'), {
    image: decoded,
    text,
    size,
    minFontRatio,
  });
  return canvas;
};

/**
 * A slide as the platform receives it (docs/product/carousels.md rule 6): JPEG at quality 0.92,
 * 1080 square by default, with the 5% font floor the upload uses.
 */
export const renderSlideJpeg = async (input: SlideInput): Promise<Buffer> => {
  const canvas = await draw({
    ...input,
    minFontRatio: input.minFontRatio ?? SLIDE_PREVIEW_MIN_FONT_RATIO,
  });
  return canvas.encode('jpeg', Math.round(SLIDE_JPEG_QUALITY * 100));
};

/**
 * Skia's PNG encoder (zlib level 6 with adaptive filters) takes 80-200 ms a slide; libvips at a
 * low level takes a fifth of that for files about a fifth larger, and runs off the event loop.
 * Every slide pixel is opaque (drawSlide paints a background first), so the alpha goes.
 */
const encodePng = (canvas: Canvas) =>
  sharp(canvas.data(), { raw: { width: canvas.width, height: canvas.height, channels: 4 } })
    .removeAlpha()
    .png({ compressionLevel: 3, adaptiveFiltering: false })
    .toBuffer();

/** A slide as Generate downloads it: PNG with the 6% font floor. */
export const renderSlidePng = async (input: SlideInput): Promise<Buffer> => {
  const canvas = await draw({ ...input, minFontRatio: input.minFontRatio ?? SLIDE_MIN_FONT_RATIO });
  return encodePng(canvas);
};

/**
 * The Generate zip, the same as the browser builds: the slides that have an image, numbered
 * 1..N in order, and carousel_description.txt. PNGs are stored, not deflated again.
 */
export const renderCarouselZip = async ({
  slides,
  description,
  now = new Date(),
  size,
}: {
  slides: { text: string; image?: Buffer | null }[];
  description: string;
  now?: Date;
  size?: number;
}): Promise<{ buffer: Buffer; fileName: string; count: number }> => {
  const withImages = slides.filter(
    (s): s is { text: string; image: Buffer } => !!s.image && s.image.length > 0,
  );
  if (withImages.length === 0) throw new SlideRenderError('no_images');
  const pngs = await Promise.all(
    withImages.map((s) => renderSlidePng({ image: s.image, text: s.text, size })),
  );
  const zip = zipCarousel(
    pngs.map((png, i) => ({ png, text: withImages[i]!.text })),
    description,
    now,
  );
  return {
    buffer: Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength),
    fileName: carouselZipFileName(now),
    count: withImages.length,
  };
};
