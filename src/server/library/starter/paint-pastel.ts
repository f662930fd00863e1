import type { Ctx, Rgb } from './canvas-kit';
import {
  blurred,
  fillAll,
  glow,
  grain,
  hex,
  linearAcross,
  mix,
  paintSoft,
  rgba,
  shade,
} from './canvas-kit';
import type { Rng } from '../../seeded-random';

/** "Pastel Gradients": soft mesh gradients in dusty pastels, deep enough for white text. */

const PASTELS: readonly (readonly string[])[] = [
  ['#8e7ad6', '#f29bb7', '#ffc194', '#6aa2e8'],
  ['#5fc1b3', '#a597f0', '#f59c97', '#5a86d8'],
  ['#d27fc0', '#ffaa86', '#7fb2ef', '#a98cf0'],
  ['#74bf9c', '#f0cf7a', '#f08f86', '#6f93dc'],
  ['#9b7fe6', '#6cc8e0', '#ffa8c5', '#5d6fd6'],
  ['#ee8fa3', '#a995ea', '#72c6c8', '#ffbe8c'],
];

type Variant = 'mesh' | 'aurora' | 'corner' | 'waves';
const VARIANTS: readonly Variant[] = ['mesh', 'aurora', 'corner', 'waves'];

export const paintPastelGradient = (ctx: Ctx, size: number, rng: Rng, index: number) => {
  const palette = rng.shuffle((PASTELS[index % PASTELS.length] ?? PASTELS[0]!).map(hex));
  const variant = VARIANTS[index % VARIANTS.length]!;
  const [a, b, c, d] = palette as [Rgb, Rgb, Rgb, Rgb];
  // Slightly deeper than the palette so a 25% dark overlay still leaves white text crisp.
  const base = shade(mix(a, d, 0.35), -0.12);

  paintSoft(ctx, size, 0.125, (s, n) => {
    fillAll(s, n, rgba(base));
    if (variant === 'mesh') {
      for (const color of [a, b, c, d, rng.pick(palette)]) {
        glow(s, rng.range(0, n), rng.range(0, n), rng.range(n * 0.35, n * 0.65), color, 1);
      }
    } else if (variant === 'aurora') {
      fillAll(
        s,
        n,
        linearAcross(s, n, rng.range(0, Math.PI * 2), [
          [0, shade(a, -0.2)],
          [1, shade(d, -0.25)],
        ]),
      );
      for (let i = 0; i < 3; i++) {
        const y = n * (0.25 + i * 0.22 + rng.range(-0.05, 0.05));
        s.save();
        s.translate(n / 2, y);
        s.rotate(rng.range(-0.5, 0.5));
        s.scale(1, 0.28);
        glow(s, 0, 0, n * 0.75, [b, c, a][i]!, 0.8);
        s.restore();
      }
    } else if (variant === 'corner') {
      fillAll(
        s,
        n,
        linearAcross(s, n, rng.range(0, Math.PI * 2), [
          [0, b],
          [0.6, base],
          [1, shade(d, -0.2)],
        ]),
      );
      const corner = rng.int(0, 3);
      glow(s, corner % 2 ? n : 0, corner < 2 ? 0 : n, n * 1.1, c, 0.9);
      glow(s, rng.range(0.3, 0.7) * n, rng.range(0.3, 0.7) * n, n * 0.5, a, 0.5);
    } else {
      fillAll(
        s,
        n,
        linearAcross(s, n, Math.PI / 2, [
          [0, shade(a, -0.1)],
          [1, shade(d, -0.3)],
        ]),
      );
    }
  });
  if (variant === 'waves') {
    // Bands drawn past the edges and blurred hard: soft ribbons of colour, no visible shapes.
    const colors = [b, c, a, d];
    blurred(ctx, size * 0.045, () => {
      for (let i = 0; i < 4; i++) {
        const y0 = size * (0.18 + i * 0.21);
        const amp = size * rng.range(0.04, 0.1);
        const phase = rng.range(0, Math.PI * 2);
        const waves = rng.range(0.8, 1.6);
        ctx.fillStyle = rgba(colors[i]!, 0.8);
        ctx.beginPath();
        ctx.moveTo(-size * 0.2, size * 1.2);
        for (let x = -size * 0.2; x <= size * 1.2; x += 12) {
          ctx.lineTo(x, y0 + Math.sin((x / size) * Math.PI * 2 * waves + phase) * amp);
        }
        ctx.lineTo(size * 1.2, size * 1.2);
        ctx.closePath();
        ctx.fill();
      }
    });
  }
  grain(ctx, size, 0.12, index + 11);
};
