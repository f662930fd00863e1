import type { SKRSContext2D } from '@napi-rs/canvas';
import type { CharacterLook } from '../character-look';
import type { Rgb } from '../../../library/starter/canvas-kit';
import { hex, mix, rgba, shade } from '../../../library/starter/canvas-kit';

export type Ctx = SKRSContext2D;

/** What moves between frames of a clip; a still portrait uses the defaults. */
export type Pose = {
  /** 0 open … 1 closed. */
  blink: number;
  /** Head tilt in radians (a few degrees at most). */
  tilt: number;
  /** Breathing: 0…1, lifts the shoulders a little. */
  breathe: number;
};
export const STILL: Pose = { blink: 0, tilt: 0, breathe: 0 };

/** Where the head sits: centre and unit (half the head's width) in canvas pixels. */
export type Placement = { cx: number; cy: number; unit: number };

// The figure is drawn in head units: the face is 2 wide and about 2.65 tall, centred on (0, 0).
// Eyes sit at y 0, the nose at 0.45, the mouth at 0.8, the chin at 1.3, the shoulders near 2.2.

const facePath = (ctx: Ctx) => {
  ctx.beginPath();
  ctx.moveTo(0, -1.32);
  ctx.bezierCurveTo(0.72, -1.32, 0.98, -0.85, 0.98, -0.15);
  ctx.bezierCurveTo(0.98, 0.5, 0.78, 0.98, 0.4, 1.22);
  ctx.quadraticCurveTo(0, 1.42, -0.4, 1.22);
  ctx.bezierCurveTo(-0.78, 0.98, -0.98, 0.5, -0.98, -0.15);
  ctx.bezierCurveTo(-0.98, -0.85, -0.72, -1.32, 0, -1.32);
  ctx.closePath();
};

const radial = (ctx: Ctx, x: number, y: number, r: number, inner: string, outer: string) => {
  const g = ctx.createRadialGradient(x, y, 0, x, y, r);
  g.addColorStop(0, inner);
  g.addColorStop(1, outer);
  return g;
};

const hairBack = (ctx: Ctx, look: CharacterLook, hair: Rgb) => {
  const dark = rgba(shade(hair, -0.25));
  ctx.fillStyle = rgba(hair);
  switch (look.hairStyle) {
    case 'long': {
      ctx.beginPath();
      ctx.moveTo(-1.05, -0.6);
      ctx.bezierCurveTo(-1.25, -1.7, 1.25, -1.7, 1.05, -0.6);
      ctx.bezierCurveTo(1.3, 0.6, 1.35, 1.9, 1.5, 2.75);
      ctx.quadraticCurveTo(0, 3.05, -1.5, 2.75);
      ctx.bezierCurveTo(-1.35, 1.9, -1.3, 0.6, -1.05, -0.6);
      ctx.fill();
      break;
    }
    case 'bob': {
      ctx.beginPath();
      ctx.moveTo(-1.12, -0.4);
      ctx.bezierCurveTo(-1.25, -1.75, 1.25, -1.75, 1.12, -0.4);
      ctx.bezierCurveTo(1.22, 0.4, 1.25, 0.85, 1.18, 1.08);
      ctx.quadraticCurveTo(0, 1.3, -1.18, 1.08);
      ctx.bezierCurveTo(-1.25, 0.85, -1.22, 0.4, -1.12, -0.4);
      ctx.fill();
      break;
    }
    case 'curly': {
      const blobs: [number, number, number][] = [
        [0, -1.25, 0.75],
        [-0.75, -1.0, 0.6],
        [0.75, -1.0, 0.6],
        [-1.1, -0.35, 0.5],
        [1.1, -0.35, 0.5],
        [-1.15, 0.35, 0.45],
        [1.15, 0.35, 0.45],
        [-1.05, 0.95, 0.4],
        [1.05, 0.95, 0.4],
      ];
      for (const [x, y, r] of blobs) {
        ctx.fillStyle = radial(ctx, x - r * 0.3, y - r * 0.3, r * 1.2, rgba(hair), dark);
        ctx.beginPath();
        ctx.arc(x, y, r, 0, Math.PI * 2);
        ctx.fill();
      }
      break;
    }
    case 'afro': {
      ctx.fillStyle = radial(ctx, -0.4, -1.1, 2.1, rgba(shade(hair, 0.08)), dark);
      ctx.beginPath();
      ctx.ellipse(0, -0.55, 1.72, 1.55, 0, 0, Math.PI * 2);
      ctx.fill();
      break;
    }
    case 'bun': {
      ctx.fillStyle = radial(ctx, -0.1, -1.75, 0.6, rgba(shade(hair, 0.1)), dark);
      ctx.beginPath();
      ctx.arc(0, -1.55, 0.48, 0, Math.PI * 2);
      ctx.fill();
      break;
    }
    case 'ponytail': {
      ctx.fillStyle = dark;
      ctx.beginPath();
      ctx.moveTo(0.7, -0.9);
      ctx.bezierCurveTo(1.6, -0.8, 1.55, 0.6, 1.25, 1.7);
      ctx.quadraticCurveTo(1.05, 1.0, 0.85, -0.3);
      ctx.fill();
      break;
    }
    default:
      break;
  }
};

/** Strands: thin lighter and darker strokes that give hair its sheen. */
const strands = (ctx: Ctx, hair: Rgb, from: [number, number], spread: number, count: number) => {
  // Only inside the hair just filled (the current path).
  ctx.save();
  ctx.clip();
  ctx.lineCap = 'round';
  for (let i = 0; i < count; i++) {
    const t = i / Math.max(1, count - 1);
    const x = from[0] + (t - 0.5) * spread;
    ctx.strokeStyle = rgba(shade(hair, i % 3 === 0 ? 0.22 : -0.18), 0.35);
    ctx.lineWidth = 0.025;
    ctx.beginPath();
    ctx.moveTo(x * 0.3, from[1]);
    ctx.quadraticCurveTo(x * 1.1, from[1] + 0.4, x * 1.3, from[1] + 1.2);
    ctx.stroke();
  }
  ctx.restore();
};

