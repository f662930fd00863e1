import type { Rgb, SampleClip, ShapePart } from './clips';
import { CARD_H, CARD_W } from './frame';

// Pieces of the ffmpeg filter graph: per-pixel expressions, and colours.

const num = (n: number): string => String(Math.round(n * 1000) / 1000);

// Three-stop gradient along the clip's angle for one colour channel, as a geq expression. It is
// computed for one frame only, on a canvas taller than the video, and then panned with crop.
// geq's st()/ld() variables are shared between slice threads in the 2018 build and garble the
// image, so every sub-expression is written out in full instead.
export const gradientExpr = (clip: SampleClip, channel: 0 | 1 | 2): string => {
  const [a, b, c] = clip.gradient.map((stop) => stop[channel]) as [number, number, number];
  const cos = num(Math.cos(clip.angle));
  const sin = num(Math.sin(clip.angle));
  const p = `clip(0.5+(X/W-0.5)*${cos}*0.7+(Y/H-0.5)*${sin},0,1)`;
  // A darker rim keeps the white captions and the rail readable on the brightest stops.
  const vignette = `(1-0.5*pow(abs(X/W-0.5),2)-0.2*pow(Y/H-0.5,2))`;
  return `clip((if(lt(${p},0.5),${a}+${b - a}*${p}*2,${b}+${c - b}*(${p}*2-1)))*${vignette},0,255)`;
};

// Soft round light, transparent at the edge; two of them drift over the gradient.
export const glowAlpha = (size: number, strength: number): string => {
  const c = size / 2;
  return `${Math.round(255 * strength)}*pow(max(0,1-hypot(X-${c},Y-${c})/${c}),2)`;
};

// Anti-aliased coverage (0..1) of one part: one pixel of soft edge, from a signed distance.
const coverage = (part: ShapePart): string => {
  if (part.kind === 'circle') return `clip(${part.r}-hypot(X-${part.cx},Y-${part.cy}),0,1)`;
  if (part.kind === 'ring') {
    const d = `hypot(X-${part.cx},Y-${part.cy})`;
    const half = part.side === 'top' ? `lt(Y,${part.cy})` : `gt(X,${part.cx})`;
    return `clip(${part.r}-${d},0,1)*clip(${d}-${part.r - part.width},0,1)*${half}`;
  }
  const hw = part.w / 2;
  const hh = part.h / 2;
  const cx = part.x + hw;
  const cy = part.y + hh;
  const dist =
    `hypot(max(abs(X-${cx})-${hw - part.r},0),max(abs(Y-${cy})-${hh - part.r},0))` + `-${part.r}`;
  return `clip(-(${dist}),0,1)`;
};

// Frosted rounded card holding the product silhouette, computed once per clip.
export const cardExpr = (clip: SampleClip): { r: string; g: string; b: string; a: string } => {
  const cx = CARD_W / 2;
  const radius = 36;
  const dist =
    `hypot(max(abs(X-${cx})-${cx - radius},0),max(abs(Y-${CARD_H / 2})-${CARD_H / 2 - radius},0))` +
    `-${radius}`;
  const fill = `clip(-(${dist}),0,1)`;
  const border = `clip(-(${dist}),0,1)*clip(3+(${dist}),0,1)`;
  // Nested max() so overlapping parts do not add up to more than full coverage.
  const product = clip.shape
    .map(coverage)
    .reduce((acc, part) => (acc ? `max(${acc},${part})` : part), '');
  // Darker details (a pocket, a cap, a label) sit on top of the body they overlap.
  const shade = clip.shape
    .flatMap((part) =>
      part.kind !== 'ring' && part.shade !== undefined ? [`${coverage(part)}*${part.shade}`] : [],
    )
    .reduce((acc, part) => `max(${acc},${part})`, '0');
  // A studio-light highlight from the upper left, and a darker base, make the flat shape read as 3D.
  const light = `(0.6*exp(-(pow(X-${cx - 60},2)+pow(Y-120,2))/5000)-0.25*clip((Y-180)/200,0,1))`;
  // Blend the lit product colour over white by the product's coverage (see gradientExpr on st/ld).
  const channel = (c: number): string => {
    const lit = `clip(${c}+(if(gt(${light},0),255-${c},${c}))*${light}-${c}*0.45*(${shade}),0,255)`;
    return `(${product})*${lit}+(1-(${product}))*255`;
  };
  return {
    r: channel(clip.accent[0]),
    g: channel(clip.accent[1]),
    b: channel(clip.accent[2]),
    a: `255*((${product})+(1-(${product}))*(0.2*${fill}+0.55*${border}))`,
  };
};

export const ringExpr = (size: number): string => {
  const c = size / 2;
  return `255*0.85*clip(${c - 1}-hypot(X-${c},Y-${c}),0,1)`;
};

export const hex = ([r, g, b]: Rgb): string =>
  `0x${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;

// File paths end up inside a filtergraph option value; these characters would end it early.
export const escapeFilterPath = (p: string): string => p.replace(/[\\:'[\],;]/g, (ch) => `\\${ch}`);

export type TextFiles = {
  product: string;
  handle: string;
  sponsored: string;
  shop: string;
};
