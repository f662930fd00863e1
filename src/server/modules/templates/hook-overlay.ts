import { createRequire } from 'node:module';
import { GlobalFonts } from '@napi-rs/canvas';
import type { SKRSContext2D } from '@napi-rs/canvas';
import {
  HOOK_FONT_FAMILY,
  HOOK_FONT_FILES,
  HOOK_STROKE_COLOR,
  HOOK_TEXT_COLOR,
  layoutHookOverlay,
} from '#contract/hook-demo';

const require = createRequire(import.meta.url);

let registered = false;
const registerHookFont = () => {
  if (registered) return;
  for (const name of HOOK_FONT_FILES) {
    const file = require.resolve(`@fontsource/tiktok-sans/files/${name}`);
    if (!GlobalFonts.registerFromPath(file, HOOK_FONT_FAMILY)) {
      throw new Error(`Could not register the hook font ${file}`);
    }
  }
  registered = true;
};

/**
 * The hook as the render draws it over the character clip, laid out by the overlay layout the
 * live preview and the render share (`#contract/hook-demo`), on a canvas of any size.
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
  const layout = layoutHookOverlay(text, {
    fontScale,
    yOffset,
    width,
    height,
    measure: (s, px) => {
      ctx.font = `400 ${px}px "${HOOK_FONT_FAMILY}"`;
      return ctx.measureText(s).width;
    },
  });
  ctx.font = layout.font;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'alphabetic';
  ctx.lineJoin = 'round';
  ctx.lineWidth = layout.strokeLineWidth;
  ctx.strokeStyle = HOOK_STROKE_COLOR;
  ctx.fillStyle = HOOK_TEXT_COLOR;
  for (const line of layout.lines) {
    ctx.strokeText(line.text, line.x, line.y);
    ctx.fillText(line.text, line.x, line.y);
  }
};
