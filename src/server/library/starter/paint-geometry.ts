import type { Ctx, Rgb } from './canvas-kit';
import {
  circle,
  fillAll,
  grain,
  hex,
  linearAcross,
  mix,
  rgba,
  shade,
  vignette,
} from './canvas-kit';
import type { Rng } from '../../seeded-random';

/** "Soft Geometry": quiet geometric patterns in muted, deep palettes. */

const MUTED: readonly (readonly [string, string, string, string])[] = [
  ['#264653', '#2a9d8f', '#e9c46a', '#f4a261'],
  ['#3d405b', '#81b29a', '#f2cc8f', '#e07a5f'],
  ['#22223b', '#4a4e69', '#9a8c98', '#c9ada7'],
  ['#283618', '#606c38', '#dda15e', '#bc6c25'],
  ['#1d3557', '#457b9d', '#a8dadc', '#e63946'],
  ['#3c1642', '#086375', '#1dd3b0', '#affc41'],
];

type Variant = 'arcs' | 'lowpoly' | 'circles' | 'tiles';
const VARIANTS: readonly Variant[] = ['arcs', 'lowpoly', 'circles', 'tiles'];

export const paintGeometry = (ctx: Ctx, size: number, rng: Rng, index: number) => {
  const [bg, a, b, c] = (MUTED[index % MUTED.length] ?? MUTED[0]!).map(hex) as [Rgb, Rgb, Rgb, Rgb];
  const variant = VARIANTS[Math.floor(index / MUTED.length + index) % VARIANTS.length]!;
  fillAll(
    ctx,
    size,
    linearAcross(ctx, size, rng.range(0, Math.PI * 2), [
      [0, shade(bg, 0.08)],
      [1, shade(bg, -0.25)],
    ]),
  );

  if (variant === 'arcs') {
    // Concentric rainbow arcs rising from an edge, each band a step darker.
    const cx = rng.range(0.2, 0.8) * size;
    const cy = rng.chance(0.5) ? size : 0;
    const bands = [c, b, a, shade(a, -0.25), shade(bg, 0.1)];
    const outer = size * rng.range(0.45, 0.6);
    const step = outer / (bands.length + 0.5);
    ctx.save();
    ctx.shadowColor = 'rgba(0,0,0,0.3)';
    ctx.shadowBlur = size * 0.02;
    bands.forEach((color, i) => circle(ctx, cx, cy, outer - i * step, rgba(color)));
    ctx.restore();
  } else if (variant === 'lowpoly') {
    // A jittered triangle mesh, each facet shaded by a light from one corner.
    const cols = 7;
    const cell = size / (cols - 1);
    const pts: [number, number][][] = [];
    for (let j = 0; j < cols; j++) {
      const row: [number, number][] = [];
      for (let i = 0; i < cols; i++) {
        const edge = i === 0 || j === 0 || i === cols - 1 || j === cols - 1;
        row.push([
          i * cell + (edge ? 0 : rng.range(-0.35, 0.35) * cell),
          j * cell + (edge ? 0 : rng.range(-0.35, 0.35) * cell),
        ]);
      }
      pts.push(row);
    }
    const lx = rng.chance(0.5) ? 0 : size;
    const at = (i: number, j: number) => pts[j]![i]!;
    for (let j = 0; j < cols - 1; j++) {
      for (let i = 0; i < cols - 1; i++) {
        const quad = [at(i, j), at(i + 1, j), at(i + 1, j + 1), at(i, j + 1)];
        const tris = rng.chance(0.5)
          ? [
              [quad[0]!, quad[1]!, quad[2]!],
              [quad[0]!, quad[2]!, quad[3]!],
            ]
          : [
              [quad[0]!, quad[1]!, quad[3]!],
              [quad[1]!, quad[2]!, quad[3]!],
            ];
        for (const tri of tris) {
          const mx = (tri[0]![0] + tri[1]![0] + tri[2]![0]) / 3;
          const my = (tri[0]![1] + tri[1]![1] + tri[2]![1]) / 3;
          const lit = 1 - Math.hypot(mx - lx, my) / (size * 1.6);
          const color = mix(
            shade(bg, -0.2),
            mix(a, b, rng.range(0, 0.35)),
            Math.min(1, Math.max(0, lit) + rng.range(-0.06, 0.06)),
          );
          ctx.fillStyle = rgba(color);
          ctx.strokeStyle = rgba(color);
          ctx.lineWidth = 1;
          ctx.beginPath();
          ctx.moveTo(tri[0]![0], tri[0]![1]);
          ctx.lineTo(tri[1]![0], tri[1]![1]);
          ctx.lineTo(tri[2]![0], tri[2]![1]);
          ctx.closePath();
          ctx.fill();
          ctx.stroke();
        }
      }
    }
  } else if (variant === 'circles') {
    // Large translucent discs overlapping, like tinted glass.
    for (let i = 0; i < 5; i++) {
      const color = [a, b, c][i % 3]!;
      ctx.save();
      ctx.globalCompositeOperation = 'screen';
      circle(
        ctx,
        rng.range(0, 1) * size,
        rng.range(0, 1) * size,
        size * rng.range(0.2, 0.38),
        rgba(color, 0.35),
      );
      ctx.restore();
    }
  } else {
    // Rounded tiles in a grid, a few of them picked out in the accent colours.
    const n = rng.int(5, 7);
    const cell = size / n;
    const gap = cell * 0.12;
    for (let j = 0; j < n; j++) {
      for (let i = 0; i < n; i++) {
        const pick = rng.next();
        const color = pick < 0.12 ? c : pick < 0.3 ? b : pick < 0.55 ? a : shade(bg, 0.06);
        const alpha = color === c || color === b ? 0.85 : 0.55;
        ctx.fillStyle = rgba(color, alpha);
        ctx.beginPath();
        const shape = rng.int(0, 2);
        const x = i * cell + gap / 2;
        const y = j * cell + gap / 2;
        const s = cell - gap;
        if (shape === 0) ctx.roundRect(x, y, s, s, s * 0.25);
        else if (shape === 1) ctx.arc(x + s / 2, y + s / 2, s / 2, 0, Math.PI * 2);
        else {
          // A quarter circle, turned to one of four corners.
          const corner = rng.int(0, 3);
          const ox = corner % 2 ? x + s : x;
          const oy = corner < 2 ? y : y + s;
          ctx.moveTo(ox, oy);
          ctx.arc(ox, oy, s, (corner * Math.PI) / 2, (corner * Math.PI) / 2 + Math.PI / 2);
          ctx.closePath();
        }
        ctx.fill();
      }
    }
    // The middle is dimmed so the slide text keeps its contrast.
    const g = ctx.createRadialGradient(size / 2, size / 2, 0, size / 2, size / 2, size * 0.5);
    g.addColorStop(0, rgba(bg, 0.55));
    g.addColorStop(1, rgba(bg, 0));
    fillAll(ctx, size, g);
  }
  vignette(ctx, size, 0.3);
  grain(ctx, size, 0.1, index + 191);
};
