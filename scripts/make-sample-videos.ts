/**
 * Generates the five sample ads the landing page plays in its #examples section
 * (src/web/public/videos/ugc-example-{1..5}.mp4) from ffmpeg's own lavfi sources, so the
 * repository ships no binary media and no licences are involved.
 *
 * Usage: npx tsx scripts/make-sample-videos.ts [--force] [--out <dir>]
 *
 * The filter graph sticks to filters present in both Debian's ffmpeg 5.1 and the 2018 build
 * bundled with @ffmpeg-installer/ffmpeg (no xfade, no gradients source, no per-frame drawbox).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadFfmpegSettings } from '../src/server/config';
import { resolveFfmpeg } from '../src/server/media/ffmpeg-path';

type Rgb = readonly [number, number, number];

/** Product silhouettes in card coordinates (the card is CARD_W x CARD_H). */
export type ShapePart =
  | { kind: 'rect'; x: number; y: number; w: number; h: number; r: number; shade?: number }
  | { kind: 'circle'; cx: number; cy: number; r: number; shade?: number }
  | { kind: 'ring'; cx: number; cy: number; r: number; width: number; side: 'top' | 'right' };

export type SampleClip = {
  /** File name inside the output folder. */
  file: string;
  hook: string;
  product: string;
  handle: string;
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
  /** light: black on white boxes; dark: white on dark boxes; outline: white with a black edge. */
  caption: 'light' | 'dark' | 'outline';
  shape: readonly ShapePart[];
};

export const SAMPLE_CLIPS: readonly SampleClip[] = [
  {
    file: 'ugc-example-1.mp4',
    hook: 'POV: you found the bag that fits everything',
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
    caption: 'light',
    shape: [
      { kind: 'ring', cx: 200, cy: 140, r: 70, width: 16, side: 'top' },
      { kind: 'rect', x: 95, y: 130, w: 210, h: 175, r: 26 },
      { kind: 'rect', x: 140, y: 195, w: 120, h: 62, r: 14, shade: 0.45 },
    ],
  },
  {
    file: 'ugc-example-2.mp4',
    hook: '3 reasons my skin glows now',
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
    caption: 'dark',
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
    caption: 'outline',
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
    caption: 'light',
    shape: [
      { kind: 'rect', x: 150, y: 52, w: 100, h: 30, r: 10, shade: 0.6 },
      { kind: 'rect', x: 140, y: 78, w: 120, h: 172, r: 24 },
      { kind: 'rect', x: 122, y: 246, w: 156, h: 64, r: 18, shade: 0.65 },
    ],
  },
  {
    file: 'ugc-example-5.mp4',
    hook: 'The $12 gadget that fixed my mornings',
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
    caption: 'dark',
    shape: [
      { kind: 'ring', cx: 262, cy: 205, r: 54, width: 18, side: 'right' },
      { kind: 'rect', x: 115, y: 115, w: 150, h: 190, r: 30 },
      { kind: 'rect', x: 115, y: 115, w: 150, h: 26, r: 12, shade: 0.4 },
    ],
  },
];

const WIDTH = 720;
const HEIGHT = 1280;
const FPS = 30;
// geq evaluates an expression per pixel, which is slow; the gradient is computed once at a tenth
// of the size and scaled up (a smooth gradient loses nothing), then reused for every frame.
const BG_W = 72;
const BG_H = 180;
const BG_TALL = (WIDTH / BG_W) * BG_H;
const GLOW = 520;
const CARD_W = 400;
const CARD_H = 440;
const CARD_Y = 470;
const HOOK_FONT = 54;
const HOOK_LINE_STEP = 84;
const HOOK_TOP = 170;
const HOOK_MAX_CHARS = 17;
const SHOP_AT = 3.4;

export const DEJAVU_BOLD = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';

/**
 * A bold sans font file for drawtext: DejaVu Sans Bold, else whatever fontconfig picks for
 * "sans:bold", else null (drawtext then asks fontconfig for plain "Sans"). The file is looked up
 * here rather than passed as font='Sans:bold' because the two ffmpeg builds unescape that colon
 * differently.
 */
