import type { Canvas } from '@napi-rs/canvas';
import { createCanvas } from '@napi-rs/canvas';
import type { TCharacterStylePreset } from '#contract/characters';
import type { FaceBox } from '#contract/hook-demo';
import { createRng } from '../../../seeded-random';
import type { Ctx } from '../../../library/starter/canvas-kit';
import { grain } from '../../../library/starter/canvas-kit';
import type { CharacterLook } from '../character-look';
import { paintBackdrop } from './paint-backdrop';
import type { Placement, Pose } from './paint-figure';
import { STILL, paintFigure } from './paint-figure';

/**
 * Where the head goes: a head-and-shoulders crop in a square, a little higher with more of the
 * body in a 9:16 frame. The 0.5 selfie is closer and off-centre, as a wide lens held at arm's
 * length frames it.
 */
export const placementFor = (w: number, h: number, style: TCharacterStylePreset): Placement => {
  const tall = h > w * 1.2;
  const unit = tall ? w * 0.24 : Math.min(w, h) * 0.16;
  const base = { cx: w / 2, cy: tall ? h * 0.38 : h * 0.42, unit };
  if (style === 'selfie') return { cx: w * 0.46, cy: base.cy + unit * 0.35, unit: unit * 1.22 };
  if (style === 'professional') return { ...base, unit: unit * 0.95 };
  return base;
};

/**
 * The face of a portrait painted at `placementFor` (hair to chin, ear to ear, with room for the
 * clip's sway and slow zoom), as fractions of the frame: what the hook is kept clear of
 * (decision 132). The figure is drawn in head units: hair tops out near −1.8, the chin at 1.42.
 */
export const portraitFaceBox = (w: number, h: number, style: TCharacterStylePreset): FaceBox => {
  const { cx, cy, unit } = placementFor(w, h, style);
  const r4 = (n: number) => Math.round(n * 10_000) / 10_000;
  return {
    left: r4(Math.max(0, cx - 1.3 * unit) / w),
    top: r4(Math.max(0, cy - 1.9 * unit) / h),
    right: r4(Math.min(w, cx + 1.3 * unit) / w),
    bottom: r4(Math.min(h, cy + 1.55 * unit) / h),
  };
};

/** Darker corners, stronger at night and on the runway; plain alpha, so it can be a layer. */
export const paintVignette = (ctx: Ctx, w: number, h: number, style: TCharacterStylePreset) => {
  const r = Math.max(w, h);
  const v = ctx.createRadialGradient(w / 2, h * 0.45, r * 0.3, w / 2, h * 0.45, r * 0.8);
  v.addColorStop(0, 'rgba(0,0,0,0)');
  v.addColorStop(1, `rgba(0,0,0,${style === 'fashion' || style === 'tokyo' ? 0.45 : 0.22})`);
  ctx.fillStyle = v;
  ctx.fillRect(0, 0, w, h);
};

/**
 * The preset's light on the person as well as the scene, so a preset changes the whole look:
 * a window from the left (iPhone), a cool key light (Professional), low sun from the right
 * (Casual), a hard spotlight from above (Fashion Show), neon rims (Tokyo Street), the flat
 * brightness of a phone held at arm's length outdoors (0.5 Selfie). Plain alpha only, so a clip
 * paints it once as a layer over every frame.
 */
