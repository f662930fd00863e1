/**
 * The one layout for carousel slide images (docs/product/carousels.md rule 6), shared by the
 * browser (live preview, Generate zip, upload JPEGs) and the server (scheduled campaign items),
 * so a slide looks the same wherever it is drawn. Pure TypeScript: text is measured through a
 * callback and drawing goes through the few 2D-context members both the browser's
 * CanvasRenderingContext2D and @napi-rs/canvas's SKRSContext2D have.
 */

import { EMOJI_FONT_FAMILY } from './emoji-font';
import { graphemes, paragraphsOf, wrapText } from './text-wrap';

export const SLIDE_SIZE = 1080;
export const MIN_SLIDE_SIZE = 64;
export const SLIDE_PADDING_RATIO = 0.08;
export const SLIDE_BASE_FONT_RATIO = 0.08;
/** The floor for downloaded (Generate) slides. */
export const SLIDE_MIN_FONT_RATIO = 0.06;
/** The lower floor for the live preview and the slides uploaded to the platform. */
export const SLIDE_PREVIEW_MIN_FONT_RATIO = 0.05;
export const SLIDE_FONT_STEP_PX = 2;
export const SLIDE_LINE_HEIGHT = 1.2;
/**
 * Each line's alphabetic baseline sits this far (in em) below the line's centre: half of Inter
 * 700's cap height (1504/2048), which centres capitals on the line, as CSS would within a 1.2
 * line box. Chromium and Skia disagree by about 5 px at 86 px on textBaseline 'middle', while
 * both put the alphabetic baseline in the same place.
 */
export const SLIDE_BASELINE_OFFSET_EM = 1504 / 2048 / 2;
export const SLIDE_MAX_LINES = 3;
export const SLIDE_OVERLAY_ALPHA = 0.25;
export const SLIDE_STROKE_RATIO = 0.08;
export const SLIDE_MIN_STROKE_PX = 2;
/** For canvas.toBlob (0..1); @napi-rs/canvas takes the same value as a percentage. */
export const SLIDE_JPEG_QUALITY = 0.92;
export const SLIDE_ELLIPSIS = '…';
/** Drawn under the overlay when a slide has no image yet (preview only). */
export const SLIDE_EMPTY_BACKGROUND = '#52525b';

/**
 * Inter 700, registered under names of our own so no installed "Inter" of another weight or
 * version is picked instead. The two subsets are two families in one font list: Skia does not
 * fall back between faces of one family, but it does walk a family list glyph by glyph, as
 * browsers do; the browser additionally gets each face's unicode-range.
 */
export const SLIDE_FONT_FAMILY = 'Hookreel Slide';
export const SLIDE_FONT_FAMILY_EXT = 'Hookreel Slide Ext';
export const SLIDE_FONT_WEIGHT = 700;
export const SLIDE_FONT_FACES = [
  {
    family: SLIDE_FONT_FAMILY,
    file: 'inter-latin-700-normal.woff2',
    unicodeRange:
      'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD',
  },
  {
    family: SLIDE_FONT_FAMILY_EXT,
    file: 'inter-latin-ext-700-normal.woff2',
    unicodeRange:
      'U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF',
  },
] as const;

/**
 * The CSS font shorthand for a size. Characters outside both Inter subsets fall to the shipped
 * colour emoji font (decision 130; before DejaVu Sans, so ❤ and ★ are emoji as on the
 * platform), then DejaVu Sans (which the server has; Skia's generic sans-serif resolves to a
 * serif face there), then the browser's own sans-serif.
 */
export const slideFont = (fontPx: number) =>
  `${SLIDE_FONT_WEIGHT} ${fontPx}px "${SLIDE_FONT_FAMILY}", "${SLIDE_FONT_FAMILY_EXT}", "${EMOJI_FONT_FAMILY}", "DejaVu Sans", sans-serif`;

/** The failures a slide render reports; the messages are in docs/product/carousels.md rule 6. */
export type SlideRenderErrorCode = 'canvas_unsupported' | 'image_load_failed' | 'no_images';
const SLIDE_RENDER_MESSAGES: Record<SlideRenderErrorCode, string> = {
  canvas_unsupported: 'Canvas not supported',
  image_load_failed: 'Failed to load image',
  no_images: 'No images found',
};

export class SlideRenderError extends Error {
  readonly code: SlideRenderErrorCode;
  constructor(code: SlideRenderErrorCode, options?: { cause?: unknown }) {
    super(SLIDE_RENDER_MESSAGES[code], options);
    this.name = 'SlideRenderError';
    this.code = code;
  }
}

