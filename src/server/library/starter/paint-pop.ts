import type { Ctx, Rgb } from './canvas-kit';
import { circle, fillAll, grain, hex, rgba, shade } from './canvas-kit';
import type { Rng } from '../../seeded-random';

/**
 * "Bold Pop": saturated colour blocks and playful shapes. Shapes stay near the edges so the
 * middle, where the slide text sits, is one calm colour.
 */

const POPS: readonly (readonly [string, string, string, string])[] = [
  // background, shape 1, shape 2, shape 3
  ['#e63946', '#ffb703', '#1d3557', '#f1faee'],
  ['#5a189a', '#ff6d00', '#ff9e00', '#e0aaff'],
  ['#0077b6', '#ffd166', '#ef476f', '#caf0f8'],
  ['#d62828', '#003049', '#fcbf49', '#eae2b7'],
  ['#2a9d8f', '#e76f51', '#f4a261', '#264653'],
  ['#7b2cbf', '#80ffdb', '#ff4d6d', '#ffd6ff'],
];

type Variant = 'memphis' | 'blocks' | 'halftone' | 'stripes';
const VARIANTS: readonly Variant[] = ['memphis', 'blocks', 'halftone', 'stripes'];

/** A point near one of the four edges, keeping the centre clear. */
const nearEdge = (rng: Rng, size: number): [number, number] => {
  const side = rng.int(0, 3);
  const along = rng.range(0.05, 0.95) * size;
  const depth = rng.range(0.02, 0.2) * size;
  if (side === 0) return [along, depth];
  if (side === 1) return [size - depth, along];
  if (side === 2) return [along, size - depth];
  return [depth, along];
};

export const paintPop = (ctx: Ctx, size: number, rng: Rng, index: number) => {
  const [bg, s1, s2, s3] = (POPS[index % POPS.length] ?? POPS[0]!).map(hex) as [Rgb, Rgb, Rgb, Rgb];
  const variant = VARIANTS[Math.floor(index / POPS.length + index) % VARIANTS.length]!;
  fillAll(ctx, size, rgba(bg));
  const u = size / 100;

  if (variant === 'memphis') {
    for (let i = 0; i < 14; i++) {
      const [x, y] = nearEdge(rng, size);
      const color = rgba(rng.pick([s1, s2, s3]));
      const kind = rng.int(0, 3);
      ctx.save();
      ctx.translate(x, y);
      ctx.rotate(rng.range(0, Math.PI * 2));
      if (kind === 0) circle(ctx, 0, 0, u * rng.range(2, 5), color);
      else if (kind === 1) {
        ctx.fillStyle = color;
        ctx.beginPath();
        const r = u * rng.range(3, 6);
        ctx.moveTo(0, -r);
        ctx.lineTo(r * 0.87, r * 0.5);
        ctx.lineTo(-r * 0.87, r * 0.5);
        ctx.closePath();
        ctx.fill();
      } else if (kind === 2) {
        ctx.strokeStyle = color;
        ctx.lineWidth = u * 1.2;
        ctx.lineCap = 'round';
        ctx.beginPath();
        for (let k = 0; k <= 24; k++) {
          const px = (k / 24) * u * 16 - u * 8;
          const py = Math.sin((k / 24) * Math.PI * 3) * u * 2;
          if (k === 0) ctx.moveTo(px, py);
          else ctx.lineTo(px, py);
        }
        ctx.stroke();
      } else {
        ctx.strokeStyle = color;
        ctx.lineWidth = u * 1.1;
        ctx.beginPath();
        ctx.arc(0, 0, u * rng.range(3, 5), 0, Math.PI * 2);
        ctx.stroke();
      }
      ctx.restore();
    }
    // A dot grid in one corner.
    const cx = rng.chance(0.5) ? u * 8 : size - u * 26;
    const cy = rng.chance(0.5) ? u * 8 : size - u * 26;
    for (let i = 0; i < 6; i++)
      for (let j = 0; j < 6; j++)
        circle(ctx, cx + i * u * 3.6, cy + j * u * 3.6, u * 0.7, rgba(s3, 0.85));
  } else if (variant === 'blocks') {
    // Two big overlapping circles cut by the frame, with a bold offset shadow.
    const placements = rng.shuffle([
      [0, 0],
      [size, 0],
      [0, size],
      [size, size],
    ] as const);
    placements.slice(0, 2).forEach(([x, y], i) => {
      const r = size * rng.range(0.3, 0.45);
      circle(ctx, x + (x ? -u * 2 : u * 2), y + (y ? -u * 2 : u * 2), r, rgba(shade(bg, -0.3)));
      circle(ctx, x, y, r, rgba(i ? s2 : s1));
      circle(ctx, x, y, r * 0.55, rgba(i ? s3 : s2, 0.9));
    });
  } else if (variant === 'halftone') {
    // Halftone dots growing towards one corner, like a comic print.
    const corner = rng.int(0, 3);
    const ox = corner % 2 ? size : 0;
    const oy = corner < 2 ? 0 : size;
    const step = u * rng.range(2.6, 3.6);
    const color = rgba(rng.pick([s1, s2]));
    for (let y = step / 2; y < size; y += step) {
      for (let x = step / 2; x < size; x += step) {
        const d = Math.hypot(x - ox, y - oy) / (size * 1.1);
        const r = (1 - d) * step * 0.62;
        if (r > step * 0.06) circle(ctx, x, y, r, color);
      }
    }
    const [x, y] = nearEdge(rng, size);
    circle(ctx, x, y, u * rng.range(6, 10), rgba(s3));
  } else {
    // Diagonal bands of colour across one corner.
    ctx.save();
    ctx.translate(size / 2, size / 2);
    ctx.rotate(rng.chance(0.5) ? Math.PI / 4 : -Math.PI / 4);
    const colors = [s1, s2, s3, s1];
    const start = size * rng.range(0.42, 0.52);
    const width = u * rng.range(5, 8);
    colors.forEach((color, i) => {
      ctx.fillStyle = rgba(color);
      ctx.fillRect(-size, start + i * width * 1.35, size * 2, width);
    });
    ctx.restore();
    const [x, y] = nearEdge(rng, size);
    circle(ctx, x, y, u * rng.range(4, 7), rgba(s3));
  }
  grain(ctx, size, 0.1, index + 151);
};