export const paintStyleLight = (ctx: Ctx, w: number, h: number, style: TCharacterStylePreset) => {
  const m = Math.max(w, h);
  const glowAt = (x: number, y: number, r: number, colour: string, alpha: number) => {
    const g = ctx.createRadialGradient(x, y, 0, x, y, r);
    g.addColorStop(0, `rgba(${colour},${alpha})`);
    g.addColorStop(1, `rgba(${colour},0)`);
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, w, h);
  };
  const side = (fromLeft: boolean, colour: string, alpha: number, reach = 0.5) => {
    const g = ctx.createLinearGradient(
      fromLeft ? 0 : w,
      0,
      fromLeft ? w * reach : w * (1 - reach),
      0,
    );
    g.addColorStop(0, `rgba(${colour},${alpha})`);
    g.addColorStop(1, `rgba(${colour},0)`);
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, w, h);
  };
  switch (style) {
    case 'iphone':
      side(true, '255,244,226', 0.16);
      break;
    case 'professional':
      side(true, '235,242,255', 0.14, 0.45);
      side(false, '10,16,30', 0.28, 0.4);
      break;
    case 'casual':
      // Late-afternoon sun: warm on everything, brightest from the upper right.
      ctx.fillStyle = 'rgba(255,186,100,0.12)';
      ctx.fillRect(0, 0, w, h);
      glowAt(w * 0.95, h * 0.05, m * 0.6, '255,214,140', 0.3);
      break;
    case 'fashion':
      glowAt(w * 0.5, h * 0.2, m * 0.35, '255,240,220', 0.22);
      side(true, '0,0,0', 0.45, 0.35);
      side(false, '0,0,0', 0.45, 0.35);
      break;
    case 'tokyo':
      side(true, '255,60,160', 0.35);
      side(false, '40,220,255', 0.3);
      break;
    case 'selfie':
      ctx.fillStyle = 'rgba(255,255,255,0.06)';
      ctx.fillRect(0, 0, w, h);
      break;
  }
};

/** The light of the scene on everything: colour grade, the preset's light, vignette and grain. */
const finish = (ctx: Ctx, w: number, h: number, style: TCharacterStylePreset, seed: number) => {
  const tint: Partial<Record<TCharacterStylePreset, string>> = {
    tokyo: 'rgba(120,60,200,0.22)',
    fashion: 'rgba(40,20,10,0.18)',
    casual: 'rgba(255,200,120,0.12)',
    iphone: 'rgba(255,210,170,0.1)',
  };
  const t = tint[style];
  if (t) {
    ctx.save();
    ctx.globalCompositeOperation = 'soft-light';
    ctx.fillStyle = t;
    ctx.fillRect(0, 0, w, h);
    ctx.restore();
  }
  paintStyleLight(ctx, w, h, style);
  paintVignette(ctx, w, h, style);
  grain(ctx, Math.max(w, h), 0.06, seed);
};

export type PortraitSpec = {
  look: CharacterLook;
  style: TCharacterStylePreset;
  /** Any text: the same seed always paints the same scene. */
  seed: string;
};

/** Paints the scene alone (for clips, painted once and reused under every frame). */
export const drawBackdrop = (spec: PortraitSpec, w: number, h: number): Canvas => {
  const canvas = createCanvas(w, h);
  paintBackdrop(
    canvas.getContext('2d'),
    w,
    h,
    spec.style,
    spec.look.backdrop,
    createRng(spec.seed),
    spec.look.setting,
  );
  return canvas;
};

/** One frame: the backdrop (drawn, or painted now), the person in `pose`, the finish. */
export const paintPortrait = (
  ctx: Ctx,
  w: number,
  h: number,
  spec: PortraitSpec,
  { pose = STILL, backdrop }: { pose?: Pose; backdrop?: (ctx: Ctx) => void } = {},
) => {
  if (backdrop) backdrop(ctx);
  else {
    paintBackdrop(
      ctx,
      w,
      h,
      spec.style,
      spec.look.backdrop,
      createRng(spec.seed),
      spec.look.setting,
    );
  }
  paintFigure(ctx, placementFor(w, h, spec.style), spec.look, pose);
  finish(ctx, w, h, spec.style, createRng(`${spec.seed}#grain`).int(1, 1_000_000));
};

export const drawPortrait = (spec: PortraitSpec, w: number, h: number, pose: Pose = STILL) => {
  const canvas = createCanvas(w, h);
  paintPortrait(canvas.getContext('2d'), w, h, spec, { pose });
  return canvas;
};
