import type { TCharacterStylePreset } from '#contract/characters';
import type { Rng } from '../../../seeded-random';
import type { Ctx, Rgb } from '../../../library/starter/canvas-kit';
import { blurred, mix, rgba, shade } from '../../../library/starter/canvas-kit';
import type { Setting } from '../character-look';

/**
 * The room or place a description names ("standing in a bright kitchen"), painted behind the
 * person as a phone camera sees it: recognisable furniture at the sides and below the shoulders,
 * a little out of focus. The style preset then lights it (sceneLight): the same kitchen is a
 * sunny morning in "Casual", a neon-lit night in "Tokyo Street", a dark set in "Fashion Show".
 */

type Box = { w: number; h: number; m: number; rng: Rng; accent: Rgb };

const rect = (ctx: Ctx, x: number, y: number, w: number, h: number, c: Rgb, a = 1) => {
  ctx.fillStyle = rgba(c, a);
  ctx.fillRect(x, y, w, h);
};

const round = (ctx: Ctx, x: number, y: number, w: number, h: number, r: number, c: Rgb) => {
  ctx.fillStyle = rgba(c);
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, r);
  ctx.fill();
};

const disc = (ctx: Ctx, x: number, y: number, r: number, c: Rgb, a = 1) => {
  ctx.fillStyle = rgba(c, a);
  ctx.beginPath();
  ctx.arc(x, y, Math.max(0, r), 0, Math.PI * 2);
  ctx.fill();
};

const vertical = (ctx: Ctx, y0: number, y1: number, w: number, top: Rgb, bottom: Rgb) => {
  const g = ctx.createLinearGradient(0, y0, 0, y1);
  g.addColorStop(0, rgba(top));
  g.addColorStop(1, rgba(bottom));
  ctx.fillStyle = g;
  ctx.fillRect(0, y0, w, y1 - y0);
};

const grid = (
  ctx: Ctx,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  cw: number,
  ch: number,
  c: Rgb,
  a: number,
  lw: number,
) => {
  ctx.strokeStyle = rgba(c, a);
  ctx.lineWidth = lw;
  ctx.beginPath();
  for (let x = x0; x <= x1; x += cw) {
    ctx.moveTo(x, y0);
    ctx.lineTo(x, y1);
  }
  for (let y = y0; y <= y1; y += ch) {
    ctx.moveTo(x0, y);
    ctx.lineTo(x1, y);
  }
  ctx.stroke();
};

const plant = (ctx: Ctx, x: number, y: number, s: number, rng: Rng) => {
  round(ctx, x - s * 0.35, y, s * 0.7, s * 0.6, s * 0.08, [196, 120, 84]);
  for (let i = 0; i < 9; i++) {
    const a = -Math.PI / 2 + rng.range(-1.1, 1.1);
    const r = s * rng.range(0.5, 1.1);
    ctx.fillStyle = rgba(
      rng.pick<Rgb>([
        [62, 120, 70],
        [84, 148, 84],
        [48, 98, 60],
      ]),
    );
    ctx.beginPath();
    ctx.ellipse(
      x + Math.cos(a) * r * 0.6,
      y + Math.sin(a) * r * 0.6,
      s * 0.16,
      r * 0.45,
      a + Math.PI / 2,
      0,
      Math.PI * 2,
    );
    ctx.fill();
  }
};

const windowPane = (ctx: Ctx, x: number, y: number, w: number, h: number, sky: Rgb, frame: Rgb) => {
  const g = ctx.createLinearGradient(0, y, 0, y + h);
  g.addColorStop(0, rgba(sky));
  g.addColorStop(1, rgba(shade(sky, 0.4)));
  ctx.fillStyle = g;
  ctx.fillRect(x, y, w, h);
  ctx.strokeStyle = rgba(frame);
  ctx.lineWidth = Math.max(2, w * 0.05);
  ctx.strokeRect(x, y, w, h);
  ctx.beginPath();
  ctx.moveTo(x + w / 2, y);
  ctx.lineTo(x + w / 2, y + h);
  ctx.moveTo(x, y + h / 2);
  ctx.lineTo(x + w, y + h / 2);
  ctx.stroke();
};

