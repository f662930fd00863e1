import type { Ctx, Rgb } from './canvas-kit';
import { blurred, fillAll, glow, grain, hex, rgba, shade, vignette } from './canvas-kit';
import type { Rng } from '../../seeded-random';

/** "Neon Night": glowing lines and shapes on a near-black night sky. */

const NEONS: readonly (readonly [string, string, string])[] = [
  // background, primary, secondary
  ['#0b0820', '#ff2fb3', '#27d7ff'],
  ['#070d1f', '#3d7bff', '#b04dff'],
  ['#0d0717', '#ff4f7b', '#ffb23f'],
  ['#051412', '#25f0b0', '#3aa0ff'],
  ['#12061c', '#c84bff', '#ff5ac8'],
  ['#0a0a14', '#ff3864', '#2de2e6'],
];

type Variant = 'grid' | 'rings' | 'streaks' | 'arches';
const VARIANTS: readonly Variant[] = ['grid', 'rings', 'streaks', 'arches'];

/** A line drawn three times (wide faint, medium, thin bright) reads as a glowing tube. */
const neonStroke = (ctx: Ctx, color: Rgb, width: number, path: () => void) => {
  for (const [w, a, c] of [
    [width * 6, 0.12, color],
    [width * 2.5, 0.35, color],
    [width, 1, shade(color, 0.55)],
  ] as const) {
    ctx.strokeStyle = rgba(c, a);
    ctx.lineWidth = w;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.beginPath();
    path();
    ctx.stroke();
  }
};

