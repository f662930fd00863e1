import { createCanvas } from '@napi-rs/canvas';
import type { Ctx, Rgb } from './canvas-kit';
import { createNoise, grain, hex, mix, vignette } from './canvas-kit';
import type { Rng } from '../../seeded-random';

/** "Minimal Marble": polished stone with turbulent veins, mostly dark so white text reads. */

type Stone = { base: Rgb; cloud: Rgb; vein: Rgb; accent: Rgb | null };

const STONES: readonly Stone[] = [
  // Nero Marquina: black with white veins.
  { base: hex('#1b1b1e'), cloud: hex('#2c2c31'), vein: hex('#d9d6cf'), accent: null },
  // Verde: deep green with pale jade veins.
  { base: hex('#13291f'), cloud: hex('#1f3d2f'), vein: hex('#a9c7b2'), accent: null },
  // Grey Carrara, darkened.
  { base: hex('#6d6c6a'), cloud: hex('#85837f'), vein: hex('#3a3937'), accent: null },
  // Black and gold.
  { base: hex('#141317'), cloud: hex('#24222a'), vein: hex('#8c8a90'), accent: hex('#c9a25a') },
  // Rosso: dusty red-brown.
  { base: hex('#5a2b2b'), cloud: hex('#6e3a37'), vein: hex('#e1c2b4'), accent: null },
  // Blue Bahia: navy with ice veins.
  { base: hex('#16233d'), cloud: hex('#22355a'), vein: hex('#b9cbe6'), accent: null },
];

export const paintMarble = (ctx: Ctx, size: number, rng: Rng, index: number) => {
  const stone = STONES[index % STONES.length] ?? STONES[0]!;
  const noise = createNoise(rng);
  // The pixel loop runs at a third of the size; scaling up softens veins the way polish does.
  const n = Math.round(size / 3);
  const canvas = createCanvas(n, n);
  const small = canvas.getContext('2d');
  const image = small.createImageData(n, n);
  const data = image.data;

  const angle = rng.range(0, Math.PI);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const freq = rng.range(1.2, 2.4);
  const turbulence = rng.range(2.5, 4.5);
  const warpAmount = rng.range(0.25, 0.45);
  const sharpness = rng.range(14, 28);
  const ox = rng.range(0, 100);
  const oy = rng.range(0, 100);
  const secondary = rng.range(0.25, 0.6);

  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      const u = x / n;
      const v = y / n;
      // Domain warping: the coordinates themselves are bent by noise, giving organic flow.
      const qx = u + warpAmount * (noise.fbm(u * 2 + ox, v * 2 + oy, 3) - 0.5);
      const qy = v + warpAmount * (noise.fbm(u * 2 + oy, v * 2 + ox + 5.2, 3) - 0.5);
      const t =
        (qx * cos + qy * sin) * freq * Math.PI + noise.fbm(qx * 3 + ox, qy * 3, 4) * turbulence;
      const main = Math.pow(1 - Math.abs(Math.sin(t)), sharpness);
      // Ridged noise draws the thinner, branching veins between the main ones.
      const ridged = 1 - Math.abs(noise.fbm(qx * 4 + 9, qy * 4 + oy, 4) * 2 - 1);
      const branch = Math.pow(ridged, 16) * secondary;
      const strength = 0.45 + 0.75 * noise.noise(u * 3 + oy, v * 3 + ox);
      const cloud = noise.fbm(qx * 1.6 + oy, qy * 1.6, 3);
      let c = mix(stone.base, stone.cloud, Math.min(1, Math.max(0, cloud * 1.8 - 0.3)));
      const mainVein = main * strength;
      c = mix(c, stone.vein, Math.min(1, mainVein + branch));
      if (stone.accent)
        c = mix(c, stone.accent, Math.min(1, Math.max(0, (mainVein - 0.2) * 2)) * 0.8);
      const i = (y * n + x) * 4;
      data[i] = c[0];
      data[i + 1] = c[1];
      data[i + 2] = c[2];
      data[i + 3] = 255;
    }
  }
  small.putImageData(image, 0, 0);
  ctx.save();
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(canvas, 0, 0, size, size);
  ctx.restore();
  // A soft sheen, as if lit from one side.
  const sheen = ctx.createLinearGradient(0, 0, size, size);
  sheen.addColorStop(0, 'rgba(255,255,255,0.06)');
  sheen.addColorStop(0.5, 'rgba(255,255,255,0)');
  sheen.addColorStop(1, 'rgba(0,0,0,0.12)');
  ctx.fillStyle = sheen;
  ctx.fillRect(0, 0, size, size);
  vignette(ctx, size, 0.25);
  grain(ctx, size, 0.06, index + 51);
};