const hairFront = (ctx: Ctx, look: CharacterLook, hair: Rgb) => {
  const sheen = ctx.createLinearGradient(-1, -1.6, 0.8, -0.2);
  sheen.addColorStop(0, rgba(shade(hair, 0.18)));
  sheen.addColorStop(0.5, rgba(hair));
  sheen.addColorStop(1, rgba(shade(hair, -0.2)));
  ctx.fillStyle = sheen;
  const style = look.hairStyle;
  if (style === 'buzz') {
    ctx.save();
    facePath(ctx);
    ctx.clip();
    ctx.fillStyle = rgba(hair, 0.85);
    ctx.beginPath();
    ctx.moveTo(-1.1, -0.35);
    ctx.quadraticCurveTo(-0.95, -0.72, -0.55, -0.78);
    ctx.quadraticCurveTo(0, -0.86, 0.55, -0.78);
    ctx.quadraticCurveTo(0.95, -0.72, 1.1, -0.35);
    ctx.lineTo(1.1, -1.6);
    ctx.lineTo(-1.1, -1.6);
    ctx.closePath();
    ctx.fill();
    ctx.restore();
    return;
  }
  if (style === 'afro' || style === 'curly') {
    // A soft, textured hairline of small curls over the forehead.
    ctx.fillStyle = rgba(hair);
    ctx.beginPath();
    ctx.moveTo(-1.02, -0.2);
    ctx.bezierCurveTo(-1.08, -1.82, 1.08, -1.82, 1.02, -0.2);
    ctx.quadraticCurveTo(0.8, -0.75, 0.3, -0.78);
    ctx.quadraticCurveTo(0, -0.7, -0.3, -0.78);
    ctx.quadraticCurveTo(-0.8, -0.75, -1.02, -0.2);
    ctx.fill();
    // A soft, uneven hairline: small curls bulging over the forehead.
    for (let i = 0; i < 7; i++) {
      const x = -0.6 + i * 0.2;
      const y = -0.78 + Math.abs(x) * 0.25;
      ctx.beginPath();
      ctx.arc(x, y, 0.11, 0, Math.PI * 2);
      ctx.fill();
    }
    return;
  }
  if (style === 'short') {
    ctx.beginPath();
    ctx.moveTo(-1.02, -0.15);
    ctx.bezierCurveTo(-1.15, -1.6, 0.6, -1.85, 1.0, -1.05);
    ctx.quadraticCurveTo(1.1, -0.6, 1.02, -0.15);
    ctx.quadraticCurveTo(0.95, -0.6, 0.7, -0.8);
    ctx.bezierCurveTo(0.2, -0.62, -0.35, -0.95, -0.55, -0.72);
    ctx.quadraticCurveTo(-0.85, -0.6, -1.02, -0.15);
    ctx.fill();
    strands(ctx, hair, [0, -1.45], 1.4, 9);
    return;
  }
  if (style === 'bun' || style === 'ponytail') {
    // Sleek, pulled back: a smooth cap with a side part.
    ctx.beginPath();
    ctx.moveTo(-1.0, -0.2);
    ctx.bezierCurveTo(-1.1, -1.82, 1.1, -1.82, 1.0, -0.2);
    ctx.bezierCurveTo(0.9, -0.75, 0.45, -0.9, 0.1, -0.88);
    ctx.bezierCurveTo(-0.4, -0.88, -0.9, -0.7, -1.0, -0.2);
    ctx.fill();
    strands(ctx, hair, [0.1, -1.35], 1.6, 10);
    return;
  }
  // long and bob: a middle part with curtains along the face.
  const drop = style === 'long' ? 1.5 : 0.95;
  ctx.beginPath();
  ctx.moveTo(0.02, -1.3);
  ctx.bezierCurveTo(-0.5, -1.0, -0.88, -0.75, -0.92, 0.2);
  ctx.quadraticCurveTo(-0.95, drop * 0.7, -1.08, drop);
  ctx.lineTo(-1.2, drop);
  ctx.bezierCurveTo(-1.3, 0.2, -1.25, -1.4, 0.02, -1.48);
  ctx.bezierCurveTo(1.25, -1.4, 1.3, 0.2, 1.2, drop);
  ctx.lineTo(1.08, drop);
  ctx.quadraticCurveTo(0.95, drop * 0.7, 0.92, 0.2);
  ctx.bezierCurveTo(0.88, -0.75, 0.5, -1.0, 0.02, -1.3);
  ctx.fill();
  strands(ctx, hair, [0, -1.4], 2.0, 12);
};

