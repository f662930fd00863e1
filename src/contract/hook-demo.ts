/**
 * Hook + Demo (spec 02 §9 "Hook + Demo" and "Render"): the editor's limits, the one layout of the
 * hook overlay that the live preview (browser canvas) and the server rasteriser (@napi-rs/canvas)
 * both draw, and the edit a Hook + Demo renders from. Pure TypeScript like slide-layout.ts: text
 * is measured through a callback, so both sides wrap the same words onto the same lines.
 */
import {
  RENDER_FPS,
  RENDER_HEIGHT,
  RENDER_WIDTH,
  type TResolvedClip,
  type TResolvedEdit,
} from './render';

/** Spec 02 §9: "Text size" slider. */
export const TEXT_FONT_SCALE = { min: 0.5, max: 2, step: 0.05, default: 1 } as const;
/** Spec 02 §9: "Vertical position" slider, a fraction of the frame height (+ is up). */
export const TEXT_Y_OFFSET = { min: -0.3, max: 0.3, step: 0.01, default: 0 } as const;
/** Spec 02 §9: default total 10 s, split 50/50 between the UGC clip and the product clip. */
export const UGC_DURATION_SEC = 5;
export const PRODUCT_DURATION_SEC = 5;
/** Spec 02 §9: the title a Hook + Demo post starts with, from the editor or the queue. */
export const DEMO_DEFAULT_TITLE = 'Check out this amazing Hook + Demo! 🎬';
/** Spec 02 §9: product video at most 30 s, one per job. */
export const PRODUCT_VIDEO_MAX_SEC = 30;

/** Spec 02 §9 "Render": overlay size 64.8 × font scale, at least 20 px, on the 1080 px frame. */
export const HOOK_FONT_BASE_PX = 64.8;
export const HOOK_FONT_MIN_PX = 20;
export const HOOK_TEXT_WIDTH = 864;
export const HOOK_TEXT_MIN_WIDTH = 200;
export const HOOK_LINE_HEIGHT = 1.3;
export const HOOK_FONT_WEIGHT = 400;
export const HOOK_TEXT_COLOR = '#ffffff';
export const HOOK_STROKE_COLOR = '#000000';
/** The visible outline outside each glyph, in px of the 1080 px frame. */
export const HOOK_STROKE_PX = 5;
/** Spec 02 §9: the default font "{platform} Sans". */
export const HOOK_FONT_NAME = 'TikTok Sans';
/**
 * TikTok Sans 400 registered under a name of our own, so no installed "TikTok Sans" of another
 * version or weight is picked instead (as with the slide font).
 */
export const HOOK_FONT_FAMILY = 'Hookreel Hook';
/** The @fontsource/tiktok-sans files, in the order the browser and Skia fall back through them. */
export const HOOK_FONT_FILES = [
  'tiktok-sans-latin-400-normal.woff2',
  'tiktok-sans-latin-ext-400-normal.woff2',
] as const;
/**
 * TikTok Sans' ascent and descent in em (hhea: 1.0 and 0.3). With line height 1.3 the line box
 * is exactly the font's height, so each baseline sits one em below its line's top, as in CSS.
 */
export const HOOK_FONT_ASCENT_EM = 1;
export const HOOK_FONT_DESCENT_EM = 0.3;

export const hookFont = (fontPx: number) =>
  `${HOOK_FONT_WEIGHT} ${fontPx}px "${HOOK_FONT_FAMILY}", "DejaVu Sans", sans-serif`;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** A slider value as the server keeps it: inside its range, NaN as the default. */
export const clampFontScale = (value: number | undefined) =>
  value === undefined || !Number.isFinite(value)
    ? TEXT_FONT_SCALE.default
    : clamp(value, TEXT_FONT_SCALE.min, TEXT_FONT_SCALE.max);
export const clampYOffset = (value: number | undefined) =>
  value === undefined || !Number.isFinite(value)
    ? TEXT_Y_OFFSET.default
    : clamp(value, TEXT_Y_OFFSET.min, TEXT_Y_OFFSET.max);

/** The overlay's font size in px of the 1080 px frame. */
export const hookFontPx = (fontScale: number | undefined) =>
  Math.max(HOOK_FONT_MIN_PX, HOOK_FONT_BASE_PX * clampFontScale(fontScale));