const kitchen = (ctx: Ctx, { w, h, m, rng, accent }: Box) => {
  const wall: Rgb = [244, 240, 232];
  rect(ctx, 0, 0, w, h, wall);
  // Subway tiles between the cabinets and the worktop.
  grid(
    ctx,
    0,
    h * 0.3,
    w,
    h * 0.66,
    m * 0.09,
    m * 0.045,
    [200, 196, 188],
    0.9,
    Math.max(1, m * 0.003),
  );
  const wood: Rgb = mix([150, 176, 150], accent, 0.25);
  // Upper cabinets.
  for (const x of [-0.02, 0.68]) {
    round(ctx, w * x, 0, w * 0.34, h * 0.27, m * 0.01, wood);
    rect(ctx, w * (x + 0.165), h * 0.02, Math.max(1, m * 0.004), h * 0.23, shade(wood, -0.25));
    rect(ctx, w * (x + 0.14), h * 0.22, m * 0.05, m * 0.008, [200, 190, 170]);
  }
  windowPane(ctx, w * 0.36, h * 0.04, w * 0.28, h * 0.2, [196, 226, 248], [250, 250, 250]);
  // Worktop and lower cabinets.
  rect(ctx, 0, h * 0.66, w, h * 0.025, [224, 222, 216]);
  rect(ctx, 0, h * 0.685, w, h * 0.315, shade(wood, -0.08));
  for (let x = 0; x < w; x += w * 0.25) {
    rect(ctx, x + w * 0.005, h * 0.7, w * 0.24, h * 0.3, shade(wood, -0.02));
  }
  // Things on the worktop: a fruit bowl, a kettle, a chopping board, a plant.
  ctx.fillStyle = rgba([236, 236, 236]);
  ctx.beginPath();
  ctx.ellipse(w * 0.14, h * 0.655, m * 0.1, m * 0.05, 0, 0, Math.PI);
  ctx.fill();
  for (const [dx, c] of [
    [-0.05, [120, 180, 60]],
    [0, [240, 170, 40]],
    [0.05, [200, 60, 50]],
  ] as const) {
    disc(ctx, w * 0.14 + m * dx, h * 0.645, m * 0.035, c);
  }
  round(ctx, w * 0.8, h * 0.57, m * 0.1, m * 0.13, m * 0.03, [60, 60, 66]);
  round(ctx, w * 0.3, h * 0.6, m * 0.16, m * 0.11, m * 0.01, [196, 150, 100]);
  plant(ctx, w * 0.92, h * 0.6, m * 0.1, rng);
};

const gym = (ctx: Ctx, { w, h, m, accent }: Box) => {
  vertical(ctx, 0, h, w, [70, 72, 78], [44, 46, 52]);
  // Ceiling lights and a coloured stripe along the wall.
  for (const x of [0.15, 0.5, 0.85]) {
    ctx.fillStyle = 'rgba(255,255,245,0.9)';
    ctx.beginPath();
    ctx.ellipse(w * x, h * 0.03, m * 0.12, m * 0.02, 0, 0, Math.PI * 2);
    ctx.fill();
  }
  rect(ctx, 0, h * 0.33, w, h * 0.04, mix([230, 80, 60], accent, 0.3));
  // Wall mirror panels.
  for (const x of [0.02, 0.7]) {
    const g = ctx.createLinearGradient(w * x, h * 0.1, w * (x + 0.28), h * 0.3);
    g.addColorStop(0, 'rgba(200,210,220,0.55)');
    g.addColorStop(1, 'rgba(120,130,140,0.35)');
    ctx.fillStyle = g;
    ctx.fillRect(w * x, h * 0.08, w * 0.28, h * 0.22);
  }
  // Rubber floor and a dumbbell rack.
  rect(ctx, 0, h * 0.74, w, h * 0.26, [34, 34, 38]);
  for (const side of [0, 1]) {
    const x0 = side === 0 ? 0 : w * 0.66;
    rect(ctx, x0, h * 0.6, w * 0.34, m * 0.02, [30, 30, 30]);
    rect(ctx, x0, h * 0.68, w * 0.34, m * 0.02, [30, 30, 30]);
    for (let i = 0; i < 4; i++) {
      const x = x0 + w * (0.04 + i * 0.08);
      for (const y of [0.585, 0.665]) {
        disc(ctx, x, h * y, m * 0.028, [24, 24, 26]);
        disc(ctx, x + m * 0.05, h * y, m * 0.028, [24, 24, 26]);
        rect(ctx, x, h * y - m * 0.006, m * 0.05, m * 0.012, [170, 170, 175]);
      }
    }
  }
  // A kettlebell on the floor.
  disc(ctx, w * 0.12, h * 0.84, m * 0.06, [30, 30, 34]);
  ctx.strokeStyle = rgba([30, 30, 34]);
  ctx.lineWidth = m * 0.015;
  ctx.beginPath();
  ctx.arc(w * 0.12, h * 0.79, m * 0.035, Math.PI, 0);
  ctx.stroke();
};

