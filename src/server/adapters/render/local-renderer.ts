import { copyFile, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  outputFrame,
  resolveTimeline,
  splitColor,
  timelineEnd,
  type TRenderEdit,
  type TResolvedClip,
  type TResolvedEdit,
} from '#contract/render';
import {
  blurFillFilter,
  CANONICAL,
  CANONICAL_AUDIO_ARGS,
  CANONICAL_PICTURE_TOOLS,
  CANONICAL_VIDEO_ARGS,
  isCanonical,
  NO_BARS_COMMENT,
  runFfmpeg,
  type VideoProbe,
  x264ToolParams,
} from '../../media/canonical-video';
import type { FfmpegSettings } from '../../media/ffmpeg-path';
import { resolveFfmpeg } from '../../media/ffmpeg-path';
import { probeVideoHeader } from '../../media/probe-video';
import {
  readStreamHeaders,
  sameStreamHeaders,
  type PictureTools,
} from '../../media/stream-headers';
import { takingTurns } from '../../taking-turns';
import { even, fillsFrame, placeBox, sizeFilter } from './clip-geometry';
import { allButOneSettled, planConcatJoin } from './concat-join';
import { clipMotion, isAnimated, TRANSITION_SECONDS, type OutputFrame } from './clip-motion';
import { drawTextAsset, placementOf } from './text-assets';

export type LocalRenderOptions = {
  edit: TRenderEdit;
  /** A local file for every asset `src` of the edit, the soundtrack's included (the job fetched them). */
  files: ReadonlyMap<string, string>;
  /** Where segments and the output are written; the caller removes it. */
  workDir: string;
  ffmpeg: FfmpegSettings;
  signal?: AbortSignal;
  /** Every segment encoded losslessly (the bench's reference), never stream-copied. */
  lossless?: boolean;
  /** x264's preset for encoded segments (the bench compares); `SEGMENT_PRESET` by default. */
  preset?: SegmentPreset;
};

export type LocalRenderResult = {
  file: string;
  durationSec: number;
  /** How each segment was made, for the log and the tests. */
  segments: { start: number; end: number; mode: 'copy' | 'encode'; pieces?: number }[];
};

type Segment = {
  start: number;
  end: number;
  base: TResolvedClip | null;
  overlays: TResolvedClip[];
};

export type SegmentPreset = 'ultrafast' | 'superfast' | 'veryfast';
/** x264's preset for the segments we encode (docs/decisions/144). */
export const SEGMENT_PRESET: SegmentPreset = 'ultrafast';
/**
 * The constant quantiser of the segments we encode, in place of the stored clips' CRF 21: CRF makes
 * x264 analyse a half-size copy of every frame to rate it, about a sixth of an ultrafast piece's
 * CPU. QP 15 matched CRF 21's SSIM within 0.0003 on the ten characters and the five examples, with
 * smaller files, and beat it on sensor noise (docs/decisions/256).
 */
export const SEGMENT_QP = 15;
const fmt = (n: number) => String(Math.round(n * 1000) / 1000);
/** A time to the microsecond (ffmpeg's own unit): a cut between frames, not rounded past one. */
const fmtExact = (n: number) => String(Math.round(n * 1e6) / 1e6);

/** ffmpeg's exact rate for Shotstack's NTSC frame rates. */
const rate = (fps: number) =>
  Math.abs(fps - 23.976) < 1e-3
    ? '24000/1001'
    : Math.abs(fps - 29.97) < 1e-3
      ? '30000/1001'
      : Math.abs(fps - 59.94) < 1e-3
        ? '60000/1001'
        : String(fps);

/**
 * Cuts the timeline where clips of the lowest track (the footage) start and end: each piece has
 * at most one footage clip under it (or the background) and the clips of the upper tracks that
 * overlap it. Pieces are rendered on their own and joined by the concat demuxer.
 */
export const planSegments = (edit: TResolvedEdit, fps: number = CANONICAL.fps): Segment[] => {
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
    if (segEnd - start < 1 / fps / 2) continue;
    const base =
      footage.find((c) => c.start <= start + 1e-6 && c.start + c.length >= segEnd - 1e-6) ?? null;
    const overlays = upper.filter(
      (c) => c.start < segEnd - 1e-6 && c.start + c.length > start + 1e-6,
    );
    segments.push({ start, end: segEnd, base, overlays });
  }
  return segments;
};

/** Encodes run side by side for one render: ffmpeg's own threads leave the second core half idle. */
const ENCODE_PIECES = 2;