export type MeasureHookText = (text: string, fontPx: number) => number;

export type HookOverlayLine = { text: string; x: number; y: number };

export type HookOverlayLayout = {
  /** The frame the layout is for (1080×1920 for renders; the preview scales it). */
  width: number;
  height: number;
  fontPx: number;
  font: string;
  lineHeight: number;
  maxWidth: number;
  /** Canvas lineWidth: the stroke is drawn centred on the outline, then the fill over it. */
  strokeLineWidth: number;
  /** x is the line's centre, y its alphabetic baseline. */
  lines: HookOverlayLine[];
  /** The text block's box, for tests and for hit areas. */
  box: { top: number; bottom: number };
};

const segmenter =
  typeof Intl !== 'undefined' && 'Segmenter' in Intl
    ? new Intl.Segmenter(undefined, { granularity: 'grapheme' })
    : null;
const graphemes = (text: string) =>
  segmenter ? Array.from(segmenter.segment(text), (s) => s.segment) : Array.from(text);

/** Greedy word wrap like CSS's; a word wider than the line is cut between graphemes. */
const wrap = (paragraphs: string[][], maxWidth: number, width: (s: string) => number) => {
  const lines: string[] = [];
  for (const words of paragraphs) {
    let line = '';
    for (const word of words) {
      const joined = line ? `${line} ${word}` : word;
      if (width(joined) <= maxWidth) {
        line = joined;
        continue;
      }
      if (line) lines.push(line);
      line = '';
      if (width(word) <= maxWidth) {
        line = word;
        continue;
      }
      for (const g of graphemes(word)) {
        if (line && width(line + g) > maxWidth) {
          lines.push(line);
          line = g;
        } else {
          line += g;
        }
      }
    }
    lines.push(line);
  }
  return lines;
};

/**
 * Lays the hook text out on the frame: centred horizontally in a box 864 px wide (of 1080), the
 * block centred vertically and moved up by `yOffset` × the frame height (Shotstack's offset.y,
 * +y up). `width`/`height` scale everything for a smaller preview; the font size scales with
 * the frame width, so a 360 px preview shows exactly a third of the 1080 px render.
 */
export const layoutHookOverlay = (
  text: string,
  {
    fontScale,
    yOffset,
    measure,
    width = RENDER_WIDTH,
    height = RENDER_HEIGHT,
    fontPx: explicitFontPx,
    maxWidth: explicitMaxWidth,
    lineHeight: lineHeightEm = HOOK_LINE_HEIGHT,
  }: {
    fontScale?: number;
    yOffset?: number;
    measure: MeasureHookText;
    width?: number;
    height?: number;
    /** For text/html assets that state their own size (in px of a 1080 px frame). */
    fontPx?: number;
    maxWidth?: number;
    lineHeight?: number;
  },
): HookOverlayLayout => {
  const unit = width / RENDER_WIDTH;
  const fontPx = (explicitFontPx ?? hookFontPx(fontScale)) * unit;
  const maxWidth = Math.max(HOOK_TEXT_MIN_WIDTH, explicitMaxWidth ?? HOOK_TEXT_WIDTH) * unit;
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .trim()
    .split('\n')
    .map((p) => p.split(/\s+/).filter(Boolean))
    .filter((words) => words.length > 0);
  const lines = paragraphs.length ? wrap(paragraphs, maxWidth, (s) => measure(s, fontPx)) : [];
  const lineHeight = fontPx * lineHeightEm;
  const centre = height / 2 - clampYOffset(yOffset) * height;
  const top = centre - (lines.length * lineHeight) / 2;
  const halfLeading = (lineHeight - (HOOK_FONT_ASCENT_EM + HOOK_FONT_DESCENT_EM) * fontPx) / 2;
  return {
    width,
    height,
    fontPx,
    font: hookFont(fontPx),
    lineHeight,
    maxWidth,
    strokeLineWidth: HOOK_STROKE_PX * 2 * unit,
    lines: lines.map((line, i) => ({
      text: line,
      x: width / 2,
      y: top + i * lineHeight + halfLeading + HOOK_FONT_ASCENT_EM * fontPx,
    })),
    box: { top, bottom: top + lines.length * lineHeight },
  };
};