export const findBoldFont = (): string | null => {
  if (existsSync(DEJAVU_BOLD)) return DEJAVU_BOLD;
  const match = spawnSync('fc-match', ['-f', '%{file}', 'sans:bold'], { encoding: 'utf8' });
  const file = match.status === 0 ? match.stdout.trim() : '';
  return file && existsSync(file) ? file : null;
};

/** Greedy word wrap; TikTok captions read best as short centred lines. */
export const wrapHook = (text: string, maxChars = HOOK_MAX_CHARS): string[] => {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > maxChars) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
};

const num = (n: number): string => String(Math.round(n * 1000) / 1000);

// Three-stop gradient along the clip's angle for one colour channel, as a geq expression. It is
// computed for one frame only, on a canvas taller than the video, and then panned with crop.
// geq's st()/ld() variables are shared between slice threads in the 2018 build and garble the
// image, so every sub-expression is written out in full instead.
const gradientExpr = (clip: SampleClip, channel: 0 | 1 | 2): string => {
  const [a, b, c] = clip.gradient.map((stop) => stop[channel]) as [number, number, number];
  const cos = num(Math.cos(clip.angle));
  const sin = num(Math.sin(clip.angle));
  const p = `clip(0.5+(X/W-0.5)*${cos}*0.7+(Y/H-0.5)*${sin},0,1)`;
  // A darker rim keeps the white captions and the rail readable on the brightest stops.
  const vignette = `(1-0.5*pow(abs(X/W-0.5),2)-0.2*pow(Y/H-0.5,2))`;
  return `clip((if(lt(${p},0.5),${a}+${b - a}*${p}*2,${b}+${c - b}*(${p}*2-1)))*${vignette},0,255)`;
};

// Soft round light, transparent at the edge; two of them drift over the gradient.
const glowAlpha = (size: number, strength: number): string => {
  const c = size / 2;
  return `${Math.round(255 * strength)}*pow(max(0,1-hypot(X-${c},Y-${c})/${c}),2)`;
};

// Anti-aliased coverage (0..1) of one part: one pixel of soft edge, from a signed distance.
const coverage = (part: ShapePart): string => {
  if (part.kind === 'circle') return `clip(${part.r}-hypot(X-${part.cx},Y-${part.cy}),0,1)`;
  if (part.kind === 'ring') {
    const d = `hypot(X-${part.cx},Y-${part.cy})`;
    const half = part.side === 'top' ? `lt(Y,${part.cy})` : `gt(X,${part.cx})`;
    return `clip(${part.r}-${d},0,1)*clip(${d}-${part.r - part.width},0,1)*${half}`;
  }
  const hw = part.w / 2;
  const hh = part.h / 2;
  const cx = part.x + hw;
  const cy = part.y + hh;
  const dist =
    `hypot(max(abs(X-${cx})-${hw - part.r},0),max(abs(Y-${cy})-${hh - part.r},0))` + `-${part.r}`;
  return `clip(-(${dist}),0,1)`;
};

// Frosted rounded card holding the product silhouette, computed once per clip.
const cardExpr = (clip: SampleClip): { r: string; g: string; b: string; a: string } => {
  const cx = CARD_W / 2;
  const radius = 36;
  const dist =
    `hypot(max(abs(X-${cx})-${cx - radius},0),max(abs(Y-${CARD_H / 2})-${CARD_H / 2 - radius},0))` +
    `-${radius}`;
  const fill = `clip(-(${dist}),0,1)`;
  const border = `clip(-(${dist}),0,1)*clip(3+(${dist}),0,1)`;
  // Nested max() so overlapping parts do not add up to more than full coverage.
  const product = clip.shape
    .map(coverage)
    .reduce((acc, part) => (acc ? `max(${acc},${part})` : part), '');
  // Darker details (a pocket, a cap, a label) sit on top of the body they overlap.
  const shade = clip.shape
    .flatMap((part) =>
      part.kind !== 'ring' && part.shade !== undefined ? [`${coverage(part)}*${part.shade}`] : [],
    )
    .reduce((acc, part) => `max(${acc},${part})`, '0');
  // A studio-light highlight from the upper left, and a darker base, make the flat shape read as 3D.
  const light = `(0.6*exp(-(pow(X-${cx - 60},2)+pow(Y-120,2))/5000)-0.25*clip((Y-180)/200,0,1))`;
  // Blend the lit product colour over white by the product's coverage (see gradientExpr on st/ld).
  const channel = (c: number): string => {
    const lit = `clip(${c}+(if(gt(${light},0),255-${c},${c}))*${light}-${c}*0.45*(${shade}),0,255)`;
    return `(${product})*${lit}+(1-(${product}))*255`;
  };
  return {
    r: channel(clip.accent[0]),
    g: channel(clip.accent[1]),
    b: channel(clip.accent[2]),
    a: `255*((${product})+(1-(${product}))*(0.2*${fill}+0.55*${border}))`,
  };
};

