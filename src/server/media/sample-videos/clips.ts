// The five landing examples: their hooks, characters, and the colours and silhouettes of the
// product card that follows the hook.

export type Rgb = readonly [number, number, number];

/** Product silhouettes in card coordinates (the card is CARD_W x CARD_H). */
export type ShapePart =
  | { kind: 'rect'; x: number; y: number; w: number; h: number; r: number; shade?: number }
  | { kind: 'circle'; cx: number; cy: number; r: number; shade?: number }
  | { kind: 'ring'; cx: number; cy: number; r: number; width: number; side: 'top' | 'right' };

export type SampleClip = {
  /** File name inside the output folder. */
  file: string;
  hook: string;
  /** The pre-made character who says the hook (an id of modules/characters' catalogue). */
  character: string;
  product: string;
  handle: string;
  /** Length of the product part (the character part is the Hook + Demo default, 5 s). */
  durationSec: number;
  /** Background gradient from top to bottom. */
  gradient: readonly [Rgb, Rgb, Rgb];
  /** Soft light that drifts across the background. */
  glow: Rgb;
  /** Product disc and "Shop now" pill. */
  accent: Rgb;
  /** Gradient direction in radians (0 = left to right, PI/2 = top to bottom). */
  angle: number;
  /** How far the product card bobs, in pixels, and how many times per clip. */
  bob: { amplitude: number; cycles: number };
  shape: readonly ShapePart[];
};

export const SAMPLE_CLIPS: readonly SampleClip[] = [
  {
    file: 'ugc-example-1.mp4',
    hook: 'POV: you found the bag that fits everything',
    character: 'maya',
    product: 'The Everyday Tote',
    handle: '@carryall.studio',
    durationSec: 6,
    gradient: [
      [255, 183, 148],
      [244, 98, 146],
      [108, 52, 168],
    ],
    glow: [255, 236, 200],
    accent: [236, 72, 153],
    angle: 1.2,
    bob: { amplitude: 14, cycles: 2 },
    shape: [
      { kind: 'ring', cx: 200, cy: 140, r: 70, width: 16, side: 'top' },
      { kind: 'rect', x: 95, y: 130, w: 210, h: 175, r: 26 },
      { kind: 'rect', x: 140, y: 195, w: 120, h: 62, r: 14, shade: 0.45 },
    ],
  },
  {
    file: 'ugc-example-2.mp4',
    hook: '3 reasons my skin glows now',
    character: 'priya',
    product: 'Dew Drop Serum',
    handle: '@glowlab.skin',
    durationSec: 6,
    gradient: [
      [168, 240, 214],
      [38, 166, 180],
      [16, 42, 96],
    ],
    glow: [220, 255, 246],
    accent: [20, 184, 166],
    angle: 1.45,
    bob: { amplitude: 18, cycles: 3 },
    shape: [
      { kind: 'rect', x: 178, y: 40, w: 44, h: 58, r: 20, shade: 0.8 },
      { kind: 'rect', x: 172, y: 92, w: 56, h: 46, r: 8, shade: 0.55 },
      { kind: 'rect', x: 140, y: 130, w: 120, h: 180, r: 34 },
      { kind: 'rect', x: 158, y: 192, w: 84, h: 64, r: 10, shade: 0.35 },
    ],
  },
  {
    file: 'ugc-example-3.mp4',
    hook: 'Stop scrolling if your desk is a mess',
    character: 'jordan',
    product: 'Stack Desk Organizer',
    handle: '@tidy.workspace',
    durationSec: 7,
    gradient: [
      [255, 226, 110],
      [255, 140, 50],
      [200, 40, 60],
    ],
    glow: [255, 250, 220],
    accent: [234, 88, 12],
    angle: 0.9,
    bob: { amplitude: 10, cycles: 2 },
    shape: [
      { kind: 'rect', x: 180, y: 62, w: 16, h: 70, r: 6, shade: 0.6 },
      { kind: 'rect', x: 206, y: 80, w: 16, h: 52, r: 6, shade: 0.75 },
      { kind: 'rect', x: 95, y: 170, w: 66, h: 140, r: 14 },
      { kind: 'rect', x: 167, y: 120, w: 66, h: 190, r: 14, shade: 0.25 },
      { kind: 'rect', x: 239, y: 150, w: 66, h: 160, r: 14 },
    ],
  },
  {
    file: 'ugc-example-4.mp4',
    hook: 'I tried the viral blender so you do not have to',
    character: 'leo',
    product: 'Blendy Go Mini',
    handle: '@morning.fuel',
    durationSec: 7,
    gradient: [
      [214, 250, 140],
      [74, 190, 100],
      [14, 70, 60],
    ],
    glow: [240, 255, 210],
    accent: [22, 163, 74],
    angle: 1.7,
    bob: { amplitude: 16, cycles: 3 },
    shape: [
      { kind: 'rect', x: 150, y: 52, w: 100, h: 30, r: 10, shade: 0.6 },
      { kind: 'rect', x: 140, y: 78, w: 120, h: 172, r: 24 },
      { kind: 'rect', x: 122, y: 246, w: 156, h: 64, r: 18, shade: 0.65 },
    ],
  },
  {
    file: 'ugc-example-5.mp4',
    hook: 'The $12 gadget that fixed my mornings',
    character: 'sofia',
    product: 'Auto-Stir Mug',
    handle: '@smart.kitchen',
    durationSec: 6,
    gradient: [
      [150, 170, 255],
      [124, 58, 237],
      [40, 16, 90],
    ],
    glow: [225, 215, 255],
    accent: [139, 92, 246],
    angle: 1.35,
    bob: { amplitude: 12, cycles: 2 },
    shape: [
      { kind: 'ring', cx: 262, cy: 205, r: 54, width: 18, side: 'right' },
      { kind: 'rect', x: 115, y: 115, w: 150, h: 190, r: 30 },
      { kind: 'rect', x: 115, y: 115, w: 150, h: 26, r: 12, shade: 0.4 },
    ],
  },
];
