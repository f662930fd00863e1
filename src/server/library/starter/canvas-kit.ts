import type { Canvas, SKRSContext2D } from '@napi-rs/canvas';
import { createCanvas } from '@napi-rs/canvas';
import type { Rng } from '../../seeded-random';

/** Drawing helpers shared by every starter collection. */

export type Ctx = SKRSContext2D;
export type Rgb = readonly [number, number, number];

export const hex = (value: string): Rgb => {
  const n = Number.parseInt(value.replace('#', ''), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
};

export const rgba = ([r, g, b]: Rgb, a = 1) =>
  `rgba(${Math.round(r)},${Math.round(g)},${Math.round(b)},${a})`;

export const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  a[0] + (b[0] - a[0]) * t,
  a[1] + (b[1] - a[1]) * t,
  a[2] + (b[2] - a[2]) * t,
];

export const shade = (c: Rgb, amount: number): Rgb =>
  amount >= 0 ? mix(c, [255, 255, 255], amount) : mix(c, [0, 0, 0], -amount);

/** A linear gradient across the square at `angle` radians through its centre. */
export const linearAcross = (ctx: Ctx, size: number, angle: number, stops: [number, Rgb][]) => {
  const half = size / 2;
  const dx = (Math.cos(angle) * size) / 1.4;
  const dy = (Math.sin(angle) * size) / 1.4;
  const g = ctx.createLinearGradient(half - dx, half - dy, half + dx, half + dy);
  for (const [at, color] of stops) g.addColorStop(at, rgba(color));
  return g;
};

export const fillAll = (ctx: Ctx, size: number, style: string | CanvasGradient | CanvasPattern) => {
  ctx.fillStyle = style as string;
  ctx.fillRect(0, 0, size, size);
};

/** A soft round glow: the colour at the centre fading out at `radius`. */
export const glow = (ctx: Ctx, x: number, y: number, radius: number, color: Rgb, alpha = 1) => {
  const g = ctx.createRadialGradient(x, y, 0, x, y, radius);
  g.addColorStop(0, rgba(color, alpha));
  g.addColorStop(0.45, rgba(color, alpha * 0.45));
  g.addColorStop(1, rgba(color, 0));
  ctx.fillStyle = g;
  ctx.fillRect(x - radius, y - radius, radius * 2, radius * 2);
};

/** Darkens the corners so the centre, where the text goes, reads as the subject. */
export const vignette = (ctx: Ctx, size: number, strength: number) => {
  const g = ctx.createRadialGradient(
    size / 2,
    size / 2,
    size * 0.3,
    size / 2,
    size / 2,
    size * 0.8,
  );
  g.addColorStop(0, 'rgba(0,0,0,0)');
  g.addColorStop(1, `rgba(0,0,0,${strength})`);
  fillAll(ctx, size, g);
};

/** Blurred shapes: everything drawn inside `draw` gets a gaussian blur of `radius` pixels. */
export const blurred = (ctx: Ctx, radius: number, draw: () => void) => {
  ctx.save();
  ctx.filter = `blur(${Math.round(radius)}px)`;
  draw();
  ctx.restore();
};

export const circle = (ctx: Ctx, x: number, y: number, r: number, style: string) => {
  ctx.fillStyle = style;
  ctx.beginPath();
  ctx.arc(x, y, Math.max(0, r), 0, Math.PI * 2);
  ctx.fill();
};

const grainTiles = new Map<string, Canvas>();

/**
 * Film grain: a seeded noise tile laid over the image. Grain hides gradient banding in the JPEG
 * and gives flat colour a printed, photographic feel.
 */
export const grain = (ctx: Ctx, size: number, amount: number, seed = 1) => {
  const tileSize = 256;
  const id = `${seed}`;
  let tile = grainTiles.get(id);
  if (!tile) {
    tile = createCanvas(tileSize, tileSize);
    const t = tile.getContext('2d');
    const data = t.createImageData(tileSize, tileSize);
    let s = seed >>> 0 || 1;
    for (let i = 0; i < data.data.length; i += 4) {
      s ^= s << 13;
      s ^= s >>> 17;
      s ^= s << 5;
      const v = (s >>> 0) % 256;
      data.data[i] = v;
      data.data[i + 1] = v;
      data.data[i + 2] = v;
      data.data[i + 3] = 255;
    }
    t.putImageData(data, 0, 0);
    grainTiles.set(id, tile);
  }
  ctx.save();
  ctx.globalAlpha = amount;
  ctx.globalCompositeOperation = 'overlay';
  const pattern = ctx.createPattern(tile, 'repeat');
  if (pattern) fillAll(ctx, size, pattern);
  ctx.restore();
};

/** Seeded 2D value noise with smooth interpolation, and fractal sums of it. */
export const createNoise = (rng: Rng) => {
  const perm = new Uint8Array(512);
  const values = new Float32Array(256);
  const order = rng.shuffle(Array.from({ length: 256 }, (_, i) => i));
  for (let i = 0; i < 256; i++) {
    perm[i] = order[i] ?? i;
    perm[i + 256] = order[i] ?? i;
    values[i] = rng.next();
  }
  const lattice = (x: number, y: number) => values[perm[(perm[x & 255]! + y) & 511]!]!;
  const smooth = (t: number) => t * t * (3 - 2 * t);
  const noise = (x: number, y: number) => {
    const xi = Math.floor(x);
    const yi = Math.floor(y);
    const tx = smooth(x - xi);
    const ty = smooth(y - yi);
    const a = lattice(xi, yi);
    const b = lattice(xi + 1, yi);
    const c = lattice(xi, yi + 1);
    const d = lattice(xi + 1, yi + 1);
    return a + (b - a) * tx + (c - a) * ty + (a - b - c + d) * tx * ty;
  };
  const fbm = (x: number, y: number, octaves: number) => {
    let sum = 0;
    let amp = 0.5;
    let freq = 1;
    for (let o = 0; o < octaves; o++) {
      sum += noise(x * freq, y * freq) * amp;
      amp *= 0.5;
      freq *= 2;
    }
    return sum;
  };
  return { noise, fbm };
};

/** Draws at a fraction of the size and scales up: a cheap, very smooth blur for colour fields. */
export const paintSoft = (
  ctx: Ctx,
  size: number,
  scale: number,
  draw: (small: Ctx, smallSize: number) => void,
) => {
  const smallSize = Math.max(8, Math.round(size * scale));
  const canvas = createCanvas(smallSize, smallSize);
  const small = canvas.getContext('2d');
  draw(small, smallSize);
  ctx.save();
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(canvas, 0, 0, size, size);
  ctx.restore();
};

/** A ridge line across the width, by midpoint displacement; returns y for each of `steps + 1` x. */
export const ridge = (rng: Rng, steps: number, base: number, roughness: number) => {
  const ys = new Array<number>(steps + 1).fill(base);
  ys[0] = base + rng.range(-roughness, roughness);
  ys[steps] = base + rng.range(-roughness, roughness);
  let span = steps;
  let amp = roughness;
  while (span > 1) {
    const half = span / 2;
    for (let i = half; i < steps; i += span) {
      ys[i] = ((ys[i - half] ?? base) + (ys[i + half] ?? base)) / 2 + rng.range(-amp, amp);
    }
    span = half;
    amp *= 0.55;
  }
  return ys;
};
