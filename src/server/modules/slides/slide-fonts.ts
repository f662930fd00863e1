import { createRequire } from 'node:module';
import { GlobalFonts } from '@napi-rs/canvas';
import { SLIDE_FONT_FACES } from '#contract/slide-layout';
import { registerEmojiFont } from '../../media/emoji-font';

const require = createRequire(import.meta.url);

let registered = false;

/**
 * Registers the slide font and the colour emoji font with Skia once per process, from the very
 * files the web app bundles, so server-drawn slides measure and wrap exactly like the browser's.
 */
export const registerSlideFonts = () => {
  if (registered) return;
  registerEmojiFont();
  for (const face of SLIDE_FONT_FACES) {
    const file = require.resolve(`@fontsource/inter/files/${face.file}`);
    if (!GlobalFonts.registerFromPath(file, face.family)) {
      throw new Error(`Could not register the slide font ${file}`);
    }
  }
  registered = true;
};
