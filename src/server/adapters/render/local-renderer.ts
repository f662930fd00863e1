import { copyFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  RENDER_FPS,
  RENDER_HEIGHT,
  RENDER_WIDTH,
  timelineEnd,
  type TRenderClip,
  type TRenderEdit,
} from '#contract/render';
import {
  CANONICAL,
  CANONICAL_AUDIO_ARGS,
  CANONICAL_VIDEO_ARGS,
  isCanonical,
  probeVideo,
  runFfmpeg,
  type VideoProbe,
} from '../../media/canonical-video';
import type { FfmpegSettings } from '../../media/ffmpeg-path';
import { resolveFfmpeg } from '../../media/ffmpeg-path';
import { forgetConcatList, writeConcatList } from '../../media/media-input';
import { fillsFrame, placeBox, sizeFilter } from './clip-geometry';
import { rasteriseText, textStyleOf } from './overlay-raster';

const W = RENDER_WIDTH;
const H = RENDER_HEIGHT;
/** Shotstack's fade lasts half a second at normal speed. */
const FADE_SECONDS = 0.5;
const FRAME = 1 / RENDER_FPS;

export type LocalRenderOptions = {
  edit: TRenderEdit;
  /** A local file for every asset `src` of the edit (the render job fetched them). */
  files: ReadonlyMap<string, string>;
  /** Where segments and the output are written; the caller removes it. */
  workDir: string;
  ffmpeg: FfmpegSettings;
  signal?: AbortSignal;
  /** Every segment encoded losslessly (the bench's reference), never stream-copied. */
  lossless?: boolean;
};

export type LocalRenderResult = {
  file: string;
  durationSec: number;
  /** How each segment was made, for the log and the tests. */
  segments: { start: number; end: number; mode: 'copy' | 'encode' }[];
};

type Segment = {
  start: number;
  end: number;
  base: TRenderClip | null;
  overlays: TRenderClip[];
};

const fmt = (n: number) => String(Math.round(n * 1000) / 1000);

/**
 * Cuts the timeline where clips of the lowest track (the footage) start and end: each piece has
 * at most one footage clip under it (or the background) and the clips of the upper tracks that
 * overlap it. Pieces are rendered on their own and joined by the concat demuxer.
 */
export const planSegments = (edit: TRenderEdit): Segment[] => {
  const tracks = edit.timeline.tracks;
  const footage = [...tracks[tracks.length - 1]!.clips].sort((a, b) => a.start - b.start);
  const upper = tracks
    .slice(0, -1)
    .reverse()
    .flatMap((t) => t.clips);
  const end = timelineEnd(edit);
  const cuts = new Set<number>([0, end]);
  for (const clip of footage) {
    cuts.add(clip.start);
    cuts.add(Math.min(end, clip.start + clip.length));
  }
  const points = [...cuts].sort((a, b) => a - b);
  const segments: Segment[] = [];
  for (let i = 0; i + 1 < points.length; i++) {
    const start = points[i]!;
    const segEnd = points[i + 1]!;
    if (segEnd - start < FRAME / 2) continue;
    const base =
      footage.find((c) => c.start <= start + 1e-6 && c.start + c.length >= segEnd - 1e-6) ?? null;
    const overlays = upper.filter(
      (c) => c.start < segEnd - 1e-6 && c.start + c.length > start + 1e-6,
    );
    segments.push({ start, end: segEnd, base, overlays });
  }
  return segments;
};

/**
 * Renders an edit with ffmpeg on this machine (decision 033). Segments whose footage is already in
 * the canonical stored format and has nothing drawn over it are stream-copied; the others (the
 * hook with its overlay) are encoded with the canonical settings, so the pieces join without a
 * second encode.
 */
