import { RENDER_FPS, RENDER_HEIGHT, RENDER_WIDTH } from '#contract/render';
import type { FfmpegSettings } from './ffmpeg-path';
import { resolveFfmpeg } from './ffmpeg-path';
import type { VideoProbe } from './probe-video';
import { probeVideo } from './probe-video';
import { FfmpegError, runFfmpeg } from './run-ffmpeg';
import type { PictureTools } from './stream-headers';

export { probeVideo, VideoProbeError, type VideoProbe } from './probe-video';
export { FfmpegError, runFfmpeg } from './run-ffmpeg';

/**
 * The one format product videos and character clips are stored in (decision 035), so a render
 * re-encodes only the segment under the hook overlay and stream-copies the rest: H.264 High,
 * yuv420p, 1080x1920, 30 fps constant, AAC-LC 48 kHz stereo, moov atom first.
 */
export const CANONICAL = {
  width: RENDER_WIDTH,
  height: RENDER_HEIGHT,
  fps: RENDER_FPS,
  videoCodec: 'h264',
  profile: 'High',
  pixFmt: 'yuv420p',
  audioCodec: 'aac',
  sampleRate: 48_000,
  channels: 2,
  /** The mp4 time base ffmpeg picks for 30 fps; set explicitly so concatenated parts agree. */
  videoTimescale: 15_360,
} as const;

/**
 * The coding tools a stored clip's picture parameter set names, and so every encode that joins it
 * must use: CAVLC and no weighted prediction, as x264 ultrafast codes, with the 8x8 transform that
 * keeps the stream High profile (without it x264 writes Constrained Baseline). The render then
 * encodes the hook about a fifth faster than with CABAC, for stored files about a tenth larger
 * (docs/decisions/144, third amendment). Clips stored before carry CABAC and weighted prediction
 * too; a render joining one reads its headers and matches them (`media/stream-headers.ts`).
 */
export const CANONICAL_PICTURE_TOOLS: PictureTools = {
  cabac: false,
  transform8x8: true,
  weightedPrediction: false,
};

/** x264's options for a set of picture tools: what its PPS then says. */
export const x264ToolParams = (tools: PictureTools) =>
  `cabac=${Number(tools.cabac)}:8x8dct=${Number(tools.transform8x8)}:weightp=${Number(tools.weightedPrediction)}`;

/**
 * x264 settings every canonical encode uses, the renderer's hook segment included. Segments joined
 * by the concat demuxer share one set of stream headers (the first file's), so every encode must
 * produce identical SPS/PPS: same profile, level and picture tools, and `stitchable` so x264 does
 * not tune the headers to the content (its initial QP would otherwise follow the CRF of each file).
 * veryfast is the measured sweet spot on 2 cores (measured with scripts/bench-render.ts).
 */
export const CANONICAL_VIDEO_ARGS = [
  '-c:v',
  'libx264',
  '-preset',
  'veryfast',
  '-crf',
  '21',
  '-profile:v',
  'high',
  '-level:v',
  '4.0',
  '-pix_fmt',
  'yuv420p',
  '-r',
  String(RENDER_FPS),
  '-g',
  String(RENDER_FPS * 2),
  // No B-frames: decode order is display order, so the concat demuxer's outpoint (which cuts
  // by decoding time) ends a stream-copied clip on the exact frame.
  '-bf',
  '0',
  '-x264-params',
  `stitchable=1:${x264ToolParams(CANONICAL_PICTURE_TOOLS)}`,
  '-video_track_timescale',
  String(CANONICAL.videoTimescale),
] as const;

export const CANONICAL_AUDIO_ARGS = [
  '-c:a',
  'aac',
  '-b:a',
  '128k',
  '-ar',
  String(CANONICAL.sampleRate),
  '-ac',
  String(CANONICAL.channels),
] as const;

/**
 * The `comment` a stored clip carries when it fills the frame, so it cannot hold the black bars of
 * the uploads stored "contain"-fitted before decision 131: a render reads it from the file's header
 * and does not look for bars (decision 144, fifth amendment). Files without it are looked at.
 */
export const NO_BARS_COMMENT = 'hookreel: filled at storage, no bars (decision 131)';
export const NO_BARS_METADATA = ['-metadata', `comment=${NO_BARS_COMMENT}`] as const;