/**
 * The threads of each of a segment's pieces: its share of the cores. Each ffmpeg otherwise starts
 * decoder, filter and x264 threads for every core, so two pieces on two cores took turns on them:
 * a hook's two pieces encoded in 0.96 s at one thread each against 1.10 s at ffmpeg's own count
 * (docs/decisions/244). A segment encoded whole keeps ffmpeg's own count.
 */
const PIECE_THREADS = Math.max(1, Math.floor(os.availableParallelism() / ENCODE_PIECES));

/**
 * A long segment in which nothing moves is encoded as pieces side by side. Cuts fall where a
 * frame and an AAC frame (1024 samples) both end, so the joined pieces keep picture and sound in
 * step; a segment with an effect or transition stays whole.
 */
const piecesOf = (segment: Segment, frame: OutputFrame): Segment[] => {
  const samplesPerFrame = CANONICAL.sampleRate / frame.fps;
  const animated = [segment.base, ...segment.overlays].some((c) => c && isAnimated(c));
  if (animated || !Number.isInteger(samplesPerFrame)) return [segment];
  const gcd = (a: number, b: number): number => (b ? gcd(b, a % b) : a);
  const step = (samplesPerFrame * 1024) / gcd(samplesPerFrame, 1024) / CANONICAL.sampleRate;
  const steps = Math.floor((segment.end - segment.start) / step);
  if (steps < 2) return [segment];
  const cut = segment.start + Math.ceil(steps / 2) * step;
  return [
    { ...segment, end: cut },
    { ...segment, start: cut },
  ];
};

/** The frame the edit renders to, and whether it is the stored clips' own (then they may be copied). */
const frameOf = (edit: TRenderEdit): OutputFrame => {
  const frame = outputFrame(edit.output);
  return {
    ...frame,
    rate: rate(frame.fps),
    canonical:
      frame.width === CANONICAL.width &&
      frame.height === CANONICAL.height &&
      Math.abs(frame.fps - CANONICAL.fps) < 1e-6,
  };
};

/**
 * The x264 settings of an encoded segment: the canonical ones at the segment preset and quantiser,
 * with the picture tools of the stored clips it joins (CABAC, 8x8 transform, weighted prediction),
 * so its stream headers are theirs and it joins the stream-copied ones (docs/decisions/144, 256).
 * Another frame rate keeps a two-second GOP.
 */
const videoArgsFor = (
  frame: OutputFrame,
  lossless: boolean,
  tools: PictureTools,
  preset: SegmentPreset = SEGMENT_PRESET,
): string[] => {
  const base: string[] = lossless
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
        String(CANONICAL.fps),
        '-video_track_timescale',
        String(CANONICAL.videoTimescale),
      ]
    : CANONICAL_VIDEO_ARGS.flatMap((arg, at, all) =>
        arg === 'veryfast'
          ? [preset]
          : arg === '-crf'
            ? ['-qp']
            : all[at - 1] === '-crf'
              ? [String(SEGMENT_QP)]
              : arg.startsWith('stitchable=1')
                ? [`stitchable=1:${x264ToolParams(tools)}`]
                : [arg],
      );
  if (frame.canonical) return base;
  const out: string[] = [];
  for (let i = 0; i < base.length; i++) {
    const arg = base[i]!;
    if (arg === '-video_track_timescale') {
      i++;
      continue;
    }
    out.push(arg);
    if (arg === '-r' || arg === '-g') {
      out.push(arg === '-r' ? frame.rate : String(Math.round(frame.fps * 2)));
      i++;
    }
  }
  return out;
};

/**
 * Renders an edit with ffmpeg on this machine (decisions 033, 143). Smart lengths are worked out
 * from the media first. Segments whose footage is already in the canonical stored format, with
 * nothing drawn over it and nothing moving, are stream-copied when the output is the canonical
 * frame; the others are encoded, so the pieces join without a second encode. A soundtrack is
 * mixed in last, over the joined picture.
 */
