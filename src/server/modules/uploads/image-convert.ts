import sharp from 'sharp';

export type ConvertedImage = {
  buffer: Buffer;
  contentType: 'image/jpeg' | 'image/webp';
  ext: 'jpg' | 'webp';
  width: number;
  height: number;
};

/** Decoding bombs are refused before sharp allocates: 50 megapixels covers any phone photo. */
export const IMAGE_MAX_PIXELS = 50_000_000;

/** Width and height as the file's header declares them, read without decoding any pixel. */
export const declaredSize = async (input: Buffer) => {
  // Only the header is read here, so sharp's own limit must not refuse it before we can say why.
  const { width, height } = await sharp(input, { pages: 1, limitInputPixels: false }).metadata();
  return { width, height };
};

/**
 * Turns any accepted upload (JPEG, PNG, GIF, WebP) into a web-friendly JPEG: EXIF orientation
 * applied then stripped (no GPS leaves the server), longest side at most `maxSide`, first frame
 * of an animation only. Canvas-drawn slides need opaque pixels, so transparency lands on white.
 */
export const toWebJpeg = async (input: Buffer, maxSide: number): Promise<ConvertedImage> => {
  const { data, info } = await sharp(input, { limitInputPixels: IMAGE_MAX_PIXELS, pages: 1 })
    .rotate()
    .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 85, mozjpeg: true })
    .toBuffer({ resolveWithObject: true });
  return {
    buffer: data,
    contentType: 'image/jpeg',
    ext: 'jpg',
    width: info.width,
    height: info.height,
  };
};

/** A small WebP for lists and cards; square-cropped when `square` is set. */
export const toThumbnail = async (
  input: Buffer,
  side: number,
  { square = false }: { square?: boolean } = {},
): Promise<ConvertedImage> => {
  const { data, info } = await sharp(input, { limitInputPixels: IMAGE_MAX_PIXELS, pages: 1 })
    .rotate()
    .resize(
      square
        ? { width: side, height: side, fit: 'cover' }
        : { width: side, height: side, fit: 'inside', withoutEnlargement: true },
    )
    .webp({ quality: 78 })
    .toBuffer({ resolveWithObject: true });
  return {
    buffer: data,
    contentType: 'image/webp',
    ext: 'webp',
    width: info.width,
    height: info.height,
  };
};
