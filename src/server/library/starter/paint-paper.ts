import { createCanvas } from '@napi-rs/canvas';
import type { Ctx, Rgb } from './canvas-kit';
import { createNoise, fillAll, grain, hex, mix, rgba, shade, vignette } from './canvas-kit';
import type { Rng } from '../../seeded-random';

/** "Paper Texture": coloured papers with fibres and mottling, plain, layered, torn or folded. */

const PAPERS: readonly (readonly [string, string])[] = [
  // paper, accent paper
  ['#8a6a4a', '#5e452f'], // kraft
  ['#2f3e57', '#1f2a3d'], // navy
  ['#a4553c', '#7a3b28'], // terracotta
  ['#6f7d62', '#4d5944'], // sage
  ['#3b3838', '#262424'], // charcoal
  ['#6b3f57', '#4a2b3c'], // plum
];

type Variant = 'plain' | 'layers' | 'torn' | 'folds';
const VARIANTS: readonly Variant[] = ['plain', 'layers', 'torn', 'folds'];

/** Low-frequency blotches and short fibres: what makes a flat colour read as paper. */
const paperSurface = (ctx: Ctx, size: number, rng: Rng, color: Rgb) => {
  fillAll(ctx, size, rgba(color));
  const noise = createNoise(rng);
  const n = 90;
  const canvas = createCanvas(n, n);
  const small = canvas.getContext('2d');
  const image = small.createImageData(n, n);
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      const v = noise.fbm(x / 18, y / 18, 4);
      const i = (y * n + x) * 4;
      const c = v > 0.5 ? 255 : 0;
      image.data[i] = c;
      image.data[i + 1] = c;
      image.data[i + 2] = c;
      image.data[i + 3] = Math.round(Math.abs(v - 0.5) * 2 * 60);
    }
  }
  small.putImageData(image, 0, 0);
  ctx.save();
  ctx.imageSmoothingQuality = 'high';
  ctx.globalCompositeOperation = 'soft-light';
  ctx.drawImage(canvas, 0, 0, size, size);
  ctx.restore();
  ctx.save();
  ctx.lineCap = 'round';
  for (let i = 0; i < 900; i++) {
    const x = rng.range(0, size);
    const y = rng.range(0, size);
    const len = size * rng.range(0.004, 0.02);
    const a = rng.range(0, Math.PI * 2);
    ctx.strokeStyle = rng.chance(0.5)
      ? `rgba(255,255,255,${rng.range(0.04, 0.12)})`
      : `rgba(0,0,0,${rng.range(0.04, 0.1)})`;
    ctx.lineWidth = rng.range(0.6, 1.4);
    ctx.beginPath();
    ctx.moveTo(x, y);
    ctx.quadraticCurveTo(
      x + Math.cos(a + 0.6) * len * 0.5,
      y + Math.sin(a + 0.6) * len * 0.5,
      x + Math.cos(a) * len,
      y + Math.sin(a) * len,
    );
    ctx.stroke();
  }
  ctx.restore();
};

export const paintPaper = (ctx: Ctx, size: number, rng: Rng, index: number) => {
  const [paper, accent] = (PAPERS[index % PAPERS.length] ?? PAPERS[0]!).map(hex) as [Rgb, Rgb];
  const variant = VARIANTS[Math.floor(index / PAPERS.length + index) % VARIANTS.length]!;
  paperSurface(ctx, size, rng, paper);

  if (variant === 'layers') {
    // Paper-cut layers: wavy sheets stacked towards the viewer, each casting a shadow.
    const count = rng.int(4, 6);
    const fromTop = rng.chance(0.5);
    for (let i = 0; i < count; i++) {
      const t = (i + 1) / (count + 1);
      const color = mix(shade(paper, 0.12), accent, t);
      const y0 = fromTop ? size * (0.05 + t * 0.35) : size * (0.55 + t * 0.4);
      const amp = size * rng.range(0.02, 0.05);
      const freq = rng.range(1, 2.5);
      const phase = rng.range(0, Math.PI * 2);
      ctx.save();
      ctx.shadowColor = 'rgba(0,0,0,0.4)';
      ctx.shadowBlur = size * 0.025;
      ctx.shadowOffsetY = fromTop ? size * 0.008 : -size * 0.008;
      ctx.fillStyle = rgba(color);
      ctx.beginPath();
      const edge = fromTop ? -10 : size + 10;
      ctx.moveTo(-10, edge);
      for (let x = -10; x <= size + 10; x += 10) {
        ctx.lineTo(
          x,
          (fromTop ? size * 0.4 - y0 + size * 0.05 : y0) +
            Math.sin((x / size) * Math.PI * freq + phase) * amp,
        );
      }
      ctx.lineTo(size + 10, edge);
      ctx.closePath();
      ctx.fill();
      ctx.restore();
    }
  } else if (variant === 'torn') {
    // A torn strip of a second paper across one side, with a pale ragged edge.
    const vertical = rng.chance(0.5);
    const at = size * rng.range(0.62, 0.78);
    ctx.save();
    if (vertical) {
      ctx.translate(size / 2, size / 2);
      ctx.rotate(Math.PI / 2);
      ctx.translate(-size / 2, -size / 2);
    }
    const edge: number[] = [];
    let y = at;
    for (let x = -20; x <= size + 20; x += 6) {
      y += rng.range(-4, 4) + (at - y) * 0.08;
      edge.push(y);
    }
    const trace = (offset: number) => {
      ctx.beginPath();
      ctx.moveTo(-20, size + 20);
      edge.forEach((ey, i) =>
        ctx.lineTo(-20 + i * 6, ey + offset + (i % 3 === 0 ? rng.range(-2, 2) : 0)),
      );
      ctx.lineTo(size + 20, size + 20);
      ctx.closePath();
    };
    ctx.shadowColor = 'rgba(0,0,0,0.45)';
    ctx.shadowBlur = size * 0.02;
    ctx.shadowOffsetY = -size * 0.006;
    ctx.fillStyle = rgba(shade(paper, 0.55));
    trace(-size * 0.006);
    ctx.fill();
    ctx.shadowColor = 'transparent';
    ctx.fillStyle = rgba(accent);
    trace(size * 0.004);
    ctx.fill();
    ctx.restore();
  } else if (variant === 'folds') {
    // Creased paper: flat planes meeting at fold lines, each lit a little differently.
    const folds = rng.int(2, 3);
    for (let i = 0; i < folds; i++) {
      const a = rng.range(0, Math.PI);
      const px = rng.range(0.25, 0.75) * size;
      const py = rng.range(0.25, 0.75) * size;
      const nx = Math.cos(a);
      const ny = Math.sin(a);
      const g = ctx.createLinearGradient(
        px - nx * size * 0.5,
        py - ny * size * 0.5,
        px + nx * size * 0.5,
        py + ny * size * 0.5,
      );
      g.addColorStop(0, 'rgba(255,255,255,0.0)');
      g.addColorStop(0.49, `rgba(255,255,255,${rng.range(0.05, 0.1)})`);
      g.addColorStop(0.5, `rgba(0,0,0,${rng.range(0.12, 0.2)})`);
      g.addColorStop(1, 'rgba(0,0,0,0.0)');
      fillAll(ctx, size, g);
    }
  }
  vignette(ctx, size, 0.3);
  grain(ctx, size, 0.14, index + 131);
};
