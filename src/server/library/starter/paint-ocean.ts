import type { Ctx, Rgb } from './canvas-kit';
import {
  blurred,
  circle,
  fillAll,
  glow,
  grain,
  hex,
  mix,
  rgba,
  shade,
  vignette,
} from './canvas-kit';
import type { Rng } from '../../seeded-random';

/** "Ocean Calm": still horizons, layered swells, light under water and shorelines from above. */

const SEAS: readonly (readonly [string, string, string, string])[] = [
  // deep, mid, shallow, light
  ['#0a2342', '#1b4f72', '#2e86ab', '#cfe8ef'],
  ['#08263a', '#0f5e6e', '#3aa3a0', '#e0f4ee'],
  ['#101d3f', '#2a4d8f', '#5d8fd0', '#dfe8fb'],
  ['#072b35', '#126b7a', '#47b3b8', '#f2efe0'],
  ['#14213d', '#305f8c', '#7aa6c9', '#f4e9d8'],
  ['#0b3142', '#1f6f8b', '#58a4b0', '#fbe7c6'],
];

type Variant = 'horizon' | 'swells' | 'rays' | 'shore';
const VARIANTS: readonly Variant[] = ['horizon', 'swells', 'rays', 'shore'];

export const paintOcean = (ctx: Ctx, size: number, rng: Rng, index: number) => {
  const [deep, mid, shallow, light] = (SEAS[index % SEAS.length] ?? SEAS[0]!).map(hex) as [
    Rgb,
    Rgb,
    Rgb,
    Rgb,
  ];
  const variant = VARIANTS[Math.floor(index / SEAS.length + index) % VARIANTS.length]!;

  if (variant === 'horizon') {
    const horizon = size * rng.range(0.45, 0.6);
    const sky = ctx.createLinearGradient(0, 0, 0, horizon);
    sky.addColorStop(0, rgba(shade(mid, -0.2)));
    sky.addColorStop(1, rgba(mix(shallow, light, 0.45)));
    ctx.fillStyle = sky;
    ctx.fillRect(0, 0, size, horizon);
    const sea = ctx.createLinearGradient(0, horizon, 0, size);
    sea.addColorStop(0, rgba(mid));
    sea.addColorStop(1, rgba(deep));
    ctx.fillStyle = sea;
    ctx.fillRect(0, horizon, size, size - horizon);
    const moonX = size * rng.range(0.25, 0.75);
    const moonY = horizon - size * rng.range(0.12, 0.3);
    glow(ctx, moonX, moonY, size * 0.35, light, 0.35);
    circle(ctx, moonX, moonY, size * rng.range(0.035, 0.06), rgba(light, 0.95));
    // Long low ripples catch the light below the moon.
    for (let i = 0; i < 90; i++) {
      const t = rng.next();
      const y = horizon + (size - horizon) * t * t + 3;
      const w = size * (0.02 + t * 0.2) * rng.range(0.3, 1);
      const x = moonX + rng.range(-1, 1) * size * (0.03 + t * 0.12) - w / 2;
      ctx.fillStyle = rgba(light, (1 - t) * 0.45 + 0.05);
      ctx.fillRect(x, y, w, 1 + t * 2.5);
    }
    blurred(ctx, size * 0.01, () => {
      ctx.fillStyle = rgba(light, 0.25);
      ctx.fillRect(0, horizon - 2, size, 4);
    });
  } else if (variant === 'swells') {
    const g = ctx.createLinearGradient(0, 0, 0, size);
    g.addColorStop(0, rgba(mix(shallow, light, 0.3)));
    g.addColorStop(1, rgba(mid));
    fillAll(ctx, size, g);
    const layers = 6;
    for (let i = 0; i < layers; i++) {
      const t = i / (layers - 1);
      const y0 = size * (0.3 + t * 0.6);
      const amp = size * rng.range(0.015, 0.04);
      const freq = rng.range(1.5, 3);
      const phase = rng.range(0, Math.PI * 2);
      const color = mix(shallow, deep, 0.2 + t * 0.8);
      ctx.save();
      ctx.shadowColor = 'rgba(0,0,0,0.3)';
      ctx.shadowBlur = size * 0.03;
      ctx.shadowOffsetY = -size * 0.008;
      const band = ctx.createLinearGradient(0, y0 - amp, 0, y0 + size * 0.2);
      band.addColorStop(0, rgba(shade(color, 0.12)));
      band.addColorStop(1, rgba(shade(color, -0.15)));
      ctx.fillStyle = band;
      ctx.beginPath();
      ctx.moveTo(0, size);
      for (let x = 0; x <= size; x += 8) {
        ctx.lineTo(x, y0 + Math.sin((x / size) * Math.PI * freq + phase) * amp);
      }
      ctx.lineTo(size, size);
      ctx.closePath();
      ctx.fill();
      ctx.restore();
    }
  } else if (variant === 'rays') {
    const g = ctx.createLinearGradient(0, 0, 0, size);
    g.addColorStop(0, rgba(shallow));
    g.addColorStop(0.5, rgba(mid));
    g.addColorStop(1, rgba(shade(deep, -0.3)));
    fillAll(ctx, size, g);
    const sourceX = size * rng.range(0.3, 0.7);
    glow(ctx, sourceX, -size * 0.1, size * 0.8, light, 0.45);
    blurred(ctx, size * 0.02, () => {
      for (let i = 0; i < 14; i++) {
        const spread = rng.range(-0.9, 0.9);
        const width = size * rng.range(0.015, 0.06);
        const ray = ctx.createLinearGradient(0, 0, 0, size);
        ray.addColorStop(0, rgba(light, rng.range(0.2, 0.45)));
        ray.addColorStop(1, rgba(light, 0));
        ctx.fillStyle = ray;
        ctx.beginPath();
        ctx.moveTo(sourceX + spread * size * 0.1, -10);
        ctx.lineTo(sourceX + spread * size * 0.1 + width, -10);
        ctx.lineTo(sourceX + spread * size * 0.9 + width * 3, size);
        ctx.lineTo(sourceX + spread * size * 0.9, size);
        ctx.closePath();
        ctx.fill();
      }
    });
    // Rising bubbles.
    for (let i = 0; i < 30; i++) {
      const r = size * rng.range(0.002, 0.01);
      ctx.strokeStyle = rgba(light, rng.range(0.2, 0.5));
      ctx.lineWidth = Math.max(1, r * 0.25);
      ctx.beginPath();
      ctx.arc(rng.range(0, size), rng.range(0.3, 1) * size, r, 0, Math.PI * 2);
      ctx.stroke();
    }
  } else {
    // A shoreline seen from above: sand, foam, shallow turquoise, then deep water.
    const angle = rng.range(-0.4, 0.4);
    ctx.save();
    ctx.translate(size / 2, size / 2);
    ctx.rotate(angle + (rng.chance(0.5) ? 0 : Math.PI));
    ctx.translate(-size, -size);
    const span = size * 2;
    const g = ctx.createLinearGradient(0, 0, 0, span);
    const sand = mix(hex('#c9b48f'), light, 0.2);
    g.addColorStop(0, rgba(shade(sand, -0.25)));
    g.addColorStop(0.33, rgba(shade(sand, -0.08)));
    g.addColorStop(0.37, rgba(mix(shallow, light, 0.35)));
    g.addColorStop(0.48, rgba(shallow));
    g.addColorStop(0.62, rgba(mid));
    g.addColorStop(0.8, rgba(deep));
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, span, span);
    const phase = rng.range(0, Math.PI * 2);
    for (let k = 0; k < 3; k++) {
      const y0 = span * (0.36 + k * 0.03);
      ctx.strokeStyle = `rgba(255,255,255,${0.55 - k * 0.15})`;
      ctx.lineWidth = size * (0.008 - k * 0.002);
      ctx.beginPath();
      for (let x = 0; x <= span; x += 10) {
        const y =
          y0 +
          Math.sin((x / span) * Math.PI * 5 + phase + k) * size * 0.02 +
          Math.sin((x / span) * Math.PI * 13 + k) * size * 0.006;
        if (x === 0) ctx.moveTo(x, y);
        else ctx.lineTo(x, y);
      }
      ctx.stroke();
    }
    ctx.restore();
  }
  vignette(ctx, size, 0.3);
  grain(ctx, size, 0.08, index + 111);
};
