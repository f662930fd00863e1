import { hookFont, type MeasureHookText } from '#contract/hook-demo';
import { ensureEmojiFor } from '@/lib/emoji-font';
import { loadHookFont } from './hook-font';

let context: CanvasRenderingContext2D | null | undefined;

/** A rough width where there is no canvas (tests): about half an em a character. */
const estimate: MeasureHookText = (text, fontPx) => [...text].length * fontPx * 0.52;

/**
 * Measures text in the hook font with the browser's canvas, as the preview draws it; the
 * render's size and place are decided with it (fitHookOverlay), so they match the preview.
 */
export const measureHookText: MeasureHookText = (text, fontPx) => {
  if (context === undefined) {
    try {
      context =
        typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
    } catch {
      context = null;
    }
  }
  if (!context) return estimate(text, fontPx);
  context.font = hookFont(fontPx);
  return context.measureText(text).width;
};

/** The fonts a hook's text needs, loaded before it is measured for a render. */
export const hookFontsReady = (text: string) =>
  Promise.all([loadHookFont(), ensureEmojiFor(text)]).then(() => undefined);