const BOTTLES: readonly Rgb[] = [
  [240, 180, 190],
  [170, 210, 220],
  [250, 250, 250],
  [230, 200, 140],
];
const BINDERS: readonly Rgb[] = [
  [60, 90, 140],
  [200, 80, 60],
  [80, 140, 90],
  [230, 190, 80],
];

const bathroom = (ctx: Ctx, { w, h, m, accent }: Box) => {
  const tile: Rgb = mix([226, 236, 240], accent, 0.12);
  rect(ctx, 0, 0, w, h, tile);
  grid(ctx, 0, 0, w, h, m * 0.12, m * 0.12, shade(tile, -0.12), 1, Math.max(1, m * 0.004));
  // A wide mirror with a light bar over it, a shelf of bottles, a towel.
  rect(ctx, w * 0.1, h * 0.05, w * 0.8, h * 0.015, [255, 252, 236]);
  const g = ctx.createLinearGradient(0, h * 0.08, w, h * 0.4);
  g.addColorStop(0, 'rgba(235,245,250,0.9)');
  g.addColorStop(1, 'rgba(190,205,215,0.9)');
  ctx.fillStyle = g;
  ctx.fillRect(w * 0.1, h * 0.08, w * 0.8, h * 0.36);
  rect(ctx, 0, h * 0.52, w * 0.3, m * 0.015, [250, 250, 250]);
  for (let i = 0; i < 4; i++) {
    const c = BOTTLES[i % BOTTLES.length]!;
    round(ctx, w * (0.03 + i * 0.065), h * 0.52 - m * 0.1, m * 0.045, m * 0.1, m * 0.01, c);
  }
  rect(ctx, 0, h * 0.7, w, h * 0.3, [250, 250, 252]);
  rect(ctx, 0, h * 0.7, w, m * 0.02, [220, 225, 230]);
  round(ctx, w * 0.82, h * 0.5, w * 0.2, h * 0.28, m * 0.02, mix([240, 200, 180], accent, 0.3));
  disc(ctx, w * 0.85, h * 0.62, m * 0.02, [200, 200, 205]);
};

const street = (ctx: Ctx, { w, h, m, rng, accent }: Box) => {
  vertical(ctx, 0, h * 0.25, w, [150, 196, 236], [206, 226, 240]);
  // Facades with rows of windows, a shop front and its awning.
  const facades: Rgb[] = [
    [196, 150, 120],
    [220, 204, 170],
    [170, 120, 100],
    [206, 196, 186],
  ];
  for (let i = 0; i < 4; i++) {
    const x = (w / 4) * i;
    const c = rng.pick(facades);
    const top = h * rng.range(0.02, 0.12);
    rect(ctx, x, top, w / 4 + 1, h * 0.7, c);
    for (let r = 0; r < 4; r++) {
      for (let k = 0; k < 2; k++) {
        rect(
          ctx,
          x + (w / 4) * (0.15 + k * 0.45),
          top + h * (0.05 + r * 0.11),
          (w / 4) * 0.3,
          h * 0.07,
          [70, 90, 110],
        );
      }
    }
  }
  rect(ctx, 0, h * 0.5, w, h * 0.04, mix([200, 60, 60], accent, 0.4));
  rect(ctx, 0, h * 0.54, w, h * 0.16, [60, 64, 70]);
  // Sidewalk, kerb and road.
  rect(ctx, 0, h * 0.7, w, h * 0.12, [190, 186, 180]);
  rect(ctx, 0, h * 0.82, w, h * 0.18, [80, 82, 88]);
  for (let x = 0; x < w; x += m * 0.3) rect(ctx, x, h * 0.9, m * 0.15, m * 0.012, [240, 240, 240]);
  disc(ctx, w * 0.08, h * 0.38, m * 0.16, [80, 130, 70]);
  rect(ctx, w * 0.075, h * 0.45, m * 0.02, h * 0.26, [90, 70, 50]);
};

