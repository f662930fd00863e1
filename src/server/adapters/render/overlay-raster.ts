import { createCanvas } from '@napi-rs/canvas';
import {
  HOOK_FONT_BASE_PX,
  HOOK_LINE_HEIGHT,
  HOOK_STROKE_COLOR,
  HOOK_TEXT_COLOR,
  HOOK_TEXT_WIDTH,
  drawHookOverlay,
  layoutHookOverlay,
} from '#contract/hook-demo';
import { RENDER_WIDTH, type TRenderAsset } from '#contract/render';
import { measureHookText } from '../../media/hook-text';

export { registerHookFonts } from '../../media/hook-text';

export type TextStyle = {
  text: string;
  fontPx: number;
  color: string;
  lineHeight: number;
  strokeColor: string;
  /** The visible outline outside the glyphs, in px. */
  strokePx: number;
  /** The content box: text wraps within `width`, and is centred in `height` when given. */
  width: number;
  height: number | null;
  align: 'left' | 'center' | 'right';
};

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/** The text of an HTML asset: tags dropped, line breaks at <br> and block ends, entities decoded. */
export const htmlText = (html: string) =>
  html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(?:p|div|h[1-6]|li)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X')) {
        return String.fromCodePoint(parseInt(name.slice(2), 16));
      }
      if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/[ \t]+/g, ' ')
    .trim();

const cssValue = (css: string, property: string) =>
  new RegExp(`(?:^|[;{\\s])${property}\\s*:\\s*([^;}]+)`, 'i').exec(css)?.[1]?.trim();

/** The style a text or html asset asks for, with the hook overlay's values as defaults. */
export const textStyleOf = (asset: TRenderAsset & { type: 'text' | 'html' }): TextStyle => {
  if (asset.type === 'text') {
    return {
      text: asset.text,
      fontPx: asset.font?.size ?? HOOK_FONT_BASE_PX,
      color: asset.font?.color ?? HOOK_TEXT_COLOR,
      lineHeight: asset.font?.lineHeight ?? HOOK_LINE_HEIGHT,
      strokeColor: asset.stroke?.color ?? HOOK_STROKE_COLOR,
      strokePx: asset.stroke?.width ?? 0,
      width: asset.width ?? HOOK_TEXT_WIDTH,
      height: asset.height ?? null,
      align: asset.alignment?.horizontal ?? 'center',
    };
  }
  const css = asset.css ?? '';
  const size = Number(/^([\d.]+)px$/.exec(cssValue(css, 'font-size') ?? '')?.[1]);
  const lineHeight = Number(cssValue(css, 'line-height'));
  const stroke = /^([\d.]+)px\s+(#[0-9a-f]{6})/i.exec(cssValue(css, '-webkit-text-stroke') ?? '');
  const colour = /^#[0-9a-f]{6}$/i.exec(cssValue(css, 'color') ?? '')?.[0];
  const align = cssValue(css, 'text-align');
  return {
    text: htmlText(asset.html),
    fontPx: size > 0 ? size : HOOK_FONT_BASE_PX,
    color: colour ?? HOOK_TEXT_COLOR,
    lineHeight: lineHeight > 0 && lineHeight < 4 ? lineHeight : HOOK_LINE_HEIGHT,
    strokeColor: stroke?.[2] ?? HOOK_STROKE_COLOR,
    // CSS strokes are centred on the outline; half of it shows outside the glyphs.
    strokePx: stroke ? Number(stroke[1]) / 2 : 0,
    width: asset.width ?? HOOK_TEXT_WIDTH,
    height: asset.height ?? null,
    align: align === 'left' || align === 'right' ? align : 'center',
  };
};

/**
 * How a text asset lays out at its own size: its line count and height in px of the 1080 px
 * frame, which decide whether it can be drawn legibly (decision 133).
 */
export const measureTextBlock = (style: TextStyle) => {
  const layout = layoutHookOverlay(style.text, {
    measure: measureHookText,
    fontPx: style.fontPx,
    maxWidth: style.width,
    lineHeight: style.lineHeight,
    width: RENDER_WIDTH,
    height: 0,
  });
  return { lines: layout.lines.length, height: layout.lines.length * layout.lineHeight };
};

export type RasterisedText = {
  png: Buffer;
  /** The content box the asset is positioned by. */
  boxWidth: number;
  boxHeight: number;
  /** The PNG extends this far beyond the box on every side (strokes, accents). */
  pad: number;
};

/**
 * Draws a text asset once into a transparent PNG holding only its box (plus room for strokes),
 * with the layout the live preview uses; ffmpeg overlays it, which is far cheaper than drawing
 * text per frame and draws the very same glyphs as the browser.
 */
export const rasteriseText = (style: TextStyle): RasterisedText => {
  const measure = measureHookText;
  const probe = layoutHookOverlay(style.text, {
    measure,
    fontPx: style.fontPx,
    maxWidth: style.width,
    lineHeight: style.lineHeight,
    width: RENDER_WIDTH,
    height: 0,
  });
  const boxWidth = Math.round(probe.maxWidth);
  const textHeight = probe.lines.length * probe.lineHeight;
  const boxHeight = Math.max(1, Math.round(style.height ?? textHeight));
  const pad = Math.ceil(style.strokePx + style.fontPx * 0.3);
  const canvas = createCanvas(boxWidth + 2 * pad, boxHeight + 2 * pad);
  const ctx = canvas.getContext('2d');
  // The probe centred its block on y = 0; centre it in the box instead.
  const dy = pad + boxHeight / 2;
  const lineX =
    style.align === 'left'
      ? (text: string) => pad + measure(text, style.fontPx) / 2
      : style.align === 'right'
        ? (text: string) => pad + boxWidth - measure(text, style.fontPx) / 2
        : () => pad + boxWidth / 2;
  drawHookOverlay(
    ctx,
    { ...probe, lines: probe.lines.map((l) => ({ ...l, x: lineX(l.text) })) },
    {
      dy,
      color: style.color,
      strokeColor: style.strokeColor,
      strokeLineWidth: style.strokePx * 2,
    },
  );
  return { png: canvas.toBuffer('image/png'), boxWidth, boxHeight, pad };
};