export const renderLocally = async (options: LocalRenderOptions): Promise<LocalRenderResult> => {
  const { files, workDir, signal } = options;
  const ffmpeg = await resolveFfmpeg(options.ffmpeg);
  // Each file probed once, and every probe started at once. A stored clip's facts are read from
  // its MP4 header in Node: two ffprobe processes came before the hook could start (decision 144,
  // fifth amendment); ffprobe is left for files whose header is not read.
  const probes = new Map<string, ReturnType<typeof probeVideoHeader>>();
  const probed = (src: string) => {
    const file = fileOf(files, src);
    let found = probes.get(file);
    if (!found) {
      found = probeVideoHeader(file, options.ffmpeg);
      // A failure is met where the probe is awaited, never as an unhandled rejection here.
      found.catch(() => {});
      probes.set(file, found);
    }
    return found;
  };
  const probe = async (src: string) => (await probed(src)).probe;
  for (const track of options.edit.timeline.tracks) {
    for (const clip of track.clips) {
      if (clip.asset.type === 'video' && files.has(clip.asset.src)) void probe(clip.asset.src);
    }
  }
  const durations = new Map<string, number>();
  for (const track of options.edit.timeline.tracks) {
    for (const clip of track.clips) {
      if (clip.length === 'auto' && clip.asset.type === 'video') {
        durations.set(clip.asset.src, (await probe(clip.asset.src)).durationSec);
      }
    }
  }
  const edit = resolveTimeline(options.edit, (src) => durations.get(src));
  const frame = frameOf(edit);
  const background = edit.timeline.background ?? '#000000';
  const segments = planSegments(edit, frame.fps);
  const list: { file: string; inpoint?: string; outpoint?: string }[] = [];
  /**
   * Every part after the first starts at its own zero: the concat demuxer then drops the part's
   * AAC priming packet instead of playing it, which put the sound 21 ms later at every join
   * (docs/decisions/195). The first part's priming stays, as the output's edit list.
   */
  const startOf = () => (list.length > 0 ? { inpoint: '0' } : {});
  /** Copied clips joined as they are, each once, beside the list (the concat's safe mode). */
  const beside = new Map<string, string>();
  const made: LocalRenderResult['segments'] = [];
  let n = 0;
  /** Stored clips letterboxed before decision 131, by file: their bars are cut at render. */
  const lookable = (clip: TResolvedClip | null): clip is TResolvedClip =>
    !!clip &&
    clip.asset.type === 'video' &&
    frame.canonical &&
    (clip.scale ?? 1) === 1 &&
    clip.fit !== 'contain' &&
    clip.fit !== 'none';
  // Only a canonical clip is looked at (what a look finds in another is unused), and not one whose
  // header says it was filled when stored: it cannot have bars (decision 144, fifth amendment).
  const mayHaveBars = async (clip: TResolvedClip | null) => {
    if (!lookable(clip) || clip.asset.type !== 'video' || !files.has(clip.asset.src)) return null;
    const { probe: facts, header } = await probed(clip.asset.src);
    return isCanonical(facts) && header?.comment !== NO_BARS_COMMENT
      ? fileOf(files, clip.asset.src)
      : null;
  };
  const lookedAt = [
    ...new Set(
      (await Promise.all(segments.map(({ base }) => mayHaveBars(base)))).filter(
        (file): file is string => file !== null,
      ),
    ),
  ];
  // Every footage clip is looked at by one ffmpeg run, started at once beside the probes: each
  // look is mostly a process's start-up, so two looks in two processes cost nearly twice one.
  const letterboxes = lookedAt.length
    ? letterboxesOf(ffmpeg, lookedAt, workDir, signal)
    : Promise.resolve([]);
  // A failed look is met where its segment awaits it.
  letterboxes.catch(() => {});
  const letterboxOfClip = async (clip: TResolvedClip | null) => {
    if (!lookable(clip) || clip.asset.type !== 'video') return null;
    const at = lookedAt.indexOf(fileOf(files, clip.asset.src));
    return at < 0 ? null : ((await letterboxes)[at] ?? null);
  };
  // Each segment waits for its own clip's answer only when it could be copied (`encodeLooked`).
  const looks = segments.map((segment) => letterboxOfClip(segment.base));
  for (const look of looks) look.catch(() => {});
  // The encodes take the picture tools of the first stored clip the render may copy, read from
  // the clip itself: clips stored before the canonical tools changed carry others (decision 144).
  let tools = CANONICAL_PICTURE_TOOLS;
  for (const segment of options.lossless || !frame.canonical ? [] : segments) {
    const base = segment.base;
    if (!base || base.asset.type !== 'video' || !(await canCopy(base, segment, probe))) continue;
    tools = (await probed(base.asset.src)).header?.headers?.picture ?? tools;
    break;
  }
  const videoArgs = videoArgsFor(frame, options.lossless ?? false, tools, options.preset);
  /** One segment (or piece) of this render encoded into `out`. */
  const encodeAs = (
    segment: Segment,
    out: string,
    letterbox: Letterbox | null,
    threads: number | undefined,
    stop: AbortSignal | undefined = signal,
  ) =>
    encodeSegment({
      threads,
      ffmpeg,
      segment,
      background,
      files,
      probe,
      out,
      workDir,
      frame,
      videoArgs,
      signal: stop,
      letterbox,
      drawn,
    });
  /**
   * A segment that is encoded whatever its look finds (the hook: text over the character) starts
   * before the look answers, as if the clip had no bars: the look is a process's start-up and two
   * decoded key frames that the encode waited for (decision 144, fourth amendment). In the rare
   * clip stored letterboxed (decision 197) the guess is stopped and the piece encoded again with
   * its bars cut off, so the picture is the same either way.
   */
  const encodeLooked = async (
    segment: Segment,
    out: string,
    look: Promise<Letterbox | null>,
    threads: number | undefined,
  ) => {
    const answered = await Promise.race([look, Promise.resolve(UNANSWERED)]);
    if (answered !== UNANSWERED) return encodeAs(segment, out, answered, threads);
    const guess = new AbortController();
    const stop = signal ? AbortSignal.any([signal, guess.signal]) : guess.signal;
    const guessed = encodeAs(segment, out, null, threads, stop);
    // Met below, whichever of the two answers first.
    guessed.catch(() => {});
    let letterbox: Letterbox | null;
    try {
      letterbox = await look;
    } catch (error) {
      guess.abort();
      await guessed.catch(() => {});
      throw error;
    }
    if (!letterbox) return guessed;
    guess.abort();
    await guessed.catch(() => {});
    signal?.throwIfAborted();
    return encodeAs(segment, out, letterbox, threads);
  };
  /** The copied parts, to be checked against the encoded ones once those are made. */
  const copies: { entry: number; made: number; segment: Segment }[] = [];
  // The pieces are encoded side by side, ENCODE_PIECES at a time (decision 144), each started as
  // soon as its segment is planned: the hook's pieces do not wait for the product clip's look.
  const encodeSlot = takingTurns(ENCODE_PIECES);
  const encodes: Promise<void>[] = [];
  // The two pieces of a hook share its overlay: drawing the text and writing its PNG is Node's
  // own work before each ffmpeg starts, so it is done once.
  const drawings = new Map<TextLikeAsset, Promise<DrawnText>>();
  const drawn = (asset: TextLikeAsset) => {
    let found = drawings.get(asset);
    if (!found) {
      const png = path.join(workDir, `overlay-${drawings.size}.png`);
      found = drawTextAsset(asset, frame).then(async (raster) => {
        await writeFile(png, raster.png);
        return { raster, png };
      });
      drawings.set(asset, found);
    }
    return found;
  };
  try {
    for (const [at, segment] of segments.entries()) {
      signal?.throwIfAborted();
      const length = segment.end - segment.start;
      const base = segment.base;
      const copyable =
        !options.lossless && frame.canonical && base && (await canCopy(base, segment, probe));
      // Only a clip that could be copied waits for its look here: bars make it an encode.
      const letterbox = copyable ? await looks[at]! : null;
      if (copyable && !letterbox) {
        const source = fileOf(files, base.asset.type === 'video' ? base.asset.src : '');
        let file =
          path.dirname(path.resolve(source)) === path.resolve(workDir)
            ? source
            : beside.get(source);
        if (!file) {
          file = path.join(workDir, `copied-${beside.size}.mp4`);
          await copyFile(source, file);
          beside.set(source, file);
        }
        copies.push({ entry: list.length, made: made.length, segment });
        list.push({ file, ...startOf(), outpoint: fmtExact(length) });
        made.push({ start: segment.start, end: segment.end, mode: 'copy' });
        continue;
      }
      const pieces = piecesOf(segment, frame);
      const threads = pieces.length > 1 ? PIECE_THREADS : undefined;
      for (const piece of pieces) {
        const out = path.join(workDir, `segment-${n++}.mp4`);
        const encode = encodeSlot(() =>
          copyable
            ? encodeAs(piece, out, letterbox, threads)
            : encodeLooked(piece, out, looks[at]!, threads),
        );
        // Seen as handled now: a piece failing while the next segment is looked at is met below.
        encode.catch(() => {});
        encodes.push(encode);
        // Its exact length, so the next piece starts on the frame after its last one.
        list.push({ file: out, ...startOf(), outpoint: fmtExact(piece.end - piece.start) });
      }
      made.push({ start: segment.start, end: segment.end, mode: 'encode', pieces: pieces.length });
    }
  } catch (error) {
    // No encode runs on into a work folder the caller is about to remove.
    await Promise.allSettled(encodes);
    throw error;
  }
  const end = timelineEnd(edit);
  const soundtrack = edit.timeline.soundtrack;
  const joined = path.join(workDir, soundtrack ? 'joined.mp4' : 'render.mp4');
  // Our own list of our own files; the runner joins no other (decision 070). With pieces side by
  // side, the join's ffmpeg starts once all but the last is made (decision 257).
  const join = planConcatJoin({
    ffmpeg,
    listFile: path.join(workDir, 'segments.ffconcat'),
    outputArgs: [
      // Keep the segments' own timestamps: otherwise the first segment's AAC priming (−21 ms)
      // shifts the whole picture late against the sound.
      '-copyts',
      '-t',
      fmt(end),
      '-c',
      'copy',
      '-movflags',
      '+faststart',
      joined,
    ],
    signal,
    startAfter: encodes.length >= ENCODE_PIECES ? allButOneSettled(encodes) : null,
  });
  try {
    await Promise.all(encodes);
    // The concat demuxer gives every part the first part's stream headers: a copied clip whose
    // own differ (a tool x264 reads otherwise, a clip made by another encoder) would decode as
    // noise, so it is encoded instead.
    const firstEncoded = list.find((_, at) => !copies.some((copy) => copy.entry === at));
    const reference = await readStreamHeaders((firstEncoded ?? list[0])?.file ?? '').catch(
      () => null,
    );
    for (const copy of copies) {
      const entry = list[copy.entry]!;
      if (sameStreamHeaders(await readStreamHeaders(entry.file), reference)) continue;
      const out = path.join(workDir, `segment-${n++}.mp4`);
      await encodeAs(copy.segment, out, null, undefined);
      list[copy.entry] = { ...entry, file: out };
      made[copy.made] = { ...made[copy.made]!, mode: 'encode', pieces: 1 };
    }
  } catch (error) {
    await join.stop();
    throw error;
  }
  await join.finish(list);
  if (!soundtrack) return { file: joined, durationSec: end, segments: made };

  // The soundtrack plays from the start for the whole video or until it ends, under the clips'
  // own sound (Shotstack's soundtrack); the picture is copied, only the sound is encoded again.
  const output = path.join(workDir, 'render.mp4');
  const fades: string[] = [];
  const fadeSeconds = Math.min(2, end / 2);
  if (soundtrack.effect === 'fadeIn' || soundtrack.effect === 'fadeInFadeOut') {
    fades.push(`afade=t=in:st=0:d=${fmt(fadeSeconds)}`);
  }
  if (soundtrack.effect === 'fadeOut' || soundtrack.effect === 'fadeInFadeOut') {
    fades.push(`afade=t=out:st=${fmt(end - fadeSeconds)}:d=${fmt(fadeSeconds)}`);
  }
  const music = [
    `aformat=sample_fmts=fltp:sample_rates=${CANONICAL.sampleRate}:channel_layouts=stereo`,
    `volume=${soundtrack.volume ?? 1}`,
    `apad`,
    `atrim=0:${fmt(end)}`,
    ...fades,
  ].join(',');
  await runFfmpeg(
    ffmpeg,
    [
      '-y',
      '-i',
      joined,
      '-i',
      fileOf(files, soundtrack.src),
      '-filter_complex',
      `[1:a]${music}[m];[0:a]aformat=sample_fmts=fltp:sample_rates=${CANONICAL.sampleRate}:channel_layouts=stereo,apad,atrim=0:${fmt(end)}[c];` +
        `[c][m]amerge=inputs=2,pan=stereo|c0=c0+c2|c1=c1+c3[a]`,
      '-map',
      '0:v',
      '-map',
      '[a]',
      '-c:v',
      'copy',
      ...CANONICAL_AUDIO_ARGS,
      '-t',
      fmt(end),
      '-movflags',
      '+faststart',
      output,
    ],
    { signal },
  );
  return { file: output, durationSec: end, segments: made };
};