export const paintNeon = (ctx: Ctx, size: number, rng: Rng, index: number) => {
  const [bg, primary, secondary] = (NEONS[index % NEONS.length] ?? NEONS[0]!).map(hex) as [
    Rgb,
    Rgb,
    Rgb,
  ];
  const variant = VARIANTS[Math.floor(index / NEONS.length + index) % VARIANTS.length]!;
  const sky = ctx.createLinearGradient(0, 0, 0, size);
  sky.addColorStop(0, rgba(shade(bg, -0.3)));
  sky.addColorStop(0.6, rgba(bg));
  sky.addColorStop(1, rgba(shade(bg, 0.06)));
  fillAll(ctx, size, sky);
  const w = size / 360;

  if (variant === 'grid') {
    const horizon = size * rng.range(0.5, 0.62);
    glow(ctx, size / 2, horizon, size * 0.7, primary, 0.35);
    // A low sun above the horizon, sliced like a retro poster.
    const sunR = size * rng.range(0.14, 0.22);
    const sun = ctx.createLinearGradient(0, horizon - sunR * 2, 0, horizon);
    sun.addColorStop(0, rgba(secondary, 0.9));
    sun.addColorStop(1, rgba(primary, 0.9));
    ctx.save();
    ctx.beginPath();
    ctx.rect(0, 0, size, horizon);
    ctx.clip();
    ctx.fillStyle = sun;
    ctx.beginPath();
    ctx.arc(size / 2 + rng.range(-0.1, 0.1) * size, horizon - sunR * 0.4, sunR, 0, Math.PI * 2);
    ctx.fill();
    // The slices cut the sun only, not the sky beside it.
    ctx.clip();
    ctx.fillStyle = rgba(bg);
    for (let i = 0; i < 6; i++)
      ctx.fillRect(0, horizon - sunR * 0.4 + i * sunR * 0.16, size, 2 + i * 2.2);
    ctx.restore();
    ctx.fillStyle = rgba(shade(bg, -0.4));
    ctx.fillRect(0, horizon, size, size - horizon);
    ctx.save();
    ctx.beginPath();
    ctx.rect(0, horizon, size, size - horizon);
    ctx.clip();
    const vanishX = size / 2;
    for (let i = -12; i <= 12; i++) {
      neonStroke(ctx, primary, w * 0.9, () => {
        ctx.moveTo(vanishX + i * size * 0.02, horizon);
        ctx.lineTo(vanishX + i * size * 0.2, size);
      });
    }
    for (let i = 1; i < 12; i++) {
      const y = horizon + (size - horizon) * Math.pow(i / 11, 2.2);
      neonStroke(ctx, primary, w * 0.9, () => {
        ctx.moveTo(0, y);
        ctx.lineTo(size, y);
      });
    }
    ctx.restore();
  } else if (variant === 'rings') {
    const cx = size * rng.range(0.35, 0.65);
    const cy = size * rng.range(0.35, 0.65);
    glow(ctx, cx, cy, size * 0.6, primary, 0.25);
    const rings = rng.int(2, 4);
    for (let i = 0; i < rings; i++) {
      const r = size * (0.16 + i * rng.range(0.07, 0.11));
      const start = rng.range(0, Math.PI * 2);
      const sweep = rng.chance(0.5) ? Math.PI * 2 : rng.range(Math.PI * 0.8, Math.PI * 1.7);
      neonStroke(ctx, i % 2 ? secondary : primary, w * rng.range(1.2, 2.2), () => {
        ctx.arc(cx, cy, r, start, start + sweep);
      });
    }
  } else if (variant === 'streaks') {
    const angle = rng.range(-0.6, 0.6) + (rng.chance(0.5) ? Math.PI / 4 : -Math.PI / 4);
    glow(ctx, size * rng.range(0.3, 0.7), size * rng.range(0.3, 0.7), size * 0.75, secondary, 0.3);
    ctx.save();
    ctx.translate(size / 2, size / 2);
    ctx.rotate(angle);
    blurred(ctx, w * 3, () => {
      for (let i = 0; i < 34; i++) {
        const y = rng.range(-size * 0.7, size * 0.7);
        const len = size * rng.range(0.2, 0.9);
        const x = rng.range(-size * 0.8, size * 0.4);
        const g = ctx.createLinearGradient(x, 0, x + len, 0);
        const color = rng.chance(0.6) ? primary : secondary;
        g.addColorStop(0, rgba(color, 0));
        g.addColorStop(0.8, rgba(color, rng.range(0.7, 1)));
        g.addColorStop(1, rgba(shade(color, 0.6), 1));
        ctx.fillStyle = g;
        ctx.fillRect(x, y, len, w * rng.range(1.2, 4.5));
      }
    });
    ctx.restore();
  } else {
    // Nested arches, like a neon-lit doorway.
    const cx = size / 2;
    const base = size * rng.range(0.78, 0.9);
    glow(ctx, cx, base - size * 0.3, size * 0.6, secondary, 0.25);
    const count = rng.int(3, 5);
    for (let i = 0; i < count; i++) {
      const half = size * (0.12 + i * 0.065);
      const top = base - size * (0.42 + i * 0.07);
      neonStroke(ctx, i % 2 ? secondary : primary, w * 1.4, () => {
        ctx.moveTo(cx - half, base);
        ctx.lineTo(cx - half, top + half);
        ctx.arc(cx, top + half, half, Math.PI, 0);
        ctx.lineTo(cx + half, base);
      });
    }
    // Reflection on a wet floor.
    ctx.save();
    ctx.globalAlpha = 0.18;
    ctx.translate(0, base * 2);
    ctx.scale(1, -1);
    blurred(ctx, w * 4, () => {
      for (let i = 0; i < count; i++) {
        const half = size * (0.12 + i * 0.065);
        const top = base - size * (0.42 + i * 0.07);
        ctx.strokeStyle = rgba(i % 2 ? secondary : primary);
        ctx.lineWidth = w * 4;
        ctx.beginPath();
        ctx.moveTo(cx - half, base);
        ctx.lineTo(cx - half, top + half);
        ctx.arc(cx, top + half, half, Math.PI, 0);
        ctx.lineTo(cx + half, base);
        ctx.stroke();
      }
    });
    ctx.restore();
  }
  // A scattering of faint stars or city specks.
  for (let i = 0; i < 80; i++) {
    ctx.fillStyle = `rgba(255,255,255,${rng.range(0.05, 0.35)})`;
    ctx.fillRect(rng.range(0, size), rng.range(0, size * 0.5), w * 0.6, w * 0.6);
  }
  vignette(ctx, size, 0.45);
  grain(ctx, size, 0.08, index + 71);
};