/** A canvas side in pixels: whole, and never under the 64 px minimum. */
export const normalizeSlideSize = (size: number | undefined) =>
  size === undefined || !Number.isFinite(size)
    ? SLIDE_SIZE
    : Math.max(MIN_SLIDE_SIZE, Math.round(size));

export type MeasureText = (text: string, fontPx: number) => number;

export type SlideTextLine = { text: string; x: number; y: number };

export type SlideTextLayout = {
  size: number;
  padding: number;
  maxWidth: number;
  fontPx: number;
  font: string;
  lineHeight: number;
  strokeWidth: number;
  /** x is the line's centre, y its baseline: draw with textAlign 'center', textBaseline 'alphabetic'. */
  lines: SlideTextLine[];
  /** True when the text did not fit in three lines at the minimum size and was cut. */
  truncated: boolean;
};

/** Cuts a line until it and the ellipsis fit, dropping the space a cut may leave behind. */
const withEllipsis = (line: string, maxWidth: number, width: (s: string) => number) => {
  const chars = graphemes(line.trimEnd());
  while (chars.length > 0 && width(chars.join('').trimEnd() + SLIDE_ELLIPSIS) > maxWidth) {
    chars.pop();
  }
  return chars.join('').trimEnd() + SLIDE_ELLIPSIS;
};

/**
 * Lays out a slide's overlay text on a square of `size` pixels.
 *
 * The font starts at 8% of the width and shrinks 2 px at a time until the wrapped text fits in
 * three lines; the minimum (6% of the width, 5% for preview and upload, `minFontRatio`) is
 * always tried last even when the 2 px steps jump past it. Only when three lines are still not
 * enough at the minimum is the text cut: the first three lines stay and the third ends in "…"
 * (shortened character by character until the ellipsis fits). Font sizes are whole pixels.
 * Three lines at 8% with line height 1.2 take under 29% of the height, so only the line count
 * (never the height) decides the size.
 */
export const layoutSlideText = (
  text: string,
  {
    size: rawSize,
    minFontRatio = SLIDE_MIN_FONT_RATIO,
    measure,
  }: { size?: number; minFontRatio?: number; measure: MeasureText },
): SlideTextLayout => {
  const size = normalizeSlideSize(rawSize);
  const padding = size * SLIDE_PADDING_RATIO;
  const maxWidth = size - 2 * padding;
  const baseFont = Math.max(1, Math.round(size * SLIDE_BASE_FONT_RATIO));
  const minFont = Math.min(baseFont, Math.max(1, Math.round(size * minFontRatio)));

  // Blank lines are dropped: with three lines in all, an empty one would cost a third of them.
  const paragraphs = paragraphsOf(text);

  const candidates: number[] = [];
  for (let px = baseFont; px > minFont; px -= SLIDE_FONT_STEP_PX) candidates.push(px);
  candidates.push(minFont);

  let fontPx = baseFont;
  let lines: string[] = [];
  let truncated = false;
  if (paragraphs.length > 0) {
    for (const px of candidates) {
      fontPx = px;
      const width = (s: string) => measure(s, px);
      lines = wrapText(paragraphs, maxWidth, width, SLIDE_MAX_LINES + 1);
      if (lines.length <= SLIDE_MAX_LINES) break;
      if (px === minFont) {
        lines = lines.slice(0, SLIDE_MAX_LINES);
        lines[SLIDE_MAX_LINES - 1] = withEllipsis(lines[SLIDE_MAX_LINES - 1]!, maxWidth, width);
        truncated = true;
      }
    }
  }

  const lineHeight = fontPx * SLIDE_LINE_HEIGHT;
  const top = size / 2 - (lines.length * lineHeight) / 2;
  return {
    size,
    padding,
    maxWidth,
    fontPx,
    font: slideFont(fontPx),
    lineHeight,
    strokeWidth: Math.max(SLIDE_MIN_STROKE_PX, fontPx * SLIDE_STROKE_RATIO),
    lines: lines.map((line, i) => ({
      text: line,
      x: size / 2,
      y: top + lineHeight * (i + 0.5) + fontPx * SLIDE_BASELINE_OFFSET_EM,
    })),
    truncated,
  };
};

/** What drawSlide needs of an image: its intrinsic size (HTMLImageElement, ImageBitmap, napi Image). */
export type SlideImage = { readonly width: number; readonly height: number };