/** The picture's rows inside a stored clip's black bars. */
type Letterbox = { y: number; height: number };
/** A look that has not answered yet (`encodeLooked`). */
const UNANSWERED = Symbol('unanswered');

/**
 * The black bars of stored clips letterboxed at upload before decision 131 (a landscape video
 * "contain"-fitted into 1080x1920, its original not kept): for each file, the rows of the picture
 * between them, found by ffmpeg's cropdetect on the key frames of the clip's first two seconds, or
 * null when the picture fills the frame. Only bars above and below, alike within a few rows and a
 * tenth of the frame or more, count: what the upload's contain fit made (docs/decisions/197).
 * All the files are looked at by one ffmpeg run (decision 144, fourth amendment).
 */
const letterboxesOf = async (
  ffmpeg: string,
  files: readonly string[],
  workDir: string,
  signal?: AbortSignal,
): Promise<(Letterbox | null)[]> => {
  const reports = files.map((_, n) => path.join(workDir, `cropdetect-${n}.txt`));
  await runFfmpeg(
    ffmpeg,
    [
      // Only the key frames of the first two seconds are decoded (a stored clip has one every
      // two seconds, decision 035): decoding every frame to sample a few cost most of the look.
      ...files.flatMap((file) => ['-skip_frame', 'nokey', '-t', '2.1', '-i', file]),
      // cropdetect leaves its first two frames out of the measure, and only ffmpeg 6.1 and later
      // let that be changed (its `skip` option), so the first key frame is shown three times
      // more; the flags are ones ffmpeg 4.4 (npm's build) and Debian 12's 5.1 take too.
      '-filter_complex',
      reports
        .map(
          (report, n) =>
            `[${n}:v]loop=loop=3:size=1:start=0,cropdetect=limit=24:round=2:reset=0,metadata=mode=print:file=${report}[look${n}]`,
        )
        .join(';'),
      ...reports.flatMap((_, n) => ['-map', `[look${n}]`, '-f', 'null', '-']),
    ],
    { signal },
  );
  return Promise.all(
    reports.map(async (report) => barsIn(await readFile(report, 'utf8').catch(() => ''))),
  );
};