/** A character is a clip when its URL names a video file; otherwise it is a still image. */
export const isVideoUrl = (url: string) => /\.(?:mp4|webm|mov|m4v)(?:[?#].*)?$/i.test(url);

export type HookDemoInput = {
  hookText: string;
  /** An image (png/jpg/webp) or a video (.mp4/.webm) of the UGC character. */
  characterUrl: string;
  productVideoUrl: string;
  textFontScale?: number;
  textYOffset?: number;
  ugcDurationSec?: number;
  productDurationSec?: number;
};

/**
 * The edit of a Hook + Demo (spec 02 §2.3): the character for the first part with the hook over
 * it, then the product video. tracks[0] (the top layer) holds the overlay, a text asset sized by
 * spec 02 §9; tracks[1] the footage.
 */
export const buildHookDemoEdit = ({
  hookText,
  characterUrl,
  productVideoUrl,
  textFontScale,
  textYOffset,
  ugcDurationSec = UGC_DURATION_SEC,
  productDurationSec = PRODUCT_DURATION_SEC,
}: HookDemoInput): TResolvedEdit => {
  const character: TResolvedClip = {
    asset: isVideoUrl(characterUrl)
      ? { type: 'video', src: characterUrl }
      : { type: 'image', src: characterUrl },
    start: 0,
    length: ugcDurationSec,
    fit: 'crop',
  };
  const overlay: TResolvedClip = {
    asset: {
      type: 'text',
      text: hookText.trim(),
      width: HOOK_TEXT_WIDTH,
      font: {
        family: HOOK_FONT_NAME,
        size: hookFontPx(textFontScale),
        color: HOOK_TEXT_COLOR,
        weight: HOOK_FONT_WEIGHT,
        lineHeight: HOOK_LINE_HEIGHT,
      },
      stroke: { color: HOOK_STROKE_COLOR, width: HOOK_STROKE_PX },
      alignment: { horizontal: 'center', vertical: 'center' },
    },
    start: 0,
    length: ugcDurationSec,
    position: 'center',
    offset: { x: 0, y: clampYOffset(textYOffset) },
  };
  const product: TResolvedClip = {
    asset: { type: 'video', src: productVideoUrl },
    start: ugcDurationSec,
    length: productDurationSec,
    fit: 'crop',
  };
  return {
    timeline: {
      background: '#000000',
      tracks: [{ clips: [overlay] }, { clips: [character, product] }],
    },
    output: {
      format: 'mp4',
      aspectRatio: '9:16',
      size: { width: RENDER_WIDTH, height: RENDER_HEIGHT },
      fps: RENDER_FPS,
    },
  };
};

/** The members of a 2D context drawing needs: the browser's and @napi-rs/canvas's alike. */
export type HookOverlayContext = {
  font: string;
  textAlign: string;
  textBaseline: string;
  lineJoin: string;
  lineWidth: number;
  miterLimit: number;
  strokeStyle: unknown;
  fillStyle: unknown;
  strokeText(text: string, x: number, y: number): void;
  fillText(text: string, x: number, y: number): void;
};

/**
 * Draws a laid-out overlay: each line stroked (round joins, so sharp corners do not spike) and
 * then filled over, so the outline shows `strokeLineWidth / 2` outside the glyphs. `dx`/`dy`
 * move it, for a canvas that holds only the text's box.
 */
export const drawHookOverlay = (
  ctx: HookOverlayContext,
  layout: HookOverlayLayout,
  {
    dx = 0,
    dy = 0,
    color = HOOK_TEXT_COLOR,
    strokeColor = HOOK_STROKE_COLOR,
    strokeLineWidth = layout.strokeLineWidth,
  }: {
    dx?: number;
    dy?: number;
    color?: string;
    strokeColor?: string;
    strokeLineWidth?: number;
  } = {},
) => {
  ctx.font = layout.font;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'alphabetic';
  ctx.lineJoin = 'round';
  ctx.miterLimit = 2;
  if (strokeLineWidth > 0) {
    ctx.lineWidth = strokeLineWidth;
    ctx.strokeStyle = strokeColor;
    for (const line of layout.lines) ctx.strokeText(line.text, line.x + dx, line.y + dy);
  }
  ctx.fillStyle = color;
  for (const line of layout.lines) ctx.fillText(line.text, line.x + dx, line.y + dy);
};
