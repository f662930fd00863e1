import { createCanvas } from '@napi-rs/canvas';
import type { Ctx, Rgb } from './canvas-kit';
import { fillAll, glow, grain, hex, mix, rgba, shade, vignette } from './canvas-kit';
import type { Rng } from '../../seeded-random';

/** "Bokeh Lights": out-of-focus lights on a dark ground, warm, cool or festive. */

const LIGHTS: readonly { bg: string; lights: readonly string[] }[] = [
  { bg: '#140d08', lights: ['#ffb347', '#ffd27d', '#ff8c42', '#fff1c1'] },
  { bg: '#070b1a', lights: ['#4cc9f0', '#4895ef', '#b8f2ff', '#7b8cff'] },
  { bg: '#12060f', lights: ['#ff5d8f', '#ffb3c6', '#ffd166', '#ff8fab'] },
  { bg: '#0a120c', lights: ['#e9c46a', '#a7c957', '#f4a261', '#fefae0'] },
  { bg: '#0e0a18', lights: ['#c77dff', '#ffd6ff', '#7b2cbf', '#e0aaff'] },
  { bg: '#0d0d0d', lights: ['#ff6b6b', '#ffd93d', '#6bcB77', '#4d96ff'] },
];

export const paintBokeh = (ctx: Ctx, size: number, rng: Rng, index: number) => {
  const { bg: bgHex, lights: lightHex } = LIGHTS[index % LIGHTS.length] ?? LIGHTS[0]!;
  const bg = hex(bgHex);
  const lights = lightHex.map(hex);
  const g = ctx.createRadialGradient(size * 0.5, size * 0.6, 0, size * 0.5, size * 0.6, size * 0.9);
  g.addColorStop(0, rgba(shade(bg, 0.08)));
  g.addColorStop(1, rgba(shade(bg, -0.4)));
  fillAll(ctx, size, g);
  // Lights gather along a loose band, as a string of lights or a street at night would.
  const bandAngle = rng.range(-0.5, 0.5);
  const bandY = size * rng.range(0.35, 0.65);
  const along = (x: number) => bandY + Math.tan(bandAngle) * (x - size / 2);
  glow(ctx, size / 2, bandY, size * 0.8, mix(lights[0] as Rgb, bg, 0.5), 0.35);

  // Each layer is drawn on a smaller canvas and scaled up: the smaller, the softer its focus.
  // (A blur filter per disc looks the same but costs ten times as long.)
  const layer = (count: number, minR: number, maxR: number, scale: number, alpha: number) => {
    const n = Math.round(size * scale);
    const canvas = createCanvas(n, n);
    const small = canvas.getContext('2d');
    small.globalCompositeOperation = 'lighter';
    for (let i = 0; i < count; i++) {
      const x = rng.range(-0.05, 1.05) * size;
      const y = along(x) + rng.range(-0.32, 0.32) * size * (rng.chance(0.3) ? 1.6 : 1);
      const r = rng.range(minR, maxR) * size;
      const color = rng.pick(lights);
      // A bokeh disc is brighter at its rim than in its middle.
      const disc = small.createRadialGradient(
        x * scale,
        y * scale,
        0,
        x * scale,
        y * scale,
        r * scale,
      );
      disc.addColorStop(0, rgba(color, alpha * 0.55));
      disc.addColorStop(0.82, rgba(color, alpha * 0.75));
      disc.addColorStop(0.94, rgba(color, alpha * 0.6));
      disc.addColorStop(1, rgba(color, 0));
      small.fillStyle = disc;
      small.beginPath();
      small.arc(x * scale, y * scale, r * scale, 0, Math.PI * 2);
      small.fill();
    }
    ctx.save();
    ctx.globalCompositeOperation = 'lighter';
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(canvas, 0, 0, size, size);
    ctx.restore();
  };
  layer(14, 0.07, 0.14, 0.08, 0.35);
  layer(28, 0.03, 0.07, 0.25, 0.45);
  layer(40, 0.008, 0.022, 0.6, 0.8);
  vignette(ctx, size, 0.5);
  grain(ctx, size, 0.08, index + 171);
};