/** The picture's rows between a contain fit's bars, from one clip's cropdetect report. */
const barsIn = (text: string): Letterbox | null => {
  const last = (key: string) => {
    const all = [...text.matchAll(new RegExp(`lavfi\\.cropdetect\\.${key}=(-?\\d+)`, 'g'))];
    return all.length ? Number(all[all.length - 1]![1]) : NaN;
  };
  const [x1, x2, y1, y2] = [last('x1'), last('x2'), last('y1'), last('y2')];
  if (![x1, x2, y1, y2].every(Number.isFinite)) return null;
  const height = y2 - y1 + 1;
  const below = CANONICAL.height - 1 - y2;
  const full = x1 <= 2 && x2 >= CANONICAL.width - 3;
  if (!full || height <= 0 || height > CANONICAL.height * 0.9) return null;
  if (Math.abs(y1 - below) > 8) return null;
  const top = y1 - (y1 % 2);
  return { y: top, height: Math.min(CANONICAL.height - top, height + (y1 % 2)) & ~1 };
};

const fileOf = (files: ReadonlyMap<string, string>, src: string) => {
  const file = files.get(src);
  if (!file) throw new Error(`No local file for ${src}`);
  return file;
};

const canCopy = async (
  base: TResolvedClip,
  segment: Segment,
  probe: (src: string) => Promise<VideoProbe>,
) => {
  const asset = base.asset;
  if (asset.type !== 'video' || segment.overlays.length > 0) return false;
  if ((asset.trim ?? 0) !== 0 || (asset.volume ?? 1) !== 1) return false;
  if (isAnimated(base) || (base.scale ?? 1) !== 1) return false;
  if (segment.start !== base.start) return false;
  const facts = await probe(asset.src);
  if (!isCanonical(facts)) return false;
  if (facts.durationSec < segment.end - segment.start - 1 / CANONICAL.fps) return false;
  // A canonical file is exactly the frame: every fit leaves it as it is, but the placement must too.
  return fillsFrame(base, CANONICAL.width, CANONICAL.height);
};