export const renderLocally = async (options: LocalRenderOptions): Promise<LocalRenderResult> => {
  const { edit, files, workDir, signal } = options;
  const ffmpeg = await resolveFfmpeg(options.ffmpeg);
  const probes = new Map<string, VideoProbe>();
  const probe = async (src: string) => {
    const file = fileOf(files, src);
    let found = probes.get(file);
    if (!found) {
      found = await probeVideo(file, options.ffmpeg);
      probes.set(file, found);
    }
    return found;
  };
  const background = edit.timeline.background ?? '#000000';
  const segments = planSegments(edit);
  const list: { file: string; outpoint?: string }[] = [];
  /** Copied clips joined as they are, each once, beside the list (the concat's safe mode). */
  const beside = new Map<string, string>();
  const made: LocalRenderResult['segments'] = [];
  let n = 0;
  for (const segment of segments) {
    signal?.throwIfAborted();
    const length = segment.end - segment.start;
    const base = segment.base;
    if (!options.lossless && base && (await canCopy(base, segment, probe))) {
      const source = fileOf(files, base.asset.type === 'video' ? base.asset.src : '');
      let file =
        path.dirname(path.resolve(source)) === path.resolve(workDir) ? source : beside.get(source);
      if (!file) {
        file = path.join(workDir, `copied-${beside.size}.mp4`);
        await copyFile(source, file);
        beside.set(source, file);
      }
      list.push({ file, outpoint: fmt(length) });
      made.push({ start: segment.start, end: segment.end, mode: 'copy' });
      continue;
    }
    const out = path.join(workDir, `segment-${n++}.mp4`);
    await encodeSegment({
      ffmpeg,
      segment,
      background,
      files,
      probe,
      out,
      workDir,
      lossless: options.lossless ?? false,
      signal,
      index: n,
    });
    list.push({ file: out });
    made.push({ start: segment.start, end: segment.end, mode: 'encode' });
  }
  // Our own list of our own files; the runner joins no other (decision 070).
  const listFile = await writeConcatList(path.join(workDir, 'segments.ffconcat'), list);
  const output = path.join(workDir, 'render.mp4');
  await runFfmpeg(
    ffmpeg,
    [
      '-y',
      '-f',
      'concat',
      '-i',
      listFile,
      // Keep the segments' own timestamps: otherwise the first segment's AAC priming (−21 ms)
      // shifts the whole picture late against the sound.
      '-copyts',
      '-t',
      fmt(timelineEnd(edit)),
      '-c',
      'copy',
      '-movflags',
      '+faststart',
      output,
    ],
    { signal },
  ).finally(() => forgetConcatList(listFile));
  return { file: output, durationSec: timelineEnd(edit), segments: made };
};

const fileOf = (files: ReadonlyMap<string, string>, src: string) => {
  const file = files.get(src);
  if (!file) throw new Error(`No local file for ${src}`);
  return file;
};

const canCopy = async (
  base: TRenderClip,
  segment: Segment,
  probe: (src: string) => Promise<VideoProbe>,
) => {
  const asset = base.asset;
  if (asset.type !== 'video' || segment.overlays.length > 0) return false;
  if ((asset.trim ?? 0) !== 0 || (asset.volume ?? 1) !== 1) return false;
  if (base.transition || (base.scale ?? 1) !== 1) return false;
  if (segment.start !== base.start) return false;
  const facts = await probe(asset.src);
  if (!isCanonical(facts)) return false;
  if (facts.durationSec < segment.end - segment.start - FRAME) return false;
  // A canonical file is exactly the frame: every fit leaves it as it is, but the placement must too.
  return fillsFrame(base, W, H);
};

type EncodeArgs = {
  ffmpeg: string;
  segment: Segment;
  background: string;
  files: ReadonlyMap<string, string>;
  probe: (src: string) => Promise<VideoProbe>;
  out: string;
  workDir: string;
  lossless: boolean;
  signal?: AbortSignal;
  index: number;
};

const colour = (hex: string) => `0x${hex.replace('#', '').slice(0, 6)}`;

