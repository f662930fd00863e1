import { createCanvas, loadImage } from '@napi-rs/canvas';
import { HOOK_STROKE_COLOR, HOOK_TEXT_WIDTH } from '#contract/hook-demo';
import { RENDER_WIDTH, splitColor, type TRenderAsset, type TRenderClip } from '#contract/render';
import type { Frame } from './clip-geometry';
import { rasteriseText, textStyleOf, type RasterisedText, type TextStyle } from './overlay-raster';

type TextLike = Extract<TRenderAsset, { type: 'text' | 'html' | 'title' }>;

/** Title sizes as fractions of the frame's short side (Shotstack gives names, not pixels). */
const TITLE_SIZE: Record<NonNullable<Extract<TextLike, { type: 'title' }>['size']>, number> = {
  'xx-small': 0.03,
  'x-small': 0.04,
  small: 0.05,
  medium: 0.065,
  large: 0.085,
  'x-large': 0.11,
  'xx-large': 0.14,
};

/** Styles that set their titles in capitals; every style is drawn in TikTok Sans (decision 143). */
const CAPITALS = new Set(['blockbuster', 'vogue', 'chunk', 'chunkLight', 'future']);

const titleStyle = (asset: Extract<TextLike, { type: 'title' }>, frame: Frame): TextStyle => {
  const short = Math.min(frame.width, frame.height);
  const style = asset.style ?? 'minimal';
  const sizeName = asset.size ?? (style === 'subtitle' ? 'small' : 'medium');
  const factor = style === 'blockbuster' || style === 'chunk' ? 1.2 : 1;
  const fontPx = Math.max(8, Math.round(short * TITLE_SIZE[sizeName] * factor));
  return {
    text: CAPITALS.has(style) ? asset.text.toUpperCase() : asset.text,
    fontPx,
    color: splitColor(asset.color ?? '#ffffff').rgb,
    lineHeight: 1.3,
    strokeColor: HOOK_STROKE_COLOR,
    // Subtitles keep a thin outline so they read over any footage.
    strokePx: style === 'subtitle' ? Math.max(1, Math.round(fontPx / 16)) : 0,
    width: Math.round(frame.width * 0.9),
    height: null,
    align: 'center',
  };
};

/** The box the asset is placed by, its PNG (with `pad` beyond the box on every side). */
export const drawTextAsset = async (asset: TextLike, frame: Frame): Promise<RasterisedText> => {
  const style =
    asset.type === 'title'
      ? titleStyle(asset, frame)
      : // Without a width the box is the hook's share of the frame (864 of 1080), in any frame.
        {
          ...textStyleOf(asset),
          width: asset.width ?? Math.round((frame.width * HOOK_TEXT_WIDTH) / RENDER_WIDTH),
        };
  const text = rasteriseText(style);
  const background =
    asset.type === 'title'
      ? asset.background
        ? { ...splitColor(asset.background), padding: Math.round(style.fontPx * 0.4), radius: 0 }
        : null
      : asset.type === 'text' && asset.background
        ? {
            ...splitColor(asset.background.color ?? '#000000'),
            alpha:
              splitColor(asset.background.color ?? '#000000').alpha *
              (asset.background.opacity ?? 1),
            padding: asset.background.padding ?? 0,
            radius: asset.background.borderRadius ?? 0,
          }
        : null;
  const opacity = asset.type === 'text' ? (asset.font?.opacity ?? 1) : 1;
  const textAlpha = asset.type === 'title' ? splitColor(asset.color ?? '#ffffff').alpha : 1;
  if (!background && opacity * textAlpha === 1) return text;
  // The background sits behind the content box, grown by its padding; the PNG grows to hold it.
  const pad = Math.max(text.pad, Math.ceil(background?.padding ?? 0));
  const canvas = createCanvas(text.boxWidth + 2 * pad, text.boxHeight + 2 * pad);
  const ctx = canvas.getContext('2d');
  if (background) {
    const inset = pad - background.padding;
    const w = text.boxWidth + 2 * background.padding;
    const h = text.boxHeight + 2 * background.padding;
    ctx.globalAlpha = background.alpha;
    ctx.fillStyle = background.rgb;
    ctx.beginPath();
    ctx.roundRect(inset, inset, w, h, Math.min(background.radius, w / 2, h / 2));
    ctx.fill();
  }
  ctx.globalAlpha = opacity * textAlpha;
  ctx.drawImage(await loadImage(text.png), pad - text.pad, pad - text.pad);
  return {
    png: canvas.toBuffer('image/png'),
    boxWidth: text.boxWidth,
    boxHeight: text.boxHeight,
    pad,
  };
};

/**
 * A title carries its own position and offset (Shotstack places the title by them); a clip's own
 * values win when both are given.
 */
export const placementOf = (clip: TRenderClip): Pick<TRenderClip, 'position' | 'offset'> => {
  if (clip.asset.type !== 'title') return clip;
  const own = clip.asset.position?.replace(/-(\w)/, (_, c: string) => c.toUpperCase()) as
    TRenderClip['position'] | undefined;
  return { position: clip.position ?? own, offset: clip.offset ?? clip.asset.offset };
};