/**
 * The members of a 2D context drawSlide uses; both the browser's and @napi-rs/canvas's contexts
 * satisfy it. Styles are `unknown` because each platform types gradients and patterns its own way.
 */
export interface SlideDrawContext<I extends SlideImage = SlideImage> {
  fillStyle: unknown;
  strokeStyle: unknown;
  lineWidth: number;
  lineJoin: 'round' | 'bevel' | 'miter';
  font: string;
  textAlign: 'left' | 'right' | 'center' | 'start' | 'end';
  textBaseline: 'top' | 'hanging' | 'middle' | 'alphabetic' | 'ideographic' | 'bottom';
  save(): void;
  restore(): void;
  fillRect(x: number, y: number, w: number, h: number): void;
  drawImage(
    image: I,
    sx: number,
    sy: number,
    sw: number,
    sh: number,
    dx: number,
    dy: number,
    dw: number,
    dh: number,
  ): void;
  measureText(text: string): { width: number };
  fillText(text: string, x: number, y: number): void;
  strokeText(text: string, x: number, y: number): void;
}

/** Measures through the context, setting its font only when the size changes. */
export const contextMeasure = (
  ctx: Pick<SlideDrawContext, 'font' | 'measureText'>,
): MeasureText => {
  let current = -1;
  return (text, fontPx) => {
    if (fontPx !== current) {
      ctx.font = slideFont(fontPx);
      current = fontPx;
    }
    return ctx.measureText(text).width;
  };
};

/** The source rectangle that covers a square with the image, centred (CSS object-fit: cover). */
export const coverCrop = (width: number, height: number) => {
  const side = Math.min(width, height);
  return { sx: (width - side) / 2, sy: (height - side) / 2, sw: side, sh: side };
};

/**
 * Draws a whole slide on a context whose canvas is `size` square: the image cover-cropped on
 * white (or a neutral background without one), a 25% black overlay, then each line stroked in black and
 * filled in white, centred. Returns the layout it used.
 */
export const drawSlide = <I extends SlideImage>(
  ctx: SlideDrawContext<NoInfer<I>>,
  {
    image,
    text,
    size: rawSize,
    minFontRatio = SLIDE_MIN_FONT_RATIO,
  }: { image?: I | null; text: string; size?: number; minFontRatio?: number },
): SlideTextLayout => {
  const size = normalizeSlideSize(rawSize);
  ctx.save();
  try {
    if (image && image.width > 0 && image.height > 0) {
      // White under transparency, as uploads are flattened on the server (toWebJpeg).
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(0, 0, size, size);
      const { sx, sy, sw, sh } = coverCrop(image.width, image.height);
      ctx.drawImage(image, sx, sy, sw, sh, 0, 0, size, size);
    } else {
      ctx.fillStyle = SLIDE_EMPTY_BACKGROUND;
      ctx.fillRect(0, 0, size, size);
    }
    ctx.fillStyle = `rgba(0, 0, 0, ${SLIDE_OVERLAY_ALPHA})`;
    ctx.fillRect(0, 0, size, size);

    const layout = layoutSlideText(text, { size, minFontRatio, measure: contextMeasure(ctx) });
    ctx.font = layout.font;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'alphabetic';
    // Round joins: Inter Bold's sharp corners spike with mitred strokes this thick.
    ctx.lineJoin = 'round';
    ctx.lineWidth = layout.strokeWidth;
    ctx.strokeStyle = '#000000';
    ctx.fillStyle = '#ffffff';
    for (const line of layout.lines) ctx.strokeText(line.text, line.x, line.y);
    for (const line of layout.lines) ctx.fillText(line.text, line.x, line.y);
    return layout;
  } finally {
    ctx.restore();
  }
};

/** docs/product/carousels.md rule 5: the Generate download. */
export const carouselZipFileName = (now: Date) => `carousel_${now.getTime()}.zip`;
export const carouselSlideFileName = (n: number) => `slide_${n}.png`;
export const CAROUSEL_DESCRIPTION_FILE = 'carousel_description.txt';

/**
 * carousel_description.txt: the description, then the slides numbered like their files. Each
 * slide's text goes on one line (its own line breaks become spaces) so the numbering holds.
 */
export const carouselDescriptionText = (description: string, slideTexts: string[]) => {
  const slides = slideTexts.map((t, i) => `${i + 1}. ${t.replace(/\s+/g, ' ').trim()}`.trimEnd());
  return ['Carousel Description:', description.trim(), '', 'Slides:', ...slides, ''].join('\n');
};
