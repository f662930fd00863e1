import { createRequire } from 'node:module';
import { GlobalFonts } from '@napi-rs/canvas';
import { SLIDE_EMOJI_FONT_FAMILY, SLIDE_FONT_FACES } from '#contract/slide-layout';

const require = createRequire(import.meta.url);

let registered = false;

/**
 * Registers the slide font with Skia once per process, from the very files the web app
 * bundles, so server-drawn slides measure and wrap exactly like the browser's.
 */
export const registerSlideFonts = () => {
  if (registered) return;
  for (const face of SLIDE_FONT_FACES) {
    const file = require.resolve(`@fontsource/inter/files/${face.file}`);
    if (!GlobalFonts.registerFromPath(file, face.family)) {
      throw new Error(`Could not register the slide font ${file}`);
    }
  }
  registered = true;
};

let emojiFont: boolean | undefined;

// Emoji beyond the Basic Multilingual Plane (DejaVu Sans draws the older symbols such as ★ ✓
// ❤), with their skin tones, joiners and variation selectors; flags are regional indicators.
const EMOJI =
  /[\u{1F000}-\u{1FAFF}](?:\p{Emoji_Modifier}|\uFE0F|\u200D\p{Extended_Pictographic}\uFE0F?)*|\u200D|\uFE0F|\u20E3/gu;

/**
 * Without an emoji font Skia draws Inter's "NO GLYPH" box for every emoji, which reads as a
 * bug on a slide; leaving the emoji out is the lesser harm. A machine that installs Noto Color
 * Emoji keeps them.
 */
export const serverRenderableText = (text: string) => {
  emojiFont ??= GlobalFonts.families.some((f) => f.family === SLIDE_EMOJI_FONT_FAMILY);
  return emojiFont ? text : text.replace(EMOJI, '');
};
