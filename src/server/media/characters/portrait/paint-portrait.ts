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

/** The light of the scene on everything: colour grade, vignette and grain. */
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
  if (style === 'tokyo') {
    // Neon rim light on the figure's sides.
    ctx.save();
    ctx.globalCompositeOperation = 'screen';
    const left = ctx.createLinearGradient(0, 0, w * 0.5, 0);
    left.addColorStop(0, 'rgba(255,60,160,0.35)');
    left.addColorStop(1, 'rgba(255,60,160,0)');
    ctx.fillStyle = left;
    ctx.fillRect(0, 0, w, h);
    const right = ctx.createLinearGradient(w, 0, w * 0.5, 0);
    right.addColorStop(0, 'rgba(40,220,255,0.3)');
    right.addColorStop(1, 'rgba(40,220,255,0)');
    ctx.fillStyle = right;
    ctx.fillRect(0, 0, w, h);
    ctx.restore();
  }
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
  else paintBackdrop(ctx, w, h, spec.style, spec.look.backdrop, createRng(spec.seed));
  paintFigure(ctx, placementFor(w, h, spec.style), spec.look, pose);
  finish(ctx, w, h, spec.style, createRng(`${spec.seed}#grain`).int(1, 1_000_000));
};

export const drawPortrait = (spec: PortraitSpec, w: number, h: number, pose: Pose = STILL) => {
  const canvas = createCanvas(w, h);
  paintPortrait(canvas.getContext('2d'), w, h, spec, { pose });
  return canvas;
};