/**
 * How a source that is not 9:16 fills the frame: crop to fill, letterbox in black, or (`blur`)
 * the whole picture fitted inside over a blurred, darkened fill of itself (decision 131).
 */
export type CanonicalFit = 'crop' | 'contain' | 'blur';

/** The blurred fill's strength: drawn at 1/8 size, blurred there, scaled back up (cheap). */
const BLUR_DOWNSCALE = 8;
const BLUR_RADIUS = 10;
/** How much of the fill's brightness is kept, so the product in front stands out. */
export const BLUR_FILL_BRIGHTNESS = 0.55;

/** Whether a probed file is already canonical (then a render can stream-copy it). */
export const isCanonical = (probe: VideoProbe): boolean =>
  probe.container.split(',').includes('mp4') &&
  probe.video !== null &&
  probe.video.codec === CANONICAL.videoCodec &&
  probe.video.profile === CANONICAL.profile &&
  probe.video.pixFmt === CANONICAL.pixFmt &&
  probe.video.width === CANONICAL.width &&
  probe.video.height === CANONICAL.height &&
  Math.abs(probe.video.fps - CANONICAL.fps) < 0.01 &&
  probe.audio !== null &&
  probe.audio.codec === CANONICAL.audioCodec &&
  probe.audio.sampleRate === CANONICAL.sampleRate &&
  probe.audio.channels === CANONICAL.channels;

/** Even dimensions computed here, because the npm ffmpeg (2018) has no force_divisible_by. */
const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/**
 * The filter that turns any frame into the canonical 1080x1920 picture: `crop` scales to fill and
 * cuts the overflow (Shotstack's crop), `contain` scales to fit and pads with `background`.
 */
export const fitFilter = (
  fit: CanonicalFit | 'cover' | 'none',
  source: { width: number; height: number },
  background = '#000000',
): string => {
  const W = CANONICAL.width;
  const H = CANONICAL.height;
  if (fit === 'blur') return blurFillFilter(source);
  const colour = `0x${background.replace('#', '').slice(0, 6)}`;
  if (fit === 'cover') return `scale=${W}:${H},setsar=1`;
  if (fit === 'none') {
    const w = Math.min(source.width, W);
    const h = Math.min(source.height, H);
    return `crop=${w}:${h},pad=${W}:${H}:(ow-iw)/2:(oh-ih)/2:color=${colour},setsar=1`;
  }
  const sw = source.width || W;
  const sh = source.height || H;
  const factor = fit === 'crop' ? Math.max(W / sw, H / sh) : Math.min(W / sw, H / sh);
  const w = fit === 'crop' ? Math.max(W, even(sw * factor)) : Math.min(W, even(sw * factor));
  const h = fit === 'crop' ? Math.max(H, even(sh * factor)) : Math.min(H, even(sh * factor));
  return fit === 'crop'
    ? `scale=${w}:${h},crop=${W}:${H},setsar=1`
    : `scale=${w}:${h},pad=${W}:${H}:(ow-iw)/2:(oh-ih)/2:color=${colour},setsar=1`;
};

/**
 * The picture fitted inside the frame (no cut) over a cover-scaled copy of itself, blurred and
 * darkened, instead of black bars. A source already 9:16 comes out as a plain fill. The blur is
 * done at an eighth of the size, so it costs little beside the encode.
 */
export const blurFillFilter = (source: { width: number; height: number }): string => {
  const W = CANONICAL.width;
  const H = CANONICAL.height;
  const sw = source.width || W;
  const sh = source.height || H;
  const cover = Math.max(W / sw, H / sh);
  const contain = Math.min(W / sw, H / sh);
  const w = Math.min(W, even(sw * contain));
  const h = Math.min(H, even(sh * contain));
  if (w === W && h === H) return `scale=${W}:${H},setsar=1`;
  const bw = even(W / BLUR_DOWNSCALE);
  const bh = even(H / BLUR_DOWNSCALE);
  const small = `scale=${Math.max(bw, even((sw * cover) / BLUR_DOWNSCALE))}:${Math.max(bh, even((sh * cover) / BLUR_DOWNSCALE))},crop=${bw}:${bh}`;
  const darken = `colorchannelmixer=rr=${BLUR_FILL_BRIGHTNESS}:gg=${BLUR_FILL_BRIGHTNESS}:bb=${BLUR_FILL_BRIGHTNESS}`;
  return [
    `split=2[fill][front]`,
    `[fill]${small},boxblur=${BLUR_RADIUS}:2,${darken},scale=${W}:${H},setsar=1[back]`,
    `[front]scale=${w}:${h},setsar=1[inside]`,
    `[back][inside]overlay=x=${(W - w) / 2}:y=${(H - h) / 2}`,
  ].join(';');
};

