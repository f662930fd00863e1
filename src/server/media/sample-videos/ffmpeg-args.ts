import type { SampleClip } from './clips';
import type { TextFiles } from './filter-expressions';
import {
  cardExpr,
  escapeFilterPath,
  glowAlpha,
  gradientExpr,
  hex,
  ringExpr,
} from './filter-expressions';
import {
  BG_H,
  BG_TALL,
  BG_W,
  CARD_H,
  CARD_W,
  CARD_Y,
  FPS,
  GLOW,
  HEIGHT,
  SHOP_AT,
  WIDTH,
} from './frame';

/**
 * The ffmpeg command line for one product card clip: the product part of a landing example (the
 * hook is drawn by the renderer over the character part). Text comes from files so no caption
 * needs escaping.
 */
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

  // runFfmpeg adds the quiet, non-interactive flags.
  return [
    '-y',
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
    // veryfast avoids the 2018 npm build's slow ultrafast+trellis combination.
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
