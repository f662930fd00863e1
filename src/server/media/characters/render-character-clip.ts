import { rename, stat } from 'node:fs/promises';
import type { SKRSContext2D } from '@napi-rs/canvas';
import { createCanvas } from '@napi-rs/canvas';
import type { PortraitSpec } from './portrait/paint-portrait';
import {
  drawBackdrop,
  paintStyleLight,
  paintVignette,
  placementFor,
} from './portrait/paint-portrait';
import type { Pose } from './portrait/paint-figure';
import { STILL, paintFigure, swayPivot } from './portrait/paint-figure';
import { startFfmpeg } from '../run-ffmpeg';
import { CANONICAL_PICTURE_TOOLS, NO_BARS_METADATA, x264ToolParams } from '../canonical-video';

/**
 * A pre-made character's looping clip: the portrait alive for a few seconds (a slow push in and
 * out, a slight sway of the head, breathing, two blinks), stored in the canonical video format
 * (H.264 High yuv420p 1080x1920 30 fps, silent AAC 48 kHz stereo, +faststart) so a render
 * stream-copies it. Frames are composed with canvas, which samples sub-pixel movement smoothly
 * (ffmpeg's zoompan rounds to whole pixels and judders), and piped raw to ffmpeg.
 */

export type ClipOptions = {
  ffmpegPath: string;
  width?: number;
  height?: number;
  seconds?: number;
  fps?: number;
  /** Stops painting and ends ffmpeg (a shutdown, the job's time limit). */
  signal?: AbortSignal;
};

export const CLIP_SECONDS = 5;
export const CLIP_FPS = 30;

const blinkAt = (t: number, at: number) => {
  // Closing takes 3 frames, opening 4: a quick, natural blink.
  const d = t - at;
  if (d < 0 || d > 0.24) return 0;
  return d < 0.1 ? d / 0.1 : Math.max(0, 1 - (d - 0.1) / 0.14);
};

/**
 * The pose at time t of a clip `seconds` long. Every movement completes whole cycles within the
 * clip, so the last frame leads into the first and a looping <video> never jumps.
 */
export const poseAt = (t: number, seconds: number): Pose & { zoom: number } => {
  const turn = (2 * Math.PI * t) / seconds;
  return {
    zoom: 1 + 0.03 * ((1 - Math.cos(turn)) / 2),
    tilt: 0.028 * Math.sin(turn),
    breathe: (1 - Math.cos(turn * 2)) / 2,
    blink: Math.max(blinkAt(t, seconds * 0.26), blinkAt(t, seconds * 0.78)),
  };
};

export const canonicalClipArgs = (o: {
  width: number;
  height: number;
  fps: number;
  seconds: number;
  outFile: string;
}) => [
  '-y',
  '-f',
  'rawvideo',
  '-pix_fmt',
  'rgba',
  '-s',
  `${o.width}x${o.height}`,
  '-r',
  String(o.fps),
  '-i',
  'pipe:0',
  '-f',
  'lavfi',
  '-i',
  'anullsrc=r=48000:cl=stereo',
  '-t',
  String(o.seconds),
  '-map',
  '0:v',
  '-map',
  '1:a',
  '-c:v',
  'libx264',
  '-profile:v',
  'high',
  '-pix_fmt',
  'yuv420p',
  '-preset',
  'veryfast',
  '-crf',
  '21',
  '-g',
  String(o.fps),
  '-r',
  String(o.fps),
  // The canonical picture tools and no B-frames: every render decodes this clip under its hook,
  // and CAVLC without B-frames or weighted prediction takes about a fifth less CPU (decision 253).
  '-bf',
  '0',
  '-x264-params',
  x264ToolParams(CANONICAL_PICTURE_TOOLS),
  '-c:a',
  'aac',
  '-b:a',
  '64k',
  '-ar',
  '48000',
  '-ac',
  '2',
  // Painted to fill the frame: a render need not look for bars in it (decision 144, fifth amendment).
  ...NO_BARS_METADATA,
  '-movflags',
  '+faststart',
  '-f',
  'mp4',
  o.outFile,
];

