import { RENDER_HEIGHT, RENDER_WIDTH, type TClipFit, type TRenderClip } from '#contract/render';

/** The output frame a clip is placed on; the Hook + Demo's 1080x1920 unless the edit asks otherwise. */
export type Frame = { width: number; height: number };
export const HOOK_DEMO_FRAME: Frame = { width: RENDER_WIDTH, height: RENDER_HEIGHT };

/** Even sizes, computed here because the npm ffmpeg (2018) has no force_divisible_by. */
export const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/**
 * Where a box of `w`×`h` lands on the frame (Shotstack's rules): anchored by `position`, then
 * moved by `offset` in fractions of the frame, +y up.
 */
export const placeBox = (
  clip: Pick<TRenderClip, 'position' | 'offset'>,
  w: number,
  h: number,
  frame: Frame = HOOK_DEMO_FRAME,
) => {
  const { width: W, height: H } = frame;
  const position = clip.position ?? 'center';
  const x =
    position.endsWith('Left') || position === 'left'
      ? 0
      : position.endsWith('Right') || position === 'right'
        ? W - w
        : (W - w) / 2;
  const y = position.startsWith('top') ? 0 : position.startsWith('bottom') ? H - h : (H - h) / 2;
  return {
    x: Math.round(x + (clip.offset?.x ?? 0) * W),
    y: Math.round(y - (clip.offset?.y ?? 0) * H),
  };
};

/**
 * The ffmpeg filter that sizes a picture asset for the frame: `fit` against the whole frame
 * (crop fills and cuts, contain fits inside, cover stretches, none keeps the pixels), then
 * `scale` as a fraction of that. Returns the chain and the size it produces.
 */
export const sizeFilter = (
  fit: TClipFit | undefined,
  source: { width: number; height: number },
  scale = 1,
  frame: Frame = HOOK_DEMO_FRAME,
): { filter: string; width: number; height: number } => {
  const { width: W, height: H } = frame;
  const sw = source.width || W;
  const sh = source.height || H;
  const parts: string[] = [];
  let w: number;
  let h: number;
  switch (fit ?? 'crop') {
    case 'crop': {
      const f = Math.max(W / sw, H / sh);
      const cw = Math.max(W, even(sw * f));
      const ch = Math.max(H, even(sh * f));
      if (cw !== sw || ch !== sh) parts.push(`scale=${cw}:${ch}`);
      if (cw !== W || ch !== H) parts.push(`crop=${W}:${H}`);
      [w, h] = [W, H];
      break;
    }
    case 'contain': {
      const f = Math.min(W / sw, H / sh);
      [w, h] = [Math.min(W, even(sw * f)), Math.min(H, even(sh * f))];
      if (w !== sw || h !== sh) parts.push(`scale=${w}:${h}`);
      break;
    }
    case 'cover':
      [w, h] = [W, H];
      if (sw !== W || sh !== H) parts.push(`scale=${W}:${H}`);
      break;
    default:
      [w, h] = [even(sw), even(sh)];
      if (w !== sw || h !== sh) parts.push(`scale=${w}:${h}`);
  }
  if (scale !== 1) {
    [w, h] = [even(w * scale), even(h * scale)];
    parts.push(`scale=${w}:${h}`);
  }
  parts.push('setsar=1');
  return { filter: parts.join(','), width: w, height: h };
};

/** Whether a sized picture covers the whole frame exactly where it is placed. */
export const fillsFrame = (
  clip: Pick<TRenderClip, 'position' | 'offset'>,
  width: number,
  height: number,
  frame: Frame = HOOK_DEMO_FRAME,
) => {
  if (width !== frame.width || height !== frame.height) return false;
  const { x, y } = placeBox(clip, width, height, frame);
  return x === 0 && y === 0;
};
