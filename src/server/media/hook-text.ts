import { createRequire } from 'node:module';
import { GlobalFonts, createCanvas } from '@napi-rs/canvas';
import {
  HOOK_FONT_FAMILY,
  HOOK_FONT_FILES,
  hookFont,
  type MeasureHookText,
} from '#contract/hook-demo';
import { registerEmojiFont } from './emoji-font';

const require = createRequire(import.meta.url);
let registered = false;

/**
 * Registers TikTok Sans (the files the web app bundles for the preview) and the colour emoji
 * font with Skia once per process, so the server lays hooks out as the browser does.
 */
export const registerHookFonts = () => {
  if (registered) return;
  registerEmojiFont();
  for (const file of HOOK_FONT_FILES) {
    const path = require.resolve(`@fontsource/tiktok-sans/files/${file}`);
    if (!GlobalFonts.registerFromPath(path, HOOK_FONT_FAMILY)) {
      throw new Error(`Could not register the hook font ${path}`);
    }
  }
  registered = true;
};

let measureCtx: ReturnType<ReturnType<typeof createCanvas>['getContext']> | null = null;

/** Measures text in the hook font with Skia: what the server's hook layouts are made with. */
export const measureHookText: MeasureHookText = (text, fontPx) => {
  registerHookFonts();
  measureCtx ??= createCanvas(1, 1).getContext('2d');
  measureCtx.font = hookFont(fontPx);
  return measureCtx.measureText(text).width;
};
