import { createRequire } from 'node:module';
import { GlobalFonts } from '@napi-rs/canvas';
import type { SKRSContext2D } from '@napi-rs/canvas';

const require = createRequire(import.meta.url);

/** Spec 02 §9 render overlay, at the 1080-wide output: size 64.8 × scale (min 20), width 864. */
const OUTPUT_WIDTH = 1080;
const BASE_FONT = 64.8;
const MIN_FONT = 20;
const BOX_WIDTH = 864;
const LINE_HEIGHT = 1.3;
const STROKE = 5;
export const HOOK_FONT_FAMILY = 'TikTok Sans';

let registered = false;
const registerHookFont = () => {
  if (registered) return;
  const file = require.resolve('@fontsource/tiktok-sans/files/tiktok-sans-latin-400-normal.woff2');
  if (!GlobalFonts.registerFromPath(file, HOOK_FONT_FAMILY)) {
    throw new Error(`Could not register the hook font ${file}`);
  }
  registered = true;
};

const wrap = (ctx: SKRSContext2D, text: string, maxWidth: number) => {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (line && ctx.measureText(next).width > maxWidth) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
};

/**
 * The hook as the render draws it over the character clip (spec 02 §9): TikTok Sans 400, white
 * with a black stroke, centred in 80% of the width, the block's centre moved down by yOffset of
 * the height. Scaled from the 1080-wide output to the canvas.
 */
export const drawHookOverlay = (
  ctx: SKRSContext2D,
  {
    text,
    width,
    height,
    fontScale,
    yOffset,
  }: { text: string; width: number; height: number; fontScale: number; yOffset: number },
) => {
  registerHookFont();
  const k = width / OUTPUT_WIDTH;
  const font = Math.max(MIN_FONT, BASE_FONT * fontScale) * k;
  ctx.font = `400 ${font}px "${HOOK_FONT_FAMILY}"`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  const lines = wrap(ctx, text, BOX_WIDTH * k);
  const lineHeight = font * LINE_HEIGHT;
  const centre = height / 2 + yOffset * height;
  const top = centre - (lines.length * lineHeight) / 2 + lineHeight / 2;
  ctx.lineJoin = 'round';
  ctx.lineWidth = STROKE * 2 * k;
  ctx.strokeStyle = '#000';
  ctx.fillStyle = '#fff';
  lines.forEach((line, i) => {
    const y = top + i * lineHeight;
    ctx.strokeText(line, width / 2, y);
    ctx.fillText(line, width / 2, y);
  });
};