const fades = (clip: TRenderClip, from: number, length: number, alpha: boolean) => {
  const parts: string[] = [];
  const local = clip.start - from;
  if (clip.transition?.in) {
    parts.push(
      `fade=t=in:st=${fmt(Math.max(0, local))}:d=${FADE_SECONDS}${alpha ? ':alpha=1' : ''}`,
    );
  }
  if (clip.transition?.out) {
    const outAt = Math.min(length, local + clip.length) - FADE_SECONDS;
    parts.push(
      `fade=t=out:st=${fmt(Math.max(0, outAt))}:d=${FADE_SECONDS}${alpha ? ':alpha=1' : ''}`,
    );
  }
  return parts;
};

/** One segment: the footage (or the background), the upper clips over it, its audio; canonical. */
const encodeSegment = async (args: EncodeArgs) => {
  const { segment, probe, files } = args;
  const length = segment.end - segment.start;
  const inputs: string[] = [];
  const filters: string[] = [];
  let inputCount = 0;
  const addInput = (...spec: string[]) => {
    inputs.push(...spec);
    return inputCount++;
  };

  // The frame starts as the background; the footage goes on it unless it fills the frame itself.
  let video = '';
  let audio: string | null = null;
  const base = segment.base;
  if (base && (base.asset.type === 'video' || base.asset.type === 'image')) {
    const src = base.asset.src;
    const file = fileOf(files, src);
    const facts = await probe(src);
    if (!facts.video) throw new Error(`${src} has no picture`);
    const into = segment.start - base.start;
    let index: number;
    if (base.asset.type === 'video') {
      const skip = (base.asset.trim ?? 0) + into;
      // A source shorter than its clip loops, as a character clip is meant to.
      const loop = facts.durationSec > 0 && facts.durationSec < skip + length - FRAME;
      index = addInput(
        ...(loop ? ['-stream_loop', '-1'] : []),
        '-ss',
        fmt(loop ? skip % facts.durationSec : skip),
        '-t',
        fmt(length),
        '-i',
        file,
      );
      if (facts.audio) {
        const volume = base.asset.volume ?? 1;
        const afades: string[] = [];
        if (base.transition?.in) afades.push(`afade=t=in:st=0:d=${FADE_SECONDS}`);
        if (base.transition?.out) {
          afades.push(
            `afade=t=out:st=${fmt(Math.max(0, length - FADE_SECONDS))}:d=${FADE_SECONDS}`,
          );
        }
        audio = `[${index}:a]${volume !== 1 ? `volume=${volume},` : ''}${afades.map((f) => `${f},`).join('')}`;
      }
    } else {
      index = addInput(
        '-loop',
        '1',
        '-framerate',
        String(RENDER_FPS),
        '-t',
        fmt(length),
        '-i',
        file,
      );
    }
    const sized = sizeFilter(base.fit, facts.video, base.scale ?? 1);
    const baseFades = fades(base, segment.start, length, false);
    if (fillsFrame(base, sized.width, sized.height)) {
      filters.push(
        `[${index}:v]${sized.filter},fps=${RENDER_FPS},format=yuv420p${baseFades.map((f) => `,${f}`).join('')}[v0]`,
      );
    } else {
      const { x, y } = placeBox(base, sized.width, sized.height);
      filters.push(
        `color=c=${colour(args.background)}:s=${W}x${H}:r=${RENDER_FPS}:d=${fmt(length)}[bg0]`,
        `[${index}:v]${sized.filter},fps=${RENDER_FPS},format=yuva420p${baseFades.map((f) => `,${f}`).join('')}[fg0]`,
        `[bg0][fg0]overlay=x=${x}:y=${y}:eof_action=pass,format=yuv420p[v0]`,
      );
    }
    video = '[v0]';
  } else {
    filters.push(
      `color=c=${colour(args.background)}:s=${W}x${H}:r=${RENDER_FPS}:d=${fmt(length)},format=yuv420p[v0]`,
    );
    video = '[v0]';
  }

  let layer = 0;
  for (const clip of segment.overlays) {
    layer++;
    const from = Math.max(0, clip.start - segment.start);
    const to = Math.min(length, clip.start + clip.length - segment.start);
    const enable = `enable='between(t,${fmt(from)},${fmt(to)})'`;
    const alphaFades = fades(clip, segment.start, length, true);
    const asset = clip.asset;
    let index: number;
    let chain: string;
    let x: number;
    let y: number;
    if (asset.type === 'text' || asset.type === 'html') {
      const raster = rasteriseText(textStyleOf(asset));
      const png = path.join(args.workDir, `overlay-${args.index}-${layer}.png`);
      await writeFile(png, raster.png);
      const box = placeBox(
        clip,
        raster.boxWidth * (clip.scale ?? 1),
        raster.boxHeight * (clip.scale ?? 1),
      );
      const scale = clip.scale ?? 1;
      index = alphaFades.length
        ? addInput('-loop', '1', '-framerate', String(RENDER_FPS), '-t', fmt(length), '-i', png)
        : addInput('-i', png);
      const scaled =
        scale !== 1 ? `scale=${Math.round((raster.boxWidth + 2 * raster.pad) * scale)}:-1,` : '';
      chain = `${scaled}format=rgba`;
      x = Math.round(box.x - raster.pad * scale);
      y = Math.round(box.y - raster.pad * scale);
    } else {
      const file = fileOf(files, asset.src);
      const facts = await probe(asset.src);
      if (!facts.video) throw new Error(`${asset.src} has no picture`);
      const sized = sizeFilter(clip.fit, facts.video, clip.scale ?? 1);
      ({ x, y } = placeBox(clip, sized.width, sized.height));
      if (asset.type === 'video') {
        const skip = (asset.trim ?? 0) + Math.max(0, segment.start - clip.start);
        index = addInput('-ss', fmt(skip), '-t', fmt(to - from), '-i', file);
        chain = `${sized.filter},fps=${RENDER_FPS},format=rgba,setpts=PTS-STARTPTS+${fmt(from)}/TB`;
      } else {
        index = alphaFades.length
          ? addInput('-loop', '1', '-framerate', String(RENDER_FPS), '-t', fmt(length), '-i', file)
          : addInput('-i', file);
        chain = `${sized.filter},format=rgba`;
      }
    }
    const next = `[v${layer}]`;
    filters.push(
      `[${index}:v]${chain}${alphaFades.map((f) => `,${f}`).join('')}[o${layer}]`,
      `${video}[o${layer}]overlay=x=${x}:y=${y}:${enable}${asset.type === 'video' ? ':eof_action=pass' : ''}[v${layer}]`,
    );
    video = next;
  }
  filters.push(`${video}format=yuv420p[vout]`);

  if (!audio) {
    const silent = addInput(
      '-f',
      'lavfi',
      '-t',
      fmt(length),
      '-i',
      `anullsrc=r=${CANONICAL.sampleRate}:cl=stereo`,
    );
    audio = `[${silent}:a]`;
  }
  filters.push(
    `${audio}aformat=sample_fmts=fltp:sample_rates=${CANONICAL.sampleRate}:channel_layouts=stereo,apad,atrim=0:${fmt(length)}[aout]`,
  );

  const videoArgs = args.lossless
    ? [
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-qp',
        '0',
        '-pix_fmt',
        'yuv420p',
        '-r',
        String(RENDER_FPS),
        '-video_track_timescale',
        String(CANONICAL.videoTimescale),
      ]
    : CANONICAL_VIDEO_ARGS;
  await runFfmpeg(
    args.ffmpeg,
    [
      '-y',
      ...inputs,
      '-filter_complex',
      filters.join(';'),
      '-map',
      '[vout]',
      '-map',
      '[aout]',
      '-t',
      fmt(length),
      ...videoArgs,
      ...CANONICAL_AUDIO_ARGS,
      '-f',
      'mp4',
      args.out,
    ],
    { signal: args.signal },
  );
};