const livingRoom = (ctx: Ctx, { w, h, m, rng, accent }: Box) => {
  const wall: Rgb = mix([236, 222, 204], accent, 0.15);
  rect(ctx, 0, 0, w, h, wall);
  windowPane(ctx, w * 0.02, h * 0.06, w * 0.24, h * 0.32, [200, 228, 248], [252, 250, 246]);
  // Two framed pictures, a floor lamp, a sofa behind the shoulders.
  for (const [x, c] of [
    [0.68, [120, 160, 190]],
    [0.84, [220, 170, 110]],
  ] as const) {
    rect(ctx, w * x, h * 0.12, w * 0.13, h * 0.1, [60, 50, 40]);
    rect(ctx, w * x + m * 0.01, h * 0.12 + m * 0.01, w * 0.13 - m * 0.02, h * 0.1 - m * 0.02, c);
  }
  rect(ctx, w * 0.9, h * 0.3, m * 0.012, h * 0.4, [60, 50, 40]);
  ctx.fillStyle = 'rgba(255,236,200,0.95)';
  ctx.beginPath();
  ctx.moveTo(w * 0.86, h * 0.3);
  ctx.lineTo(w * 0.96, h * 0.3);
  ctx.lineTo(w * 0.94, h * 0.24);
  ctx.lineTo(w * 0.88, h * 0.24);
  ctx.fill();
  const sofa = mix([110, 130, 150], accent, 0.35);
  round(ctx, -w * 0.05, h * 0.55, w * 1.1, h * 0.2, m * 0.06, sofa);
  round(ctx, -w * 0.05, h * 0.68, w * 1.1, h * 0.32, m * 0.04, shade(sofa, -0.12));
  for (const x of [0.05, 0.75])
    round(
      ctx,
      w * x,
      h * 0.6,
      w * 0.2,
      h * 0.1,
      m * 0.04,
      rng.pick<Rgb>([
        [240, 200, 120],
        [230, 150, 140],
        [250, 246, 236],
      ]),
    );
  plant(ctx, w * 0.1, h * 0.46, m * 0.12, rng);
};

const office = (ctx: Ctx, { w, h, m, accent }: Box) => {
  vertical(ctx, 0, h, w, [232, 236, 240], [206, 212, 220]);
  // Glass partitions and the open office behind them, a shelf of binders, a desk and screen.
  for (let x = 0; x < w; x += w * 0.2) rect(ctx, x, 0, m * 0.012, h * 0.62, [160, 170, 180]);
  for (const x of [0.08, 0.7]) rect(ctx, w * x, h * 0.02, w * 0.25, m * 0.018, [250, 250, 250]);
  for (let i = 0; i < 8; i++) {
    rect(ctx, w * (0.02 + i * 0.03), h * 0.3, w * 0.024, h * 0.1, BINDERS[i % BINDERS.length]!);
  }
  rect(ctx, 0, h * 0.4, w * 0.3, m * 0.015, [120, 100, 80]);
  rect(ctx, w * 0.7, h * 0.36, w * 0.26, h * 0.16, [30, 32, 40]);
  rect(ctx, w * 0.71, h * 0.37, w * 0.24, h * 0.13, mix([80, 140, 200], accent, 0.3));
  rect(ctx, 0, h * 0.62, w, h * 0.05, [200, 180, 150]);
  rect(ctx, 0, h * 0.67, w, h * 0.33, [170, 176, 186]);
};

