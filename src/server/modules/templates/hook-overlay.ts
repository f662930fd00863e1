import { createRequire } from 'node:module';
import { GlobalFonts } from '@napi-rs/canvas';
import type { SKRSContext2D } from '@napi-rs/canvas';
import {
  drawHookOverlay,
  HOOK_FONT_FAMILY,
  HOOK_FONT_FILES,
  hookFont,
  layoutHookOverlay,
} from '#contract/hook-demo';
import { registerEmojiFont } from '../../media/emoji-font';

const require = createRequire(import.meta.url);

let registered = false;
const registerHookFont = () => {
  if (registered) return;
  registerEmojiFont();
  for (const name of HOOK_FONT_FILES) {
    const file = require.resolve(`@fontsource/tiktok-sans/files/${name}`);
    if (!GlobalFonts.registerFromPath(file, HOOK_FONT_FAMILY)) {
      throw new Error(`Could not register the hook font ${file}`);
    }
  }
  registered = true;
};

/**
 * The hook as the render draws it over the character clip: laid out and drawn by the code the
 * live preview and the render share (`#contract/hook-demo`), on a frame of any size.
 */
export const drawHookOnFrame = (
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
      ctx.font = hookFont(px);
      return ctx.measureText(s).width;
    },
  });
  drawHookOverlay(ctx, layout);
};
