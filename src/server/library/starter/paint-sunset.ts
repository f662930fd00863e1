import type { Ctx, Rgb } from './canvas-kit';
import { blurred, circle, fillAll, glow, grain, hex, mix, rgba, ridge, shade } from './canvas-kit';
import type { Rng } from '../../seeded-random';

/** "Warm Sunset": abstract horizons in golden-hour colours. */

const SKIES: readonly (readonly [string, string, string, string])[] = [
  // top, middle, horizon, sun
  ['#2b1a4a', '#b0416f', '#f58d4f', '#ffd39a'],
  ['#1f2250', '#8e3b7a', '#f06b5a', '#ffc978'],
  ['#3a1838', '#c24b52', '#f7a35c', '#fff0b8'],
  ['#14253f', '#6c3a78', '#e9795d', '#ffd07a'],
  ['#40142f', '#d14d4d', '#f9b15e', '#fff4cc'],
  ['#261b3d', '#a8456a', '#ee8a5b', '#ffe0a3'],
];

type Land = 'mountains' | 'sea' | 'dunes' | 'hills';
const LANDS: readonly Land[] = ['mountains', 'sea', 'dunes', 'hills'];

export const paintSunset = (ctx: Ctx, size: number, rng: Rng, index: number) => {
  const [top, middle, horizon, sun] = (SKIES[index % SKIES.length] ?? SKIES[0]!).map(hex) as [
    Rgb,
    Rgb,
    Rgb,
    Rgb,
  ];
  const land = LANDS[Math.floor(index / 3 + index) % LANDS.length]!;
  const horizonY = size * rng.range(0.58, 0.72);

  const sky = ctx.createLinearGradient(0, 0, 0, horizonY);
  sky.addColorStop(0, rgba(top));
  sky.addColorStop(0.55, rgba(middle));
  sky.addColorStop(1, rgba(horizon));
  fillAll(ctx, size, sky);

  const sunX = size * rng.range(0.3, 0.7);
  const sunR = size * rng.range(0.09, 0.16);
  const sunY = horizonY - sunR * rng.range(-0.2, 0.9);
  glow(ctx, sunX, sunY, sunR * 5, sun, 0.55);
  ctx.save();
  ctx.beginPath();
  ctx.rect(0, 0, size, horizonY);
  ctx.clip();
  if (rng.chance(0.35)) {
    // A retro sun, cut by bands that widen towards the horizon.
    ctx.save();
    ctx.beginPath();
    ctx.arc(sunX, sunY, sunR, 0, Math.PI * 2);
    ctx.clip();
    const g = ctx.createLinearGradient(0, sunY - sunR, 0, sunY + sunR);
    g.addColorStop(0, rgba(sun));
    g.addColorStop(1, rgba(shade(horizon, 0.1)));
    fillAll(ctx, size, g);
    ctx.fillStyle = rgba(horizon);
    for (let i = 0; i < 5; i++) {
      const y = sunY + sunR * (0.1 + i * 0.2);
      ctx.fillRect(sunX - sunR, y, sunR * 2, sunR * (0.03 + i * 0.025));
    }
    ctx.restore();
  } else {
    circle(ctx, sunX, sunY, sunR, rgba(sun, 0.96));
  }
  ctx.restore();

  // Thin clouds lit from below.
  blurred(ctx, size * 0.012, () => {
    for (let i = rng.int(2, 5); i > 0; i--) {
      const y = rng.range(0.15, 0.85) * horizonY;
      const w = size * rng.range(0.25, 0.6);
      ctx.fillStyle = rgba(shade(horizon, 0.15), rng.range(0.15, 0.35));
      ctx.beginPath();
      ctx.ellipse(rng.range(0, size), y, w, size * rng.range(0.006, 0.018), 0, 0, Math.PI * 2);
      ctx.fill();
    }
  });

  const ground = shade(top, -0.35);
  if (land === 'sea') {
    const sea = ctx.createLinearGradient(0, horizonY, 0, size);
    sea.addColorStop(0, rgba(shade(middle, -0.2)));
    sea.addColorStop(1, rgba(shade(top, -0.3)));
    ctx.fillStyle = sea;
    ctx.fillRect(0, horizonY, size, size - horizonY);
    // The sun's path on the water: short bright strokes, thinning with distance.
    for (let i = 0; i < 70; i++) {
      const t = rng.next();
      const y = horizonY + (size - horizonY) * t * t + 2;
      const w = sunR * (0.3 + t * 1.6) * rng.range(0.4, 1.2);
      ctx.fillStyle = rgba(sun, (1 - t) * 0.55 + 0.1);
      ctx.fillRect(sunX - w / 2 + rng.range(-1, 1) * sunR * t, y, w, 1 + t * 3);
    }
  } else {
    const layers = land === 'mountains' ? 4 : 3;
    for (let l = 0; l < layers; l++) {
      const depth = l / (layers - 1);
      const color = mix(shade(horizon, -0.35), ground, 0.35 + depth * 0.65);
      const baseY =
        horizonY +
        (size - horizonY) * depth * 0.55 -
        (land === 'mountains' ? size * 0.12 * (1 - depth) : 0);
      ctx.fillStyle = rgba(color);
      ctx.beginPath();
      ctx.moveTo(0, size);
      if (land === 'mountains') {
        const steps = 64;
        const ys = ridge(rng, steps, baseY, size * (0.12 - depth * 0.06));
        ys.forEach((y, i) => ctx.lineTo((i / steps) * size, y));
      } else {
        const amp = size * (land === 'dunes' ? rng.range(0.04, 0.08) : rng.range(0.02, 0.05));
        const freq = land === 'dunes' ? rng.range(0.8, 1.6) : rng.range(1.2, 2.4);
        const phase = rng.range(0, Math.PI * 2);
        for (let x = 0; x <= size; x += 8) {
          const t = x / size;
          const y =
            baseY -
            Math.sin(t * Math.PI * freq + phase) * amp -
            (land === 'dunes' ? Math.pow(Math.sin(t * Math.PI * freq * 0.5 + phase), 2) * amp : 0);
          ctx.lineTo(x, y);
        }
      }
      ctx.lineTo(size, size);
      ctx.closePath();
      ctx.fill();
    }
  }
  // Haze at the horizon ties land and sky together.
  ctx.save();
  ctx.translate(sunX, horizonY);
  ctx.scale(1, 0.18);
  glow(ctx, 0, 0, size * 0.9, horizon, 0.35);
  ctx.restore();
  grain(ctx, size, 0.1, index + 31);
};
