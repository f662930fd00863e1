import type { TCharacterStylePreset } from '#contract/characters';
import type { Rng } from '../../../seeded-random';
import type { Ctx, Rgb } from '../../../library/starter/canvas-kit';
import { blurred, hex, mix, rgba, shade } from '../../../library/starter/canvas-kit';
import type { Setting } from '../character-look';
import { paintSetting } from './paint-setting';

/**
 * The scene behind the person, one per style preset: what makes "Tokyo Street" read as a
 * street at night and "Professional" as a studio headshot. `colours` tint it, so two people
 * in the same style still differ. A description that names a place (a kitchen, a gym) gets that
 * place instead, lit by the style (paint-setting.ts).
 */
export const paintBackdrop = (
  ctx: Ctx,
  w: number,
  h: number,
  style: TCharacterStylePreset,
  colours: [string, string],
  rng: Rng,
  setting?: Setting,
) => {
  if (setting) {
    paintSetting(ctx, w, h, setting, style, hex(colours[1]), rng);
    return;
  }
  const [topHex, bottomHex] = colours;
  const a = hex(topHex);
  const b = hex(bottomHex);
  const vertical = (stops: [number, Rgb][]) => {
    const g = ctx.createLinearGradient(0, 0, 0, h);
    for (const [at, c] of stops) g.addColorStop(at, rgba(c));
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, w, h);
  };
  const blob = (x: number, y: number, r: number, c: Rgb, alpha: number) => {
    const g = ctx.createRadialGradient(x, y, 0, x, y, r);
    g.addColorStop(0, rgba(c, alpha));
    g.addColorStop(0.6, rgba(c, alpha * 0.5));
    g.addColorStop(1, rgba(c, 0));
    ctx.fillStyle = g;
    ctx.fillRect(x - r, y - r, r * 2, r * 2);
  };
  const m = Math.min(w, h);

  switch (style) {
    case 'professional': {
      // Studio headshot: a mottled grey-blue backdrop lit from behind the head.
      const base = mix(a, [96, 108, 124], 0.75);
      vertical([
        [0, shade(base, 0.1)],
        [1, shade(base, -0.35)],
      ]);
      blob(w * 0.5, h * 0.38, m * 0.7, shade(base, 0.35), 0.8);
      blurred(ctx, m * 0.04, () => {
        for (let i = 0; i < 6; i++) {
          blob(
            rng.range(0, w),
            rng.range(0, h),
            m * rng.range(0.15, 0.3),
            shade(base, rng.range(-0.2, 0.2)),
            0.35,
          );
        }
      });
      break;
    }
    case 'fashion': {
      // Runway: dark hall, a spotlight from above, a glossy floor catching it.
      vertical([
        [0, [18, 16, 22]],
        [0.7, [34, 28, 38]],
        [1, [12, 10, 14]],
      ]);
      ctx.save();
      ctx.globalCompositeOperation = 'lighter';
      const cone = ctx.createLinearGradient(w / 2, 0, w / 2, h);
      cone.addColorStop(0, 'rgba(255,240,220,0.45)');
      cone.addColorStop(1, 'rgba(255,240,220,0)');
      ctx.fillStyle = cone;
      ctx.beginPath();
      ctx.moveTo(w * 0.42, 0);
      ctx.lineTo(w * 0.58, 0);
      ctx.lineTo(w * 0.95, h);
      ctx.lineTo(w * 0.05, h);
      ctx.closePath();
      ctx.fill();
      ctx.restore();
      // Rows of audience lights and camera flashes, blurred far behind.
      blurred(ctx, m * 0.012, () => {
        for (let i = 0; i < 26; i++) {
          const x = rng.range(0, w);
          const y = rng.range(h * 0.35, h * 0.62);
          blob(x, y, m * rng.range(0.01, 0.03), rng.chance(0.3) ? [255, 255, 255] : b, 0.9);
        }
      });
      blob(w * 0.5, h * 0.05, m * 0.35, [255, 236, 210], 0.55);
      break;
    }
    case 'tokyo': {
      // A street at night: neon signs and their bokeh in pink, cyan and amber.
      vertical([
        [0, [14, 16, 42]],
        [0.6, [36, 22, 64]],
        [1, [20, 12, 30]],
      ]);
      const neon: Rgb[] = [
        [255, 60, 150],
        [40, 220, 255],
        [255, 190, 60],
        mix(a, [255, 80, 200], 0.5),
      ];
      blurred(ctx, m * 0.008, () => {
        for (let i = 0; i < 7; i++) {
          const x = rng.range(-0.05, 0.95) * w;
          const sw = m * rng.range(0.05, 0.09);
          const sh = h * rng.range(0.18, 0.4);
          const y = rng.range(0, 0.35) * h;
          const c = rng.pick(neon);
          ctx.fillStyle = rgba(shade(c, -0.55), 0.9);
          ctx.fillRect(x, y, sw, sh);
          ctx.strokeStyle = rgba(c, 0.95);
          ctx.lineWidth = m * 0.006;
          ctx.strokeRect(x + sw * 0.15, y + sh * 0.05, sw * 0.7, sh * 0.9);
          blob(x + sw / 2, y + sh / 2, sw * 1.6, c, 0.35);
        }
      });
      blurred(ctx, m * 0.02, () => {
        for (let i = 0; i < 30; i++) {
          blob(
            rng.range(0, w),
            rng.range(0, h),
            m * rng.range(0.02, 0.07),
            rng.pick(neon),
            rng.range(0.35, 0.8),
          );
        }
      });
      break;
    }
    case 'casual': {
      // Outdoors on a sunny afternoon: foliage and sun through it, out of focus.
      vertical([
        [0, mix([200, 228, 245], a, 0.25)],
        [0.55, mix([170, 205, 150], b, 0.25)],
        [1, [92, 128, 86]],
      ]);
      blurred(ctx, m * 0.03, () => {
        for (let i = 0; i < 22; i++) {
          const c: Rgb = rng.pick([
            [76, 128, 70],
            [112, 160, 84],
            [150, 190, 100],
            [60, 100, 60],
          ]);
          blob(rng.range(0, w), rng.range(0, h * 0.9), m * rng.range(0.08, 0.22), c, 0.85);
        }
      });
      blob(w * 0.82, h * 0.12, m * 0.45, [255, 244, 200], 0.85);
      blurred(ctx, m * 0.01, () => {
        for (let i = 0; i < 12; i++) {
          blob(
            rng.range(0, w),
            rng.range(0, h * 0.6),
            m * rng.range(0.015, 0.04),
            [255, 250, 220],
            0.7,
          );
        }
      });
      break;
    }
    case 'selfie': {
      // Held at arm's length with the wide lens: a big sky, a little sun, soft clouds.
      vertical([
        [0, [94, 164, 235]],
        [0.6, mix([170, 210, 245], a, 0.2)],
        [1, mix([235, 225, 210], b, 0.3)],
      ]);
      blurred(ctx, m * 0.02, () => {
        for (let i = 0; i < 7; i++) {
          const x = rng.range(0, w);
          const y = rng.range(0, h * 0.45);
          for (let j = 0; j < 4; j++) {
            ctx.fillStyle = 'rgba(255,255,255,0.7)';
            ctx.beginPath();
            ctx.ellipse(
              x + j * m * 0.05,
              y + rng.range(-1, 1) * m * 0.02,
              m * 0.08,
              m * 0.045,
              0,
              0,
              Math.PI * 2,
            );
            ctx.fill();
          }
        }
      });
      blob(w * 0.15, h * 0.1, m * 0.3, [255, 250, 225], 0.9);
      break;
    }
    default: {
      // iPhone portrait: indoors by a window, the room soft behind the subject.
      vertical([
        [0, shade(a, 0.1)],
        [1, shade(b, -0.05)],
      ]);
      blob(w * 0.15, h * 0.2, m * 0.55, [255, 250, 240], 0.75);
      blurred(ctx, m * 0.035, () => {
        // A window frame and a plant, far out of focus.
        ctx.fillStyle = 'rgba(255,255,255,0.35)';
        ctx.fillRect(w * 0.02, h * 0.05, w * 0.28, h * 0.45);
        ctx.fillStyle = rgba(shade(b, -0.25), 0.5);
        ctx.fillRect(w * 0.155, h * 0.05, w * 0.015, h * 0.45);
        for (let i = 0; i < 8; i++) {
          blob(
            w * rng.range(0.78, 1),
            h * rng.range(0.3, 0.7),
            m * rng.range(0.06, 0.12),
            [84, 124, 80],
            0.7,
          );
        }
      });
      break;
    }
  }
};
