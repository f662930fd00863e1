import { createRequire } from 'node:module';
import { GlobalFonts } from '@napi-rs/canvas';
import { EMOJI_FONT_FAMILY, EMOJI_FONT_FILE } from '#contract/emoji-font';

const require = createRequire(import.meta.url);
let registered = false;

/**
 * Registers the colour emoji font with Skia once per process, from the npm package (decision
 * 130), so a bare machine draws 🍋 as the browser does instead of a box.
 */
export const registerEmojiFont = () => {
  if (registered) return;
  const file = require.resolve(`@fontsource/noto-color-emoji/files/${EMOJI_FONT_FILE}`);
  if (!GlobalFonts.registerFromPath(file, EMOJI_FONT_FAMILY)) {
    throw new Error(`Could not register the emoji font ${file}`);
  }
  registered = true;
};