const cafe = (ctx: Ctx, { w, h, m, rng }: Box) => {
  const brick: Rgb = [168, 92, 70];
  rect(ctx, 0, 0, w, h, brick);
  ctx.strokeStyle = 'rgba(230,210,190,0.6)';
  ctx.lineWidth = Math.max(1, m * 0.004);
  const bh = m * 0.045;
  for (let y = 0, row = 0; y < h * 0.7; y += bh, row++) {
    ctx.beginPath();
    ctx.moveTo(0, y);
    ctx.lineTo(w, y);
    for (let x = (row % 2) * m * 0.06; x < w; x += m * 0.12) {
      ctx.moveTo(x, y);
      ctx.lineTo(x, y + bh);
    }
    ctx.stroke();
  }
  // A chalkboard menu, pendant lamps, shelves of cups, a counter with an espresso machine.
  rect(ctx, w * 0.66, h * 0.08, w * 0.3, h * 0.26, [40, 44, 42]);
  ctx.fillStyle = 'rgba(240,240,230,0.8)';
  for (let i = 0; i < 6; i++)
    ctx.fillRect(w * 0.69, h * (0.11 + i * 0.035), w * rng.range(0.12, 0.24), m * 0.008);
  for (const x of [0.2, 0.5]) {
    rect(ctx, w * x, 0, Math.max(1, m * 0.004), h * 0.1, [30, 30, 30]);
    disc(ctx, w * x, h * 0.11, m * 0.05, [255, 220, 150], 0.95);
    disc(ctx, w * x, h * 0.11, m * 0.12, [255, 210, 140], 0.25);
  }
  rect(ctx, 0, h * 0.3, w * 0.3, m * 0.015, [110, 80, 56]);
  for (let i = 0; i < 5; i++)
    round(
      ctx,
      w * (0.02 + i * 0.055),
      h * 0.3 - m * 0.055,
      m * 0.045,
      m * 0.055,
      m * 0.01,
      [245, 242, 236],
    );
  rect(ctx, 0, h * 0.66, w, h * 0.34, [120, 84, 58]);
  rect(ctx, 0, h * 0.64, w, h * 0.03, [200, 170, 130]);
  round(ctx, w * 0.76, h * 0.5, w * 0.2, h * 0.14, m * 0.015, [190, 194, 200]);
};

const bedroom = (ctx: Ctx, { w, h, m, accent }: Box) => {
  const wall: Rgb = mix([226, 214, 222], accent, 0.2);
  rect(ctx, 0, 0, w, h, wall);
  // Fairy lights along the wall, curtains, a headboard, pillows, a bedside lamp.
  ctx.strokeStyle = 'rgba(90,80,70,0.5)';
  ctx.lineWidth = Math.max(1, m * 0.003);
  ctx.beginPath();
  ctx.moveTo(0, h * 0.12);
  ctx.quadraticCurveTo(w * 0.5, h * 0.2, w, h * 0.12);
  ctx.stroke();
  for (let i = 0; i <= 12; i++) {
    const t = i / 12;
    const y = h * 0.12 + Math.sin(Math.PI * t) * h * 0.04;
    disc(ctx, w * t, y, m * 0.03, [255, 220, 150], 0.35);
    disc(ctx, w * t, y, m * 0.01, [255, 236, 190]);
  }
  rect(ctx, 0, 0, w * 0.12, h * 0.7, shade(wall, -0.15));
  rect(ctx, w * 0.88, 0, w * 0.12, h * 0.7, shade(wall, -0.15));
  round(ctx, w * 0.1, h * 0.42, w * 0.8, h * 0.3, m * 0.05, [150, 120, 100]);
  rect(ctx, 0, h * 0.66, w, h * 0.34, [250, 248, 244]);
  for (const x of [0.15, 0.6])
    round(ctx, w * x, h * 0.6, w * 0.25, h * 0.1, m * 0.05, [242, 238, 232]);
  disc(ctx, w * 0.05, h * 0.5, m * 0.14, [255, 226, 170], 0.35);
  round(ctx, w * 0.01, h * 0.46, m * 0.1, m * 0.08, m * 0.02, [250, 236, 210]);
};

const park = (ctx: Ctx, { w, h, m, rng }: Box) => {
  vertical(ctx, 0, h * 0.5, w, [130, 186, 236], [200, 226, 240]);
  for (let i = 0; i < 14; i++) {
    disc(
      ctx,
      rng.range(0, w),
      rng.range(0, h * 0.42),
      m * rng.range(0.12, 0.24),
      rng.pick<Rgb>([
        [70, 120, 64],
        [96, 150, 76],
        [58, 102, 58],
      ]),
    );
  }
  vertical(ctx, h * 0.5, h, w, [130, 180, 90], [90, 140, 70]);
  ctx.fillStyle = rgba([214, 196, 160]);
  ctx.beginPath();
  ctx.moveTo(w * 0.42, h * 0.5);
  ctx.lineTo(w * 0.58, h * 0.5);
  ctx.lineTo(w * 0.9, h);
  ctx.lineTo(w * 0.1, h);
  ctx.fill();
  rect(ctx, w * 0.02, h * 0.58, w * 0.26, m * 0.03, [120, 84, 56]);
  rect(ctx, w * 0.02, h * 0.64, w * 0.26, m * 0.03, [120, 84, 56]);
};

