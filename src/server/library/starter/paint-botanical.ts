import type { Ctx, Rgb } from './canvas-kit';
import { blurred, fillAll, glow, grain, hex, mix, rgba, shade, vignette } from './canvas-kit';
import type { Rng } from '../../seeded-random';

/** "Botanical Soft": leaf sprays in layers of focus over deep greens, lit by soft sun spots. */

const GREENS: readonly (readonly [string, string, string, string])[] = [
  // background, far leaves, near leaves, light
  ['#16302a', '#2e5a4a', '#4f8a68', '#e8e2b0'],
  ['#1d2b22', '#3e5b3f', '#7a9a62', '#f3dca0'],
  ['#132a2f', '#2b5358', '#5d9487', '#d8ecd9'],
  ['#2a2a1f', '#52563a', '#8b9160', '#f1e3b2'],
  ['#1a2622', '#3b5249', '#87a596', '#f0e6cf'],
  ['#22312b', '#466356', '#a1b993', '#fff0c8'],
];

type Leaf = { x: number; y: number; angle: number; length: number; width: number };

const leafPath = (ctx: Ctx, { x, y, angle, length, width }: Leaf) => {
  ctx.save();
  ctx.translate(x, y);
  ctx.rotate(angle);
  ctx.beginPath();
  ctx.moveTo(0, 0);
  ctx.bezierCurveTo(length * 0.25, -width, length * 0.7, -width * 0.8, length, 0);
  ctx.bezierCurveTo(length * 0.7, width * 0.8, length * 0.25, width, 0, 0);
  ctx.closePath();
  ctx.restore();
};

const drawLeaf = (ctx: Ctx, leaf: Leaf, color: Rgb, vein: boolean) => {
  const g = ctx.createLinearGradient(
    leaf.x,
    leaf.y,
    leaf.x + Math.cos(leaf.angle) * leaf.length,
    leaf.y + Math.sin(leaf.angle) * leaf.length,
  );
  g.addColorStop(0, rgba(shade(color, -0.25)));
  g.addColorStop(1, rgba(shade(color, 0.12)));
  ctx.fillStyle = g;
  leafPath(ctx, leaf);
  ctx.fill();
  if (vein) {
    ctx.save();
    ctx.translate(leaf.x, leaf.y);
    ctx.rotate(leaf.angle);
    ctx.strokeStyle = rgba(shade(color, 0.35), 0.45);
    ctx.lineWidth = Math.max(1, leaf.width * 0.06);
    ctx.beginPath();
    ctx.moveTo(leaf.length * 0.05, 0);
    ctx.quadraticCurveTo(leaf.length * 0.5, -leaf.width * 0.05, leaf.length * 0.95, 0);
    ctx.stroke();
    ctx.restore();
  }
};

/** A stem entering from an edge point with leaves in pairs along it. */
const spray = (rng: Rng, size: number, fromX: number, fromY: number, towards: number) => {
  const leaves: Leaf[] = [];
  const stemLength = size * rng.range(0.35, 0.6);
  const pairs = rng.int(4, 7);
  const leafLength = size * rng.range(0.12, 0.2);
  const bend = rng.range(-0.5, 0.5);
  for (let i = 0; i < pairs; i++) {
    const t = (i + 1) / (pairs + 1);
    const a = towards + bend * t;
    const x = fromX + Math.cos(a) * stemLength * t;
    const y = fromY + Math.sin(a) * stemLength * t;
    const len = leafLength * (1 - t * 0.45);
    for (const side of [-1, 1]) {
      leaves.push({
        x,
        y,
        angle: a + side * rng.range(0.5, 0.9),
        length: len,
        width: len * rng.range(0.22, 0.32),
      });
    }
  }
  const tipAngle = towards + bend;
  leaves.push({
    x: fromX + Math.cos(tipAngle) * stemLength,
    y: fromY + Math.sin(tipAngle) * stemLength,
    angle: tipAngle,
    length: leafLength * 0.6,
    width: leafLength * 0.16,
  });
  return { leaves, stem: { fromX, fromY, angle: towards, bend, length: stemLength } };
};

const edgePoint = (rng: Rng, size: number): [number, number, number] => {
  const side = rng.int(0, 3);
  const along = rng.range(0.1, 0.9) * size;
  // Each spray grows from its edge towards the middle, give or take.
  if (side === 0) return [along, -size * 0.02, Math.PI / 2 + rng.range(-0.6, 0.6)];
  if (side === 1) return [size * 1.02, along, Math.PI + rng.range(-0.6, 0.6)];
  if (side === 2) return [along, size * 1.02, -Math.PI / 2 + rng.range(-0.6, 0.6)];
  return [-size * 0.02, along, rng.range(-0.6, 0.6)];
};

export const paintBotanical = (ctx: Ctx, size: number, rng: Rng, index: number) => {
  const [bg, far, near, light] = (GREENS[index % GREENS.length] ?? GREENS[0]!).map(hex) as [
    Rgb,
    Rgb,
    Rgb,
    Rgb,
  ];
  const g = ctx.createLinearGradient(0, 0, size, size);
  g.addColorStop(0, rgba(shade(bg, 0.08)));
  g.addColorStop(1, rgba(shade(bg, -0.2)));
  fillAll(ctx, size, g);
  glow(ctx, size * rng.range(0.2, 0.8), size * rng.range(0.15, 0.5), size * 0.7, light, 0.18);

  const drawSpray = (color: Rgb, veins: boolean) => {
    const [x, y, a] = edgePoint(rng, size);
    const { leaves, stem } = spray(rng, size, x, y, a);
    ctx.strokeStyle = rgba(shade(color, -0.2));
    ctx.lineWidth = size * 0.005;
    ctx.beginPath();
    ctx.moveTo(stem.fromX, stem.fromY);
    const endA = stem.angle + stem.bend;
    ctx.quadraticCurveTo(
      stem.fromX + Math.cos(stem.angle) * stem.length * 0.5,
      stem.fromY + Math.sin(stem.angle) * stem.length * 0.5,
      stem.fromX + Math.cos(endA) * stem.length,
      stem.fromY + Math.sin(endA) * stem.length,
    );
    ctx.stroke();
    for (const leaf of leaves) drawLeaf(ctx, leaf, mix(color, bg, rng.range(0, 0.25)), veins);
  };

  // Far layer: out of focus, darker.
  blurred(ctx, size * 0.018, () => {
    for (let i = rng.int(3, 4); i > 0; i--) drawSpray(mix(far, bg, 0.2), false);
  });
  // Near layer: sharp, casting a soft shadow.
  ctx.save();
  ctx.shadowColor = 'rgba(0,0,0,0.45)';
  ctx.shadowBlur = size * 0.03;
  ctx.shadowOffsetX = size * 0.01;
  ctx.shadowOffsetY = size * 0.015;
  for (let i = rng.int(2, 3); i > 0; i--) drawSpray(near, true);
  ctx.restore();

  // Dappled light falling through the leaves.
  ctx.save();
  ctx.globalCompositeOperation = 'soft-light';
  for (let i = 0; i < 6; i++) {
    glow(ctx, rng.range(0, size), rng.range(0, size), size * rng.range(0.08, 0.2), light, 0.35);
  }
  ctx.restore();
  vignette(ctx, size, 0.35);
  grain(ctx, size, 0.08, index + 91);
};