const eye = (ctx: Ctx, x: number, look: CharacterLook, skin: Rgb, blink: number) => {
  ctx.save();
  ctx.translate(x, 0);
  const shape = () => {
    ctx.beginPath();
    ctx.moveTo(-0.21, 0.01);
    ctx.bezierCurveTo(-0.12, -0.14, 0.12, -0.14, 0.21, 0);
    ctx.bezierCurveTo(0.12, 0.1, -0.12, 0.1, -0.21, 0.01);
    ctx.closePath();
  };
  // The socket's soft shadow, then the eye.
  ctx.fillStyle = radial(ctx, 0, -0.02, 0.32, rgba(shade(skin, -0.16), 0.55), rgba(skin, 0));
  ctx.beginPath();
  ctx.ellipse(0, -0.02, 0.32, 0.22, 0, 0, Math.PI * 2);
  ctx.fill();
  ctx.save();
  shape();
  ctx.clip();
  ctx.fillStyle = '#f7f3ee';
  ctx.fillRect(-0.25, -0.2, 0.5, 0.4);
  const iris = hex(look.eyes);
  ctx.fillStyle = radial(ctx, 0, -0.01, 0.1, rgba(shade(iris, 0.25)), rgba(shade(iris, -0.35)));
  ctx.beginPath();
  ctx.arc(0, -0.01, 0.095, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = '#120d0b';
  ctx.beginPath();
  ctx.arc(0, -0.01, 0.045, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = 'rgba(255,255,255,0.92)';
  ctx.beginPath();
  ctx.arc(0.035, -0.045, 0.022, 0, Math.PI * 2);
  ctx.fill();
  // The upper lid's shadow on the eyeball.
  ctx.fillStyle = 'rgba(60,30,20,0.18)';
  ctx.fillRect(-0.25, -0.2, 0.5, 0.1);
  if (blink > 0) {
    // The lid comes down over the eye: skin from the top to the lid line.
    const lidY = -0.12 + blink * 0.22;
    ctx.fillStyle = rgba(shade(skin, -0.04));
    ctx.fillRect(-0.25, -0.2, 0.5, lidY + 0.2);
  }
  ctx.restore();
  // Lid line and lashes.
  ctx.strokeStyle = 'rgba(30,18,14,0.9)';
  ctx.lineWidth = 0.032;
  ctx.lineCap = 'round';
  ctx.beginPath();
  if (blink > 0.6) {
    ctx.moveTo(-0.21, 0.02);
    ctx.quadraticCurveTo(0, 0.09, 0.21, 0.01);
  } else {
    ctx.moveTo(-0.22, 0.02);
    ctx.bezierCurveTo(-0.12, -0.14 + blink * 0.2, 0.12, -0.14 + blink * 0.2, 0.23, -0.01);
  }
  ctx.stroke();
  // The crease above.
  ctx.strokeStyle = rgba(shade(skin, -0.3), 0.45);
  ctx.lineWidth = 0.018;
  ctx.beginPath();
  ctx.moveTo(-0.18, -0.1);
  ctx.quadraticCurveTo(0, -0.22, 0.19, -0.1);
  ctx.stroke();
  ctx.restore();
};

const brow = (ctx: Ctx, x: number, side: number, hair: Rgb) => {
  ctx.strokeStyle = rgba(shade(hair, -0.1), 0.92);
  ctx.lineCap = 'round';
  ctx.lineWidth = 0.075;
  ctx.beginPath();
  ctx.moveTo(x - side * 0.2, -0.24);
  ctx.quadraticCurveTo(x + side * 0.02, -0.38, x + side * 0.24, -0.3);
  ctx.stroke();
};

const nose = (ctx: Ctx, skin: Rgb) => {
  ctx.strokeStyle = rgba(shade(skin, -0.28), 0.55);
  ctx.lineWidth = 0.03;
  ctx.lineCap = 'round';
  ctx.beginPath();
  ctx.moveTo(0.07, 0.08);
  ctx.quadraticCurveTo(0.13, 0.35, 0.12, 0.47);
  ctx.stroke();
  ctx.fillStyle = rgba(shade(skin, -0.32), 0.5);
  ctx.beginPath();
  ctx.ellipse(-0.08, 0.52, 0.05, 0.025, 0.2, 0, Math.PI * 2);
  ctx.ellipse(0.08, 0.52, 0.05, 0.025, -0.2, 0, Math.PI * 2);
  ctx.fill();
  ctx.strokeStyle = rgba(shade(skin, -0.25), 0.5);
  ctx.lineWidth = 0.025;
  ctx.beginPath();
  ctx.moveTo(-0.15, 0.47);
  ctx.quadraticCurveTo(0, 0.58, 0.15, 0.47);
  ctx.stroke();
  // Light on the bridge and tip.
  ctx.fillStyle = radial(ctx, -0.02, 0.38, 0.14, rgba(shade(skin, 0.3), 0.5), rgba(skin, 0));
  ctx.beginPath();
  ctx.arc(-0.02, 0.38, 0.14, 0, Math.PI * 2);
  ctx.fill();
};

const mouth = (ctx: Ctx, look: CharacterLook) => {
  const lips = hex(look.lips);
  ctx.fillStyle = rgba(shade(lips, -0.1));
  // Upper lip with its cupid's bow, then a fuller lower lip: a closed, easy smile.
  ctx.beginPath();
  ctx.moveTo(-0.3, 0.8);
  ctx.quadraticCurveTo(-0.15, 0.7, -0.04, 0.74);
  ctx.quadraticCurveTo(0, 0.72, 0.04, 0.74);
  ctx.quadraticCurveTo(0.15, 0.7, 0.3, 0.8);
  ctx.quadraticCurveTo(0, 0.82, -0.3, 0.8);
  ctx.fill();
  ctx.fillStyle = radial(ctx, 0, 0.86, 0.25, rgba(shade(lips, 0.12)), rgba(lips));
  ctx.beginPath();
  ctx.moveTo(-0.3, 0.8);
  ctx.quadraticCurveTo(0, 0.84, 0.3, 0.8);
  ctx.quadraticCurveTo(0.18, 0.98, 0, 0.98);
  ctx.quadraticCurveTo(-0.18, 0.98, -0.3, 0.8);
  ctx.fill();
  ctx.strokeStyle = rgba(shade(lips, -0.45), 0.8);
  ctx.lineWidth = 0.022;
  ctx.lineCap = 'round';
  ctx.beginPath();
  ctx.moveTo(-0.31, 0.79);
  ctx.quadraticCurveTo(0, 0.845, 0.31, 0.79);
  ctx.stroke();
  ctx.fillStyle = 'rgba(255,255,255,0.28)';
  ctx.beginPath();
  ctx.ellipse(0.02, 0.89, 0.09, 0.025, 0, 0, Math.PI * 2);
  ctx.fill();
};

const ear = (ctx: Ctx, side: number, skin: Rgb) => {
  ctx.fillStyle = rgba(shade(skin, -0.05));
  ctx.beginPath();
  ctx.ellipse(side * 0.97, 0.12, 0.15, 0.27, side * 0.15, 0, Math.PI * 2);
  ctx.fill();
  ctx.strokeStyle = rgba(shade(skin, -0.3), 0.5);
  ctx.lineWidth = 0.025;
  ctx.beginPath();
  ctx.ellipse(side * 0.99, 0.12, 0.07, 0.16, side * 0.15, -1.2, 1.6);
  ctx.stroke();
};

const torsoPath = (ctx: Ctx, lift: number) => {
  ctx.beginPath();
  ctx.moveTo(-0.5, 1.55);
  ctx.bezierCurveTo(-0.6, 2.0 - lift, -1.6, 2.05 - lift, -2.25, 2.45 - lift);
  ctx.bezierCurveTo(-2.75, 2.75, -2.95, 3.6, -3.1, 6);
  ctx.lineTo(3.1, 6);
  ctx.bezierCurveTo(2.95, 3.6, 2.75, 2.75, 2.25, 2.45 - lift);
  ctx.bezierCurveTo(1.6, 2.05 - lift, 0.6, 2.0 - lift, 0.5, 1.55);
  ctx.closePath();
};

const tankPath = (ctx: Ctx, lift: number) => {
  ctx.beginPath();
  ctx.moveTo(-1.45, 6);
  ctx.lineTo(-1.45, 2.9 - lift);
  ctx.quadraticCurveTo(-1.1, 2.45 - lift, -1.0, 2.05 - lift);
  ctx.lineTo(-0.75, 2.02 - lift);
  ctx.quadraticCurveTo(-0.55, 2.75, 0, 2.8);
  ctx.quadraticCurveTo(0.55, 2.75, 0.75, 2.02 - lift);
  ctx.lineTo(1.0, 2.05 - lift);
  ctx.quadraticCurveTo(1.1, 2.45 - lift, 1.45, 2.9 - lift);
  ctx.lineTo(1.45, 6);
  ctx.closePath();
};

/** A bib apron over the clothes: neck strap, bib, a pocket. */
const apron = (ctx: Ctx, colour: Rgb, lift: number) => {
  ctx.strokeStyle = rgba(shade(colour, -0.15));
  ctx.lineWidth = 0.09;
  ctx.beginPath();
  ctx.moveTo(-0.75, 2.65);
  ctx.quadraticCurveTo(-0.6, 1.9 - lift, -0.42, 1.6);
  ctx.moveTo(0.75, 2.65);
  ctx.quadraticCurveTo(0.6, 1.9 - lift, 0.42, 1.6);
  ctx.stroke();
  const g = ctx.createLinearGradient(-1, 2.6, 1, 6);
  g.addColorStop(0, rgba(shade(colour, 0.1)));
  g.addColorStop(1, rgba(shade(colour, -0.2)));
  ctx.fillStyle = g;
  ctx.beginPath();
  ctx.moveTo(-0.8, 2.6 - lift);
  ctx.lineTo(0.8, 2.6 - lift);
  ctx.lineTo(0.92, 3.9);
  ctx.lineTo(1.35, 4.1);
  ctx.lineTo(1.45, 6);
  ctx.lineTo(-1.45, 6);
  ctx.lineTo(-1.35, 4.1);
  ctx.lineTo(-0.92, 3.9);
  ctx.closePath();
  ctx.fill();
  // Stitching along the bib's edge and the chest pocket.
  ctx.setLineDash([0.06, 0.05]);
  ctx.strokeStyle = rgba(shade(colour, 0.4), 0.8);
  ctx.lineWidth = 0.02;
  ctx.strokeRect(-0.7, 2.7 - lift, 1.4, 1.1);
  ctx.strokeRect(-0.35, 3.05, 0.7, 0.5);
  ctx.setLineDash([]);
};

/** Lines that age brings: forehead, under the eyes, from the nose to the mouth. */
const ageLines = (ctx: Ctx, look: CharacterLook, skin: Rgb) => {
  const band = look.age ?? 'adult';
  if (band === 'young' || band === 'adult') return;
  const strong = band === 'senior' ? 1 : 0.6;
  ctx.strokeStyle = rgba(shade(skin, -0.32), 0.45 * strong);
  ctx.lineCap = 'round';
  ctx.lineWidth = 0.022;
  ctx.beginPath();
  for (const y of band === 'senior' ? [-0.62, -0.52, -0.42] : [-0.55, -0.45]) {
    ctx.moveTo(-0.42, y);
    ctx.quadraticCurveTo(0, y - 0.05, 0.42, y);
  }
  for (const side of [-1, 1]) {
    ctx.moveTo(side * 0.22, 0.52);
    ctx.quadraticCurveTo(side * 0.36, 0.68, side * 0.34, 0.86);
    ctx.moveTo(side * 0.58, 0.14);
    ctx.quadraticCurveTo(side * 0.42, 0.2, side * 0.27, 0.15);
    if (band === 'senior') {
      // Crow's feet.
      ctx.moveTo(side * 0.68, -0.02);
      ctx.lineTo(side * 0.8, -0.06);
      ctx.moveTo(side * 0.68, 0.04);
      ctx.lineTo(side * 0.8, 0.07);
    }
  }
  ctx.stroke();
};

/**
 * The held object beside the face with the hand around it, its forearm coming up from below:
 * how a creator holds the product up to the camera. Drawn in head units right of the chin.
 */
const HELD_AT = { x: 1.55, y: 2.55 };
const heldObject = (ctx: Ctx, look: CharacterLook, skin: Rgb) => {
  const held = look.held;
  if (!held) return;
  const c = hex(held.colour);
  const { x, y } = HELD_AT;
  // Forearm: a sleeve of the top's colour, bare skin for short sleeves.
  const bare = look.topStyle === 'tee' || look.topStyle === 'tank';
  const sleeve = bare ? skin : hex(look.top);
  const arm = ctx.createLinearGradient(x - 0.3, 0, x + 0.5, 0);
  arm.addColorStop(0, rgba(shade(sleeve, 0.08)));
  arm.addColorStop(1, rgba(shade(sleeve, -0.22)));
  ctx.fillStyle = arm;
  ctx.beginPath();
  ctx.moveTo(x - 0.22, y + 0.45);
  ctx.lineTo(x + 0.22, y + 0.45);
  ctx.lineTo(x + 0.75, 6);
  ctx.lineTo(x - 0.1, 6);
  ctx.closePath();
  ctx.fill();
  // The object, its bottom in the hand.
  ctx.save();
  ctx.translate(x, y);
  const dark = rgba(shade(c, -0.35));
  const light = rgba(shade(c, 0.3));
  switch (held.kind) {
    case 'fruit': {
      ctx.fillStyle = radial(ctx, -0.1, -0.45, 0.45, light, rgba(shade(c, -0.2)));
      ctx.beginPath();
      ctx.ellipse(0, -0.32, 0.34, 0.3, -0.2, 0, Math.PI * 2);
      ctx.fill();
      ctx.fillStyle = 'rgba(255,255,255,0.35)';
      ctx.beginPath();
      ctx.ellipse(-0.12, -0.44, 0.08, 0.05, -0.4, 0, Math.PI * 2);
      ctx.fill();
      ctx.fillStyle = '#4f8a3a';
      ctx.beginPath();
      ctx.ellipse(0.1, -0.64, 0.12, 0.05, -0.5, 0, Math.PI * 2);
      ctx.fill();
      break;
    }
    case 'phone': {
      ctx.fillStyle = '#1d1d22';
      ctx.beginPath();
      ctx.roundRect(-0.28, -1.05, 0.56, 1.1, 0.08);
      ctx.fill();
      ctx.fillStyle = rgba(c);
      ctx.beginPath();
      ctx.roundRect(-0.24, -1.0, 0.48, 1.0, 0.06);
      ctx.fill();
      break;
    }
    case 'mug':
    case 'cup': {
      if (held.kind === 'mug') {
        ctx.strokeStyle = rgba(c);
        ctx.lineWidth = 0.08;
        ctx.beginPath();
        ctx.arc(0.32, -0.4, 0.17, -Math.PI / 2, Math.PI / 2);
        ctx.stroke();
        ctx.fillStyle = rgba(c);
        ctx.fillRect(-0.3, -0.75, 0.6, 0.75);
        ctx.fillStyle = dark;
        ctx.beginPath();
        ctx.ellipse(0, -0.75, 0.3, 0.07, 0, 0, Math.PI * 2);
        ctx.fill();
      } else {
        ctx.fillStyle = '#f4f1ea';
        ctx.beginPath();
        ctx.moveTo(-0.3, -0.95);
        ctx.lineTo(0.3, -0.95);
        ctx.lineTo(0.22, 0);
        ctx.lineTo(-0.22, 0);
        ctx.fill();
        ctx.fillStyle = rgba(c);
        ctx.fillRect(-0.28, -0.65, 0.56, 0.32);
        ctx.fillStyle = dark;
        ctx.beginPath();
        ctx.roundRect(-0.34, -1.07, 0.68, 0.13, 0.04);
        ctx.fill();
      }
      break;
    }
    case 'bottle': {
      ctx.fillStyle = radial(ctx, -0.08, -0.8, 0.9, light, rgba(c));
      ctx.beginPath();
      ctx.roundRect(-0.19, -1.2, 0.38, 1.2, 0.09);
      ctx.fill();
      ctx.fillStyle = dark;
      ctx.fillRect(-0.1, -1.42, 0.2, 0.24);
      ctx.fillStyle = 'rgba(255,255,255,0.85)';
      ctx.fillRect(-0.19, -0.8, 0.38, 0.3);
      break;
    }
    case 'jar': {
      ctx.fillStyle = radial(ctx, -0.1, -0.4, 0.7, light, rgba(c));
      ctx.beginPath();
      ctx.roundRect(-0.36, -0.55, 0.72, 0.55, 0.08);
      ctx.fill();
      ctx.fillStyle = '#e9e4da';
      ctx.beginPath();
      ctx.roundRect(-0.38, -0.72, 0.76, 0.2, 0.05);
      ctx.fill();
      ctx.fillStyle = 'rgba(255,255,255,0.8)';
      ctx.fillRect(-0.25, -0.42, 0.5, 0.18);
      break;
    }
    case 'box': {
      ctx.fillStyle = rgba(c);
      ctx.fillRect(-0.42, -0.85, 0.84, 0.85);
      ctx.fillStyle = light;
      ctx.beginPath();
      ctx.moveTo(-0.42, -0.85);
      ctx.lineTo(-0.3, -0.97);
      ctx.lineTo(0.54, -0.97);
      ctx.lineTo(0.42, -0.85);
      ctx.fill();
      ctx.fillStyle = dark;
      ctx.beginPath();
      ctx.moveTo(0.42, -0.85);
      ctx.lineTo(0.54, -0.97);
      ctx.lineTo(0.54, -0.12);
      ctx.lineTo(0.42, 0);
      ctx.fill();
      ctx.fillStyle = 'rgba(255,255,255,0.85)';
      ctx.fillRect(-0.32, -0.6, 0.64, 0.2);
      break;
    }
    case 'dumbbell': {
      ctx.fillStyle = '#b9bcc2';
      ctx.fillRect(-0.6, -0.2, 1.2, 0.1);
      for (const px of [-0.62, 0.48]) {
        ctx.fillStyle = rgba(c);
        ctx.beginPath();
        ctx.roundRect(px, -0.45, 0.16, 0.6, 0.05);
        ctx.fill();
      }
      break;
    }
    case 'book': {
      ctx.fillStyle = rgba(c);
      ctx.fillRect(-0.35, -1.0, 0.7, 1.0);
      ctx.fillStyle = dark;
      ctx.fillRect(-0.35, -1.0, 0.09, 1.0);
      ctx.fillStyle = 'rgba(255,255,255,0.8)';
      ctx.fillRect(-0.18, -0.8, 0.42, 0.1);
      break;
    }
  }
  // The hand: fingers closed around the object's lower part.
  ctx.fillStyle = radial(ctx, -0.08, 0, 0.4, rgba(shade(skin, 0.12)), rgba(shade(skin, -0.12)));
  ctx.beginPath();
  ctx.roundRect(-0.27, -0.18, 0.54, 0.5, 0.18);
  ctx.fill();
  ctx.strokeStyle = rgba(shade(skin, -0.35), 0.55);
  ctx.lineWidth = 0.02;
  ctx.beginPath();
  for (const fy of [-0.05, 0.07, 0.19]) {
    ctx.moveTo(-0.22, fy);
    ctx.lineTo(0.05, fy);
  }
  ctx.stroke();
  ctx.restore();
};

const clothing = (ctx: Ctx, look: CharacterLook, skin: Rgb, lift: number) => {
  const top = hex(look.top);
  if (look.topStyle === 'tank') {
    // Bare shoulders and arms; the top starts below the collarbones.
    ctx.fillStyle = rgba(shade(skin, -0.04));
    torsoPath(ctx, lift);
    ctx.fill();
  }
  const g = ctx.createLinearGradient(-2.6, 2, 2.6, 4);
  g.addColorStop(0, rgba(shade(top, 0.14)));
  g.addColorStop(0.55, rgba(top));
  g.addColorStop(1, rgba(shade(top, -0.3)));
  ctx.fillStyle = g;
  if (look.topStyle === 'tank') tankPath(ctx, lift);
  else torsoPath(ctx, lift);
  ctx.fill();
  ctx.save();
  torsoPath(ctx, lift);
  ctx.clip();
  const dark = rgba(shade(top, -0.35), 0.7);
  switch (look.topStyle) {
    case 'tank': {
      // Collarbones and the shoulders' light.
      ctx.strokeStyle = rgba(shade(skin, -0.22), 0.5);
      ctx.lineWidth = 0.03;
      for (const side of [-1, 1]) {
        ctx.beginPath();
        ctx.moveTo(side * 0.2, 2.15 - lift);
        ctx.quadraticCurveTo(side * 0.6, 2.05 - lift, side * 1.0, 2.2 - lift);
        ctx.stroke();
      }
      break;
    }
    case 'shirt': {
      // An open collar, the placket and its buttons.
      ctx.fillStyle = rgba(skin);
      ctx.beginPath();
      ctx.moveTo(-0.5, 1.5);
      ctx.lineTo(0, 2.45);
      ctx.lineTo(0.5, 1.5);
      ctx.fill();
      ctx.fillStyle = rgba(shade(top, 0.1));
      for (const side of [-1, 1]) {
        ctx.beginPath();
        ctx.moveTo(side * 0.5, 1.55);
        ctx.lineTo(side * 0.95, 2.25);
        ctx.lineTo(side * 0.1, 2.55);
        ctx.lineTo(side * 0.0, 2.45);
        ctx.fill();
      }
      ctx.strokeStyle = dark;
      ctx.lineWidth = 0.025;
      ctx.beginPath();
      ctx.moveTo(0.05, 2.5);
      ctx.lineTo(0.05, 6);
      ctx.stroke();
      ctx.fillStyle = rgba(shade(top, 0.3));
      for (let y = 2.9; y < 6; y += 0.55) {
        ctx.beginPath();
        ctx.arc(0.12, y, 0.04, 0, Math.PI * 2);
        ctx.fill();
      }
      break;
    }
    case 'tee': {
      ctx.fillStyle = rgba(skin);
      ctx.beginPath();
      ctx.moveTo(-0.62, 1.9);
      ctx.quadraticCurveTo(0, 2.55, 0.62, 1.9);
      ctx.lineTo(0.5, 1.5);
      ctx.lineTo(-0.5, 1.5);
      ctx.fill();
      ctx.strokeStyle = rgba(shade(top, -0.2));
      ctx.lineWidth = 0.09;
      ctx.beginPath();
      ctx.moveTo(-0.66, 1.9);
      ctx.quadraticCurveTo(0, 2.6, 0.66, 1.9);
      ctx.stroke();
      break;
    }
    case 'sweater': {
      ctx.fillStyle = rgba(skin);
      ctx.beginPath();
      ctx.moveTo(-0.58, 1.85);
      ctx.quadraticCurveTo(0, 2.35, 0.58, 1.85);
      ctx.lineTo(0.5, 1.5);
      ctx.lineTo(-0.5, 1.5);
      ctx.fill();
      ctx.strokeStyle = rgba(shade(top, -0.12));
      ctx.lineWidth = 0.16;
      ctx.beginPath();
      ctx.moveTo(-0.66, 1.86);
      ctx.quadraticCurveTo(0, 2.45, 0.66, 1.86);
      ctx.stroke();
      // Knit: faint vertical ribs.
      ctx.strokeStyle = rgba(shade(top, -0.12), 0.35);
      ctx.lineWidth = 0.02;
      for (let x = -3; x <= 3; x += 0.18) {
        ctx.beginPath();
        ctx.moveTo(x, 2.2);
        ctx.lineTo(x * 1.06, 6);
        ctx.stroke();
      }
      break;
    }
    case 'turtleneck': {
      ctx.fillStyle = rgba(shade(top, -0.06));
      ctx.beginPath();
      ctx.moveTo(-0.55, 1.0);
      ctx.lineTo(0.55, 1.0);
      ctx.quadraticCurveTo(0.68, 1.6, 0.72, 2.05);
      ctx.quadraticCurveTo(0, 2.25, -0.72, 2.05);
      ctx.quadraticCurveTo(-0.68, 1.6, -0.55, 1.0);
      ctx.fill();
      ctx.strokeStyle = dark;
      ctx.lineWidth = 0.025;
      for (const y of [1.3, 1.55, 1.8]) {
        ctx.beginPath();
        ctx.moveTo(-0.6, y);
        ctx.quadraticCurveTo(0, y + 0.1, 0.6, y);
        ctx.stroke();
      }
      break;
    }
    case 'hoodie': {
      ctx.fillStyle = rgba(shade(top, -0.18));
      ctx.beginPath();
      ctx.moveTo(-1.25, 2.1);
      ctx.quadraticCurveTo(-1.0, 1.55, -0.5, 1.6);
      ctx.quadraticCurveTo(0, 2.5, 0.5, 1.6);
      ctx.quadraticCurveTo(1.0, 1.55, 1.25, 2.1);
      ctx.quadraticCurveTo(0, 3.0, -1.25, 2.1);
      ctx.fill();
      ctx.fillStyle = rgba(skin);
      ctx.beginPath();
      ctx.moveTo(-0.5, 1.55);
      ctx.quadraticCurveTo(0, 2.35, 0.5, 1.55);
      ctx.fill();
      ctx.strokeStyle = '#f2f2f2';
      ctx.lineWidth = 0.045;
      ctx.lineCap = 'round';
      for (const x of [-0.28, 0.28]) {
        ctx.beginPath();
        ctx.moveTo(x, 2.3);
        ctx.quadraticCurveTo(x * 1.1, 2.8, x * 0.9, 3.3);
        ctx.stroke();
      }
      break;
    }
    case 'blazer': {
      // Shirt in the V, then the lapels.
      ctx.fillStyle = '#f5f3ef';
      ctx.beginPath();
      ctx.moveTo(-0.62, 1.8);
      ctx.lineTo(0, 3.4);
      ctx.lineTo(0.62, 1.8);
      ctx.lineTo(0.5, 1.5);
      ctx.lineTo(-0.5, 1.5);
      ctx.fill();
      ctx.fillStyle = rgba(skin);
      ctx.beginPath();
      ctx.moveTo(-0.42, 1.6);
      ctx.lineTo(0, 2.5);
      ctx.lineTo(0.42, 1.6);
      ctx.fill();
      ctx.fillStyle = rgba(shade(top, -0.12));
      for (const side of [-1, 1]) {
        ctx.beginPath();
        ctx.moveTo(side * 0.66, 1.85);
        ctx.lineTo(side * 1.05, 2.35);
        ctx.lineTo(side * 0.8, 2.6);
        ctx.lineTo(side * 1.0, 2.8);
        ctx.lineTo(side * 0.05, 3.55);
        ctx.lineTo(side * 0.62, 1.95);
        ctx.fill();
      }
      ctx.strokeStyle = dark;
      ctx.lineWidth = 0.03;
      ctx.beginPath();
      ctx.moveTo(0, 3.5);
      ctx.lineTo(0, 6);
      ctx.stroke();
      break;
    }
  }
  if (look.apron) apron(ctx, hex(look.apron), lift);
  // Fold shadow under the arms and light on the shoulders.
  ctx.fillStyle = radial(ctx, -1.6, 2.3, 1.2, 'rgba(255,255,255,0.12)', 'rgba(255,255,255,0)');
  ctx.fillRect(-3, 1.5, 3, 3);
  ctx.restore();
};

const neck = (ctx: Ctx, skin: Rgb) => {
  ctx.save();
  ctx.fillStyle = rgba(shade(skin, -0.06));
  ctx.beginPath();
  ctx.moveTo(-0.45, 0.9);
  ctx.quadraticCurveTo(-0.42, 1.5, -0.58, 2.1);
  ctx.lineTo(0.58, 2.1);
  ctx.quadraticCurveTo(0.42, 1.5, 0.45, 0.9);
  ctx.fill();
  ctx.clip();
  // The chin's shadow on the neck.
  const g = ctx.createLinearGradient(0, 1.05, 0, 1.6);
  g.addColorStop(0, rgba(shade(skin, -0.35), 0.55));
  g.addColorStop(1, rgba(skin, 0));
  ctx.fillStyle = g;
  ctx.fillRect(-0.6, 1.0, 1.2, 0.7);
  ctx.restore();
};

const beard = (ctx: Ctx, hair: Rgb) => {
  ctx.fillStyle = rgba(hair, 0.82);
  ctx.beginPath();
  ctx.moveTo(-0.96, 0.15);
  ctx.bezierCurveTo(-0.92, 0.8, -0.6, 1.35, 0, 1.45);
  ctx.bezierCurveTo(0.6, 1.35, 0.92, 0.8, 0.96, 0.15);
  ctx.quadraticCurveTo(0.8, 0.55, 0.45, 0.66);
  ctx.quadraticCurveTo(0.3, 1.08, 0, 1.08);
  ctx.quadraticCurveTo(-0.3, 1.08, -0.45, 0.66);
  ctx.quadraticCurveTo(-0.8, 0.55, -0.96, 0.15);
  ctx.fill();
  // Moustache.
  ctx.beginPath();
  ctx.moveTo(-0.36, 0.78);
  ctx.quadraticCurveTo(-0.2, 0.6, 0, 0.66);
  ctx.quadraticCurveTo(0.2, 0.6, 0.36, 0.78);
  ctx.quadraticCurveTo(0, 0.7, -0.36, 0.78);
  ctx.fill();
};

const glasses = (ctx: Ctx) => {
  ctx.strokeStyle = 'rgba(25,20,18,0.95)';
  ctx.lineWidth = 0.05;
  ctx.fillStyle = 'rgba(200,225,255,0.1)';
  for (const x of [-0.42, 0.42]) {
    ctx.beginPath();
    ctx.roundRect(x - 0.3, -0.2, 0.6, 0.4, 0.14);
    ctx.fill();
    ctx.stroke();
  }
  ctx.beginPath();
  ctx.moveTo(-0.12, -0.04);
  ctx.quadraticCurveTo(0, -0.1, 0.12, -0.04);
  ctx.moveTo(-0.72, -0.06);
  ctx.lineTo(-0.97, -0.02);
  ctx.moveTo(0.72, -0.06);
  ctx.lineTo(0.97, -0.02);
  ctx.stroke();
};

const cap = (ctx: Ctx, look: CharacterLook) => {
  const c = mix(hex(look.top), [30, 30, 36], 0.35);
  ctx.fillStyle = rgba(c);
  ctx.beginPath();
  ctx.moveTo(-1.08, -0.6);
  ctx.bezierCurveTo(-1.1, -1.85, 1.1, -1.85, 1.08, -0.6);
  ctx.quadraticCurveTo(0, -0.8, -1.08, -0.6);
  ctx.fill();
  ctx.fillStyle = rgba(shade(c, -0.25));
  ctx.beginPath();
  ctx.moveTo(-1.05, -0.62);
  ctx.quadraticCurveTo(0, -0.9, 1.05, -0.62);
  ctx.quadraticCurveTo(0.3, -0.2, -0.95, -0.5);
  ctx.fill();
  ctx.fillStyle = 'rgba(255,255,255,0.15)';
  ctx.beginPath();
  ctx.ellipse(-0.3, -1.25, 0.35, 0.15, -0.3, 0, Math.PI * 2);
  ctx.fill();
};

const freckles = (ctx: Ctx, skin: Rgb) => {
  ctx.fillStyle = rgba(shade(skin, -0.35), 0.4);
  const dots: [number, number][] = [
    [-0.55, 0.32],
    [-0.45, 0.4],
    [-0.62, 0.42],
    [-0.35, 0.33],
    [-0.5, 0.5],
    [0.55, 0.32],
    [0.45, 0.4],
    [0.62, 0.42],
    [0.35, 0.33],
    [0.5, 0.5],
    [-0.15, 0.28],
    [0.15, 0.28],
  ];
  for (const [x, y] of dots) {
    ctx.beginPath();
    ctx.arc(x, y, 0.018, 0, Math.PI * 2);
    ctx.fill();
  }
};

/** Draws the person (hair, body, face) over whatever backdrop is already on the canvas. */
/** The layers of a figure, back to front: a clip moves each as a whole instead of repainting. */
export type FigurePart = 'behind' | 'body' | 'head';
const ALL_PARTS: readonly FigurePart[] = ['behind', 'body', 'head'];

/** Where the head pivots as it sways (the base of the neck), in canvas pixels. */
export const swayPivot = (at: Placement) => ({ x: at.cx, y: at.cy + 1.6 * at.unit });

export const paintFigure = (
  ctx: Ctx,
  at: Placement,
  look: CharacterLook,
  pose: Pose = STILL,
  parts: readonly FigurePart[] = ALL_PARTS,
) => {
  const skin = hex(look.skin);
  const hair = hex(look.hair);
  const lift = pose.breathe * 0.05;
  ctx.save();
  ctx.translate(at.cx, at.cy);
  ctx.scale(at.unit, at.unit);

  // Head and neck sway together around the base of the neck.
  const sway = () => {
    ctx.translate(0, 1.6);
    ctx.rotate(pose.tilt);
    ctx.translate(0, -1.6 - lift * 0.5);
  };
  if (parts.includes('behind')) {
    ctx.save();
    sway();
    if (look.hairStyle === 'long') hairBack(ctx, look, hair);
    if (look.topStyle !== 'turtleneck') neck(ctx, skin);
    ctx.restore();
  }

  if (parts.includes('body')) {
    // Soft shadow of the figure on the backdrop, then the clothes.
    ctx.fillStyle = radial(ctx, 0.25, 2.6, 2.6, 'rgba(0,0,0,0.2)', 'rgba(0,0,0,0)');
    ctx.fillRect(-2.6, 0, 5.2, 5.2);
    clothing(ctx, look, skin, lift);
    heldObject(ctx, look, skin);
  }

  if (!parts.includes('head')) {
    ctx.restore();
    return;
  }
  ctx.save();
  sway();
  if (look.hairStyle !== 'long') hairBack(ctx, look, hair);
  if (look.topStyle === 'turtleneck') {
    ctx.fillStyle = rgba(shade(skin, -0.06));
    ctx.fillRect(-0.45, 0.9, 0.9, 0.2);
  }
  ear(ctx, -1, skin);
  ear(ctx, 1, skin);

  facePath(ctx);
  ctx.fillStyle = rgba(skin);
  ctx.fill();
  ctx.save();
  facePath(ctx);
  ctx.clip();
  // Key light from the upper left, falling off to the right and under the cheekbones.
  ctx.fillStyle = radial(
    ctx,
    -0.35,
    -0.45,
    1.6,
    rgba(shade(skin, 0.18), 0.9),
    rgba(shade(skin, -0.12), 0.9),
  );
  ctx.fillRect(-1.2, -1.5, 2.4, 3);
  const side = ctx.createLinearGradient(0.3, 0, 1.05, 0);
  side.addColorStop(0, rgba(shade(skin, -0.2), 0));
  side.addColorStop(1, rgba(shade(skin, -0.2), 0.55));
  ctx.fillStyle = side;
  ctx.fillRect(-1.2, -1.5, 2.4, 3);
  // Cheeks.
  const blush = mix(skin, [230, 110, 110], 0.45);
  for (const x of [-0.55, 0.55]) {
    ctx.fillStyle = radial(ctx, x, 0.48, 0.3, rgba(blush, 0.35), rgba(blush, 0));
    ctx.fillRect(x - 0.35, 0.1, 0.7, 0.8);
  }
  ctx.restore();

  // Features turn with the head a little.
  ctx.save();
  ctx.translate(look.turn * 0.12, 0);
  eye(ctx, -0.42, look, skin, pose.blink);
  eye(ctx, 0.42, look, skin, pose.blink);
  brow(ctx, -0.42, -1, hair);
  brow(ctx, 0.42, 1, hair);
  nose(ctx, skin);
  ageLines(ctx, look, skin);
  if (look.accessories.includes('freckles')) freckles(ctx, skin);
  if (look.accessories.includes('beard')) beard(ctx, hair);
  mouth(ctx, look);
  if (look.accessories.includes('glasses')) glasses(ctx);
  ctx.restore();

  hairFront(ctx, look, hair);
  if (look.accessories.includes('cap')) cap(ctx, look);
  if (look.accessories.includes('earrings')) {
    for (const x of [-1.0, 1.0]) {
      ctx.fillStyle = radial(ctx, x - 0.02, 0.4, 0.08, '#fff3c4', '#c9962e');
      ctx.beginPath();
      ctx.arc(x, 0.43, 0.065, 0, Math.PI * 2);
      ctx.fill();
    }
  }
  ctx.restore();
  ctx.restore();
};