const beach = (ctx: Ctx, { w, h, m }: Box) => {
  vertical(ctx, 0, h * 0.45, w, [110, 180, 236], [200, 230, 246]);
  vertical(ctx, h * 0.45, h * 0.62, w, [40, 130, 170], [90, 180, 190]);
  for (let y = h * 0.48; y < h * 0.62; y += m * 0.04)
    rect(ctx, 0, y, w, m * 0.004, [240, 250, 250], 0.5);
  vertical(ctx, h * 0.62, h, w, [236, 216, 170], [220, 196, 150]);
  disc(ctx, w * 0.85, h * 0.12, m * 0.08, [255, 250, 220]);
  ctx.fillStyle = rgba([250, 120, 90]);
  ctx.beginPath();
  ctx.moveTo(w * 0.05, h * 0.62);
  ctx.quadraticCurveTo(w * 0.15, h * 0.48, w * 0.27, h * 0.62);
  ctx.fill();
};

const PAINTERS: Record<Setting, (ctx: Ctx, box: Box) => void> = {
  kitchen,
  gym,
  bathroom,
  street,
  'living-room': livingRoom,
  office,
  cafe,
  bedroom,
  park,
  beach,
};

/** How each style preset lights whatever scene is behind the person. */
type SceneLight = { wash: Rgb; washAlpha: number; dark: number; night: boolean };
export const SCENE_LIGHT: Record<TCharacterStylePreset, SceneLight> = {
  iphone: { wash: [255, 236, 214], washAlpha: 0.1, dark: 0, night: false },
  professional: { wash: [170, 184, 204], washAlpha: 0.35, dark: 0.15, night: false },
  casual: { wash: [255, 196, 110], washAlpha: 0.3, dark: 0, night: false },
  fashion: { wash: [60, 40, 70], washAlpha: 0.3, dark: 0.55, night: false },
  tokyo: { wash: [60, 40, 150], washAlpha: 0.35, dark: 0.5, night: true },
  selfie: { wash: [214, 232, 255], washAlpha: 0.22, dark: 0, night: false },
};

export const paintSetting = (
  ctx: Ctx,
  w: number,
  h: number,
  setting: Setting,
  style: TCharacterStylePreset,
  accent: Rgb,
  rng: Rng,
) => {
  const m = Math.min(w, h);
  // Out of focus as a phone's portrait mode leaves it; the selfie's wide lens keeps it sharper.
  blurred(ctx, m * (style === 'selfie' ? 0.004 : style === 'professional' ? 0.018 : 0.009), () => {
    PAINTERS[setting](ctx, { w, h, m, rng, accent });
  });
  const light = SCENE_LIGHT[style];
  if (light.dark > 0) rect(ctx, 0, 0, w, h, [8, 6, 16], light.dark);
  rect(ctx, 0, 0, w, h, light.wash, light.washAlpha);
  if (light.night) {
    // Neon from outside: pink from the left, cyan from the right.
    for (const [x, c] of [
      [0, [255, 60, 160]],
      [w, [40, 220, 255]],
    ] as const) {
      const g = ctx.createRadialGradient(x, h * 0.3, 0, x, h * 0.3, m * 0.8);
      g.addColorStop(0, rgba(c, 0.45));
      g.addColorStop(1, rgba(c, 0));
      ctx.fillStyle = g;
      ctx.fillRect(0, 0, w, h);
    }
  }
  if (style === 'fashion') {
    // The runway's spotlight falls on the person only.
    const g = ctx.createRadialGradient(w / 2, h * 0.35, 0, w / 2, h * 0.35, m * 0.6);
    g.addColorStop(0, 'rgba(255,240,220,0.35)');
    g.addColorStop(1, 'rgba(255,240,220,0)');
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, w, h);
  }
};