type EncodeArgs = {
  ffmpeg: string;
  segment: Segment;
  background: string;
  files: ReadonlyMap<string, string>;
  probe: (src: string) => Promise<VideoProbe>;
  out: string;
  workDir: string;
  frame: OutputFrame;
  videoArgs: string[];
  /** Decoder, filter and encoder threads; ffmpeg's own count when not given. */
  threads?: number;
  signal?: AbortSignal;
  /** The footage's picture rows inside its black bars (a clip stored before decision 131). */
  letterbox: Letterbox | null;
  /** A text asset drawn and written as a PNG, once per render for all the pieces it spans. */
  drawn: (asset: TextLikeAsset) => Promise<DrawnText>;
};

type TextLikeAsset = Parameters<typeof drawTextAsset>[0];
type DrawnText = { raster: Awaited<ReturnType<typeof drawTextAsset>>; png: string };

const colour = (hex: string) => `0x${splitColor(hex).rgb.slice(1)}`;

/** One segment: the background, the footage, the upper clips over it, its audio. */
const encodeSegment = async (args: EncodeArgs) => {
  const { segment, probe, files, frame } = args;
  const length = segment.end - segment.start;
  const inputs: string[] = [];
  const filters: string[] = [];
  let inputCount = 0;
  const threads = args.threads === undefined ? [] : ['-threads', String(args.threads)];
  const addInput = (...spec: string[]) => {
    inputs.push(...threads, ...spec);
    return inputCount++;
  };
  const canvas = `color=c=${colour(args.background)}:s=${frame.width}x${frame.height}:r=${frame.rate}:d=${fmt(length)}`;

  let audio: string | null = null;
  let video = '';
  let layer = 0;
  const clips = segment.base ? [segment.base, ...segment.overlays] : segment.overlays;
  if (!segment.base) {
    filters.push(`${canvas},format=yuv420p[v0]`);
    video = '[v0]';
  }
  for (const clip of clips) {
    const isBase = clip === segment.base;
    const asset = clip.asset;
    const from = clip.start - segment.start;
    const visibleFrom = Math.max(0, from);
    const visibleTo = Math.min(length, from + clip.length);
    const skip = Math.max(0, segment.start - clip.start);
    const animated = isAnimated(clip);
    const scale = clip.scale ?? 1;
    const placement = placementOf(clip);
    /**
     * A still picture as an input: one frame when it only sits over the segment, or a looped
     * stream timed to the clip when it moves or is the segment's footage.
     */
    const addStill = (file: string, looped: boolean) =>
      looped
        ? {
            index: addInput(
              '-loop',
              '1',
              '-framerate',
              frame.rate,
              '-t',
              fmt(visibleTo - visibleFrom),
              '-i',
              file,
            ),
            shift: `,setpts=PTS-STARTPTS+${fmt(visibleFrom)}/TB`,
          }
        : { index: addInput('-i', file), shift: '' };
    let index: number;
    let sized: { filter: string; width: number; height: number };
    let box: { x: number; y: number };
    /** Moves the picture's timestamps onto the segment's. */
    let shift = '';
    if (asset.type === 'text' || asset.type === 'html' || asset.type === 'title') {
      const { raster, png } = await args.drawn(asset);
      const fullW = raster.boxWidth + 2 * raster.pad;
      const fullH = raster.boxHeight + 2 * raster.pad;
      const at = placeBox(placement, raster.boxWidth * scale, raster.boxHeight * scale, frame);
      box = { x: Math.round(at.x - raster.pad * scale), y: Math.round(at.y - raster.pad * scale) };
      sized =
        scale !== 1
          ? {
              filter: `scale=${even(fullW * scale)}:-2`,
              width: even(fullW * scale),
              height: even(fullH * scale),
            }
          : { filter: 'null', width: fullW, height: fullH };
      ({ index, shift } = addStill(png, animated));
    } else {
      const src = asset.src;
      const file = fileOf(files, src);
      const facts = await probe(src);
      if (!facts.video) throw new Error(`${src} has no picture`);
      sized = sizeFilter(clip.fit, facts.video, scale, frame);
      if (isBase && args.letterbox) {
        // The bars cut off and the picture filled over a blurred copy of itself, as an upload
        // is stored since decision 131 (docs/decisions/197).
        const { y, height } = args.letterbox;
        sized = {
          filter: `crop=${CANONICAL.width}:${height}:0:${y},${blurFillFilter({ width: CANONICAL.width, height })}`,
          width: frame.width,
          height: frame.height,
        };
      }
      box = placeBox(placement, sized.width, sized.height, frame);
      if (asset.type === 'video') {
        const start = (asset.trim ?? 0) + skip;
        const span = visibleTo - visibleFrom;
        // A source shorter than its clip loops, as a character clip is meant to.
        const loop = facts.durationSec > 0 && facts.durationSec < start + span - 1 / frame.fps;
        const seek = loop ? start % facts.durationSec : start;
        // A quarter frame early: a seek to the cut itself, once rounded, can land just past the
        // frame that starts on it (2.667 s for frame 80 at 2.6666… s) and drop it, so a segment
        // cut mid-clip came out a frame short. The sound drops the same lead below
        // (docs/decisions/195).
        const lead = Math.min(seek, 0.25 / frame.fps);
        index = addInput(
          ...(loop ? ['-stream_loop', '-1'] : []),
          '-ss',
          fmtExact(seek - lead),
          '-t',
          fmtExact(span + lead),
          '-i',
          file,
        );
        sized = { ...sized, filter: `${sized.filter},fps=${frame.rate}` };
        shift = `,setpts=PTS-STARTPTS+${fmt(visibleFrom)}/TB`;
        if (isBase && facts.audio) {
          const volume = asset.volume ?? 1;
          const trimLead = lead > 0 ? `atrim=start=${fmtExact(lead)},asetpts=PTS-STARTPTS,` : '';
          audio = `[${index}:a]${trimLead}${volume !== 1 ? `volume=${volume},` : ''}`;
        }
      } else {
        ({ index, shift } = addStill(file, animated || isBase));
      }
    }
    const motion = animated
      ? clipMotion({
          clip,
          from,
          skip,
          box: { ...box, width: sized.width, height: sized.height },
          frame,
        })
      : null;
    const pre = motion?.pre.length ? `,${motion.pre.join(',')}` : '';
    const post = motion?.post.length ? `,${motion.post.join(',')}` : '';
    const fills = !motion && fillsFrame(placement, sized.width, sized.height, frame);
    if (isBase && fills) {
      // The footage is the whole frame: no canvas under it (the Hook + Demo's fast path).
      filters.push(`[${index}:v]${sized.filter}${pre}${shift},format=yuv420p${post}[v0]`);
      video = '[v0]';
      continue;
    }
    if (isBase) {
      filters.push(`${canvas},format=yuv420p[bg]`);
      video = '[bg]';
    }
    layer++;
    const enable =
      visibleFrom > 0 || visibleTo < length
        ? `:enable='between(t,${fmt(visibleFrom)},${fmt(visibleTo)})'`
        : '';
    filters.push(
      `[${index}:v]${sized.filter}${pre},format=rgba${shift}${post}[o${layer}]`,
      `${video}[o${layer}]overlay=x='${motion?.x ?? box.x}':y='${motion?.y ?? box.y}'${enable}${asset.type === 'video' ? ':eof_action=pass' : ''}[v${layer}]`,
    );
    video = `[v${layer}]`;
  }
  // As many frames as the segment spans, counted (a time limit rounded to the microsecond can
  // let one more in, a filled letterboxed clip ends one short, so its last frame is held), so
  // joined pieces add up to the timeline (docs/decisions/195, 197).
  filters.push(
    `${video}format=yuv420p,tpad=stop_mode=clone:stop=2,trim=end_frame=${Math.round(length * frame.fps)}[vout]`,
  );

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
    `${audio}aformat=sample_fmts=fltp:sample_rates=${CANONICAL.sampleRate}:channel_layouts=stereo,apad,atrim=0:${fmtExact(length)}${baseAudioFades(segment, length)}[aout]`,
  );

  await runFfmpeg(
    args.ffmpeg,
    [
      '-y',
      ...(args.threads === undefined ? [] : ['-filter_complex_threads', String(args.threads)]),
      ...inputs,
      '-filter_complex',
      filters.join(';'),
      '-map',
      '[vout]',
      '-map',
      '[aout]',
      '-t',
      fmtExact(length),
      ...args.videoArgs,
      ...threads,
      ...CANONICAL_AUDIO_ARGS,
      '-f',
      'mp4',
      args.out,
    ],
    { signal: args.signal },
  );
};

/** The footage's sound fades with its picture when it fades in or out. */
const baseAudioFades = (segment: Segment, length: number) => {
  const base = segment.base;
  if (!base) return '';
  const parts: string[] = [];
  const from = base.start - segment.start;
  const to = from + base.length;
  const tin = base.transition?.in;
  const tout = base.transition?.out;
  if (tin && tin !== 'none' && from >= 0) {
    const d =
      TRANSITION_SECONDS[tin.endsWith('Slow') ? 'Slow' : tin.endsWith('Fast') ? 'Fast' : ''];
    parts.push(`afade=t=in:st=${fmt(from)}:d=${fmt(d)}`);
  }
  if (tout && tout !== 'none' && to <= length + 1e-6) {
    const d =
      TRANSITION_SECONDS[tout.endsWith('Slow') ? 'Slow' : tout.endsWith('Fast') ? 'Fast' : ''];
    parts.push(`afade=t=out:st=${fmt(Math.max(0, to - d))}:d=${fmt(d)}`);
  }
  return parts.map((p) => `,${p}`).join('');
};