/**
 * The picture as the seller uploaded it, only re-encoded: its own shape, at most 1920 px on the
 * long side, so a render can still crop or fit it another way later (decision 131).
 */
export const originalFilter = (source: { width: number; height: number }): string => {
  const long = Math.max(source.width, source.height, 1);
  const f = Math.min(1, CANONICAL.height / long);
  return `scale=${even(source.width * f)}:${even(source.height * f)},setsar=1`;
};

/** Whether a picture is 9:16 to within a pixel or two of the frame (nothing to crop or fit). */
export const isPortraitFrame = (size: { width: number; height: number }) =>
  size.width > 0 && Math.abs(size.height / size.width - CANONICAL.height / CANONICAL.width) < 0.01;

/**
 * Turns any video ffmpeg reads into the canonical format: the picture fitted to 1080x1920 (`crop`,
 * `contain` or `blur`), 30 fps, at most `maxSeconds`, and an audio track in every file (silence
 * when the source has none) so every stored clip can be concatenated with any other. With
 * `originalOutput`, the same run also writes the picture in its own shape (`originalFilter`),
 * with the same codecs, so a render can fit it another way later.
 */
export const normalizeVideo = async ({
  input,
  output,
  originalOutput,
  fit,
  maxSeconds,
  settings,
  signal,
}: {
  input: string;
  output: string;
  originalOutput?: string;
  fit: CanonicalFit;
  maxSeconds: number;
  settings: FfmpegSettings;
  signal?: AbortSignal;
}): Promise<VideoProbe> => {
  const source = await probeVideo(input, settings);
  if (!source.video || !(source.durationSec > 0)) {
    throw new FfmpegError('The file has no video track ffmpeg can read', '');
  }
  const seconds = Math.min(source.durationSec, maxSeconds);
  const ffmpeg = await resolveFfmpeg(settings);
  const audioIn = source.audio
    ? []
    : ['-f', 'lavfi', '-i', `anullsrc=r=${CANONICAL.sampleRate}:cl=stereo`];
  const audio = `[${source.audio ? '0:a' : '1:a'}]aformat=sample_fmts=fltp:sample_rates=${CANONICAL.sampleRate}:channel_layouts=stereo,apad`;
  const filter = originalOutput
    ? [
        `[0:v]split=2[canonical][original]`,
        `[canonical]${fitFilter(fit, source.video)},fps=${CANONICAL.fps},format=yuv420p[v]`,
        `[original]${originalFilter(source.video)},fps=${CANONICAL.fps},format=yuv420p[vo]`,
        `${audio},asplit=2[a][ao]`,
      ].join(';')
    : [
        `[0:v]${fitFilter(fit, source.video)},fps=${CANONICAL.fps},format=yuv420p[v]`,
        `${audio}[a]`,
      ].join(';');
  const encode = (video: string, sound: string, file: string, marked: boolean) => [
    ...['-map', video, '-map', sound, '-t', seconds.toFixed(3)],
    // None of the upload's own tags are kept (a phone's location among them), so a file can only
    // say it has no bars when it was filled here.
    ...['-map_metadata', '-1', ...(marked ? NO_BARS_METADATA : [])],
    ...CANONICAL_VIDEO_ARGS,
    ...CANONICAL_AUDIO_ARGS,
    ...['-movflags', '+faststart', '-f', 'mp4', file],
  ];
  await runFfmpeg(
    ffmpeg,
    [
      '-y',
      '-i',
      input,
      ...audioIn,
      '-filter_complex',
      filter,
      ...encode('[v]', '[a]', output, fit !== 'contain'),
      ...(originalOutput ? encode('[vo]', '[ao]', originalOutput, false) : []),
    ],
    { signal },
  );
  return probeVideo(output, settings);
};