const ringExpr = (size: number): string => {
  const c = size / 2;
  return `255*0.85*clip(${c - 1}-hypot(X-${c},Y-${c}),0,1)`;
};

const CAPTION_STYLES: Record<SampleClip['caption'], string[]> = {
  light: ['fontcolor=0x111111', 'box=1', 'boxcolor=white', 'boxborderw=16'],
  dark: ['fontcolor=white', 'box=1', 'boxcolor=0x111111@0.78', 'boxborderw=16'],
  outline: [
    'fontcolor=white',
    'borderw=5',
    'bordercolor=0x111111',
    'shadowcolor=black@0.35',
    'shadowx=0',
    'shadowy=4',
  ],
};

const hex = ([r, g, b]: Rgb): string =>
  `0x${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;

// File paths end up inside a filtergraph option value; these characters would end it early.
const escapeFilterPath = (p: string): string => p.replace(/[\\:'[\],;]/g, (ch) => `\\${ch}`);

type TextFiles = {
  hookLines: string[];
  product: string;
  handle: string;
  sponsored: string;
  shop: string;
};

/** The ffmpeg command line for one clip. Text comes from files so no caption needs escaping. */
export const buildFfmpegArgs = (
  clip: SampleClip,
  options: { outFile: string; texts: TextFiles; fontFile: string | null },
): string[] => {
  const font = options.fontFile ? `fontfile='${escapeFilterPath(options.fontFile)}'` : 'font=Sans';
  const text = (file: string, rest: string): string =>
    `drawtext=${font}:textfile='${escapeFilterPath(file)}':expansion=none:${rest}`;
  const duration = clip.durationSec;
  // Every movement completes whole cycles within the clip, so the landing page's looping <video>
  // wraps around without a jump; `turn` is the clip's progress as an angle.
  const turn = `(2*PI*t/${duration})`;
  const bobY = `${CARD_Y}+${clip.bob.amplitude}*sin(${clip.bob.cycles}*${turn})`;
  const card = cardExpr(clip);

  const hookDraws = options.texts.hookLines.map((file, i) => {
    const start = 0.25 + i * 0.14;
    const rise = `max(0,1-(t-${start})/0.3)`;
    return text(
      file,
      [
        `fontsize=${HOOK_FONT}`,
        ...CAPTION_STYLES[clip.caption],
        'x=(w-text_w)/2',
        `y='${HOOK_TOP + i * HOOK_LINE_STEP}+28*${rise}'`,
        `alpha='clip((t-${start})/0.3,0,1)'`,
        `enable='gte(t,${start})'`,
      ].join(':'),
    );
  });

  const productY = `${bobY}+${CARD_H - 96}`;
  const shopRise = `max(0,1-(t-${SHOP_AT})/0.35)`;
  const railX = WIDTH - 86;

  const graph = [
    // Gradient panned slowly up and down, with two drifting lights on top.
    `color=c=black:s=${BG_W}x${BG_H}:r=1:d=1,format=gbrp,` +
      `geq=r='${gradientExpr(clip, 0)}':g='${gradientExpr(clip, 1)}':b='${gradientExpr(clip, 2)}',` +
      `scale=${WIDTH}:${BG_TALL}:flags=bicubic,format=yuv420p,loop=loop=-1:size=1,fps=${FPS},` +
      `crop=${WIDTH}:${HEIGHT}:0:'${(BG_TALL - HEIGHT) / 2}*(1-cos(${turn}))'[grad]`,
    `color=c=black@0:s=${GLOW}x${GLOW}:r=1:d=1,format=rgba,` +
      `geq=r=${clip.glow[0]}:g=${clip.glow[1]}:b=${clip.glow[2]}:a='${glowAlpha(GLOW, 0.6)}',` +
      `loop=loop=-1:size=1,split=2[glow1][glow2]`,
    `[grad][glow1]overlay=x='${-GLOW / 2}+${WIDTH * 0.3}+170*sin(${turn})':` +
      `y='${-GLOW / 2}+${HEIGHT * 0.28}+110*sin(2*${turn})'[lit1]`,
    `[lit1][glow2]overlay=x='${-GLOW / 2}+${WIDTH * 0.72}-150*sin(${turn})':` +
      `y='${-GLOW / 2}+${HEIGHT * 0.74}-90*cos(${turn})'[bg]`,
    // Product card, drawn once and repeated.
    `color=c=black@0:s=${CARD_W}x${CARD_H}:r=1:d=1,format=rgba,` +
      `geq=r='${card.r}':g='${card.g}':b='${card.b}':a='${card.a}',loop=loop=-1:size=1[card]`,
    // Right-hand action rail (like, comment, share), as on a TikTok feed.
    `color=c=black@0:s=64x64:r=1:d=1,format=rgba,geq=r=255:g=255:b=255:a='${ringExpr(64)}',` +
      `loop=loop=-1:size=1,split=3[ring1][ring2][ring3]`,
    // Playback progress bar along the top edge.
    `color=c=white:s=${WIDTH}x6:r=${FPS}:d=${duration}[progress]`,
    `[bg][card]overlay=x=${(WIDTH - CARD_W) / 2}:y='${bobY}':shortest=0[s1]`,
    `[s1][ring1]overlay=x=${railX}:y=700[s2]`,
    `[s2][ring2]overlay=x=${railX}:y=800[s3]`,
    `[s3][ring3]overlay=x=${railX}:y=900[s4]`,
    `[s4]drawbox=x=0:y=0:w=${WIDTH}:h=6:color=white@0.3:t=fill[s5]`,
    `[s5][progress]overlay=x='-W+W*t/${duration}':y=0[s6]`,
    `[s6]` +
      [
        ...hookDraws,
        text(
          options.texts.product,
          [
            'fontsize=30',
            'fontcolor=white',
            'shadowcolor=black@0.35',
            'shadowx=0',
            'shadowy=2',
            'x=(w-text_w)/2',
            `y='${productY}'`,
          ].join(':'),
        ),
        text(
          options.texts.shop,
          [
            'fontsize=44',
            'fontcolor=white',
            'box=1',
            `boxcolor=${hex(clip.accent)}`,
            'boxborderw=22',
            'x=(w-text_w)/2',
            `y='${CARD_Y + CARD_H + 70}+24*${shopRise}'`,
            `alpha='clip((t-${SHOP_AT})/0.35,0,1)'`,
            `enable='gte(t,${SHOP_AT})'`,
          ].join(':'),
        ),
        text(
          options.texts.handle,
          [
            'fontsize=30',
            'fontcolor=white',
            'shadowcolor=black@0.4',
            'shadowx=0',
            'shadowy=2',
            'x=36',
            `y=${HEIGHT - 150}`,
          ].join(':'),
        ),
        text(
          options.texts.sponsored,
          [
            'fontsize=24',
            'fontcolor=white@0.85',
            'shadowcolor=black@0.4',
            'shadowx=0',
            'shadowy=2',
            'x=36',
            `y=${HEIGHT - 106}`,
          ].join(':'),
        ),
      ].join(',') +
      '[v]',
  ].join(';');

  return [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-loglevel',
    'error',
    '-filter_complex',
    graph,
    '-f',
    'lavfi',
    '-i',
    'anullsrc=channel_layout=stereo:sample_rate=44100',
    '-map',
    '[v]',
    '-map',
    '0:a',
    '-t',
    String(duration),
    '-r',
    String(FPS),
    '-c:v',
    'libx264',
    // veryfast avoids the 2018 build's slow ultrafast+trellis combination (reference/rendering.md §2).
    '-preset',
    'veryfast',
    '-crf',
    '24',
    '-maxrate',
    '1600k',
    '-bufsize',
    '3200k',
    '-profile:v',
    'high',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-b:a',
    '64k',
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
    options.outFile,
  ];
};

const runFfmpeg = (ffmpeg: string, args: string[]): Promise<void> =>
  new Promise((resolve, reject) => {
    const child = spawn(ffmpeg, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`ffmpeg exited with code ${code}: ${stderr.trim()}`));
    });
  });

export type RenderOptions = { ffmpegPath?: string; fontFile?: string | null };

/** Renders one clip to outFile (written under a temporary name, then renamed). */
export const renderSampleClip = async (
  clip: SampleClip,
  outFile: string,
  options: RenderOptions = {},
): Promise<{ bytes: number; ms: number }> => {
  const started = performance.now();
  const ffmpeg = options.ffmpegPath ?? (await resolveFfmpeg(loadFfmpegSettings()));
  const fontFile = options.fontFile !== undefined ? options.fontFile : findBoldFont();
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'hookreel-sample-'));
  try {
    const write = async (name: string, content: string): Promise<string> => {
      const file = path.join(workDir, name);
      // No trailing newline: drawtext would render it as an extra, empty line.
      await writeFile(file, content, 'utf8');
      return file;
    };
    const hookLines = await Promise.all(
      wrapHook(clip.hook).map((line, i) => write(`hook-${i}.txt`, line)),
    );
    const texts: TextFiles = {
      hookLines,
      product: await write('product.txt', clip.product),
      handle: await write('handle.txt', clip.handle),
      sponsored: await write('sponsored.txt', 'Sponsored'),
      shop: await write('shop.txt', 'Shop now'),
    };
    const partial = `${outFile}.partial`;
    await runFfmpeg(ffmpeg, buildFfmpegArgs(clip, { outFile: partial, texts, fontFile }));
    // A half-written file must never look finished to the skip check on the next build.
    await rename(partial, outFile);
    const { size } = await stat(outFile);
    return { bytes: size, ms: Math.round(performance.now() - started) };
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
};

const hasContent = (file: string): boolean => {
  try {
    return statSync(file).size > 0;
  } catch {
    return false;
  }
};

export const DEFAULT_OUT_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../src/web/public/videos',
);

/** Renders every sample clip that is missing (or all of them with force). */
export const makeSampleVideos = async (
  options: { outDir?: string; force?: boolean; log?: (line: string) => void } = {},
): Promise<void> => {
  const outDir = options.outDir ?? DEFAULT_OUT_DIR;
  const log = options.log ?? ((line: string) => console.log(line));
  await mkdir(outDir, { recursive: true });
  const ffmpegPath = await resolveFfmpeg(loadFfmpegSettings());
  for (const clip of SAMPLE_CLIPS) {
    const outFile = path.join(outDir, clip.file);
    if (!options.force && hasContent(outFile)) {
      log(`${clip.file}: exists (${formatBytes(statSync(outFile).size)}), skipped`);
      continue;
    }
    const { bytes, ms } = await renderSampleClip(clip, outFile, { ffmpegPath });
    log(`${clip.file}: ${formatBytes(bytes)} in ${(ms / 1000).toFixed(1)} s`);
  }
};

const formatBytes = (bytes: number): string =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(2)} MB`
    : `${Math.round(bytes / 1024)} kB`;

const parseArgs = (argv: string[]): { force: boolean; outDir?: string } => {
  const force = argv.includes('--force');
  const outIndex = argv.indexOf('--out');
  const outDir = outIndex >= 0 ? argv[outIndex + 1] : undefined;
  return outDir ? { force, outDir: path.resolve(outDir) } : { force };
};

const isMain =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;

if (isMain) {
  makeSampleVideos(parseArgs(process.argv.slice(2))).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
