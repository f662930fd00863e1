import type { SKRSContext2D } from '@napi-rs/canvas';
import {
  drawHookOverlay,
  fitHookOverlay,
  hookFont,
  layoutFittedHook,
  type FaceBox,
} from '#contract/hook-demo';
import { measureHookText, registerHookFonts } from '../../media/hook-text';

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
    faceBox,
  }: {
    text: string;
    width: number;
    height: number;
    fontScale: number;
    yOffset: number;
    faceBox?: FaceBox;
  },
) => {
  registerHookFonts();
  // Sized and placed as the render places it (clear of where a face is assumed, in the safe
  // zone), then drawn at this frame's size.
  const fit = fitHookOverlay(text, { fontScale, yOffset, faceBox, measure: measureHookText });
  const layout = layoutFittedHook(text, fit, {
    width,
    height,
    measure: (s, px) => {
      ctx.font = hookFont(px);
      return ctx.measureText(s).width;
    },
  });
  drawHookOverlay(ctx, layout);
};