/** Paints and encodes one clip into outFile (written under a temporary name, then renamed). */
export const renderCharacterClip = async (
  spec: PortraitSpec,
  outFile: string,
  {
    ffmpegPath,
    width = 1080,
    height = 1920,
    seconds = CLIP_SECONDS,
    fps = CLIP_FPS,
    signal,
  }: ClipOptions,
): Promise<{ bytes: number; ms: number }> => {
  const started = performance.now();
  const partial = `${outFile}.partial`;
  // The one runner: it starts ffmpeg so it dies with us, and lets stdin carry raw frames only.
  const ffmpeg = await startFfmpeg(
    ffmpegPath,
    canonicalClipArgs({ width, height, fps, seconds, outFile: partial }),
    { stdin: true, signal },
  );
  const stdin = ffmpeg.stdin!;
  const exited = ffmpeg.done.then(() => undefined);
  // Seen by the drain race below or by the await at the end; never left unhandled.
  exited.catch(() => undefined);

  // Each layer is painted once and moved as a whole per frame (drawImage samples sub-pixel
  // positions smoothly): the scene, the neck and hair behind, the body, and the head with its
  // eyes open, half shut and shut, then the preset's light. Grain and the soft-light grade are
  // left out: H.264 would smear the one, the other needs a blend per frame.
  const at = placementFor(width, height, spec.style);
  const layer = (paint: (ctx: SKRSContext2D) => void) => {
    const canvas = createCanvas(width, height);
    paint(canvas.getContext('2d'));
    return canvas;
  };
  const backdrop = drawBackdrop(spec, width, height);
  const behind = layer((c) => paintFigure(c, at, spec.look, STILL, ['behind']));
  const body = layer((c) => paintFigure(c, at, spec.look, STILL, ['body']));
  const heads = [0, 0.5, 1].map((blink) =>
    layer((c) => paintFigure(c, at, spec.look, { ...STILL, blink }, ['head'])),
  );
  const vignette = layer((c) => {
    paintStyleLight(c, width, height, spec.style);
    paintVignette(c, width, height, spec.style);
  });
  const pivot = swayPivot(at);

  const frame = createCanvas(width, height);
  const ctx = frame.getContext('2d');
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'low';
  const total = Math.round(seconds * fps);
  try {
    for (let i = 0; i < total; i++) {
      signal?.throwIfAborted();
      const { zoom, tilt, breathe, blink } = poseAt(i / fps, seconds);
      const lift = breathe * 0.04 * at.unit;
      const head = heads[blink > 0.75 ? 2 : blink > 0.25 ? 1 : 0]!;
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.translate(width / 2, height * 0.4);
      ctx.scale(zoom, zoom);
      ctx.translate(-width / 2, -height * 0.4);
      ctx.drawImage(backdrop, 0, 0);
      const swayed = (img: typeof head) => {
        ctx.save();
        ctx.translate(pivot.x, pivot.y - lift * 0.5);
        ctx.rotate(tilt);
        ctx.translate(-pivot.x, -pivot.y);
        ctx.drawImage(img, 0, 0);
        ctx.restore();
      };
      swayed(behind);
      ctx.drawImage(body, 0, -lift);
      swayed(head);
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.drawImage(vignette, 0, 0);
      const pixels = frame.data();
      if (!stdin.write(pixels)) {
        // If ffmpeg dies instead, `exited` rejects rather than waiting for a drain forever.
        await Promise.race([
          new Promise<void>((resolve) => stdin.once('drain', () => resolve())),
          exited,
        ]);
      }
    }
  } catch (error) {
    // ffmpeg's own rejection (killed by the signal) would otherwise go unhandled.
    exited.catch(() => {});
    throw error;
  } finally {
    stdin.end();
  }
  await exited;
  await rename(partial, outFile);
  const { size } = await stat(outFile);
  return { bytes: size, ms: Math.round(performance.now() - started) };
};
