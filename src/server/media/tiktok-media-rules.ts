import type { VideoProbe } from './probe-video';

/**
 * TikTok's media rules (docs/decisions/106-one-table-of-tiktok-media-rules.md), the one table the
 * publishing preflight and the built-in sandbox both read, so what the sandbox lets through is
 * what TikTok lets through and what we send is what both accept.
 */
export const TIKTOK_VIDEO_RULES = {
  /** MP4, MOV and WebM: ffmpeg's mov demuxer reads the first two, its matroska demuxer WebM. */
  containers: ['mp4', 'mov', 'webm'],
  codecs: ['h264', 'hevc', 'vp8', 'vp9'],
  /** WebM is Matroska holding VP8 or VP9; a Matroska file with anything else is an MKV. */
  webmCodecs: ['vp8', 'vp9'],
  fps: { min: 23, max: 60 },
  side: { min: 360, max: 4096 },
  /** By upload through the API; a creator's own maximum (creator info) may be lower. */
  maxDurationSec: 600,
  maxBytes: 4 * 1024 * 1024 * 1024,
} as const;

export const TIKTOK_PHOTO_RULES = {
  formats: ['jpeg', 'webp'],
  /** TikTok says "1080p"; what it refuses in practice is a shorter side over 1080 px. */
  shortSideMax: 1080,
  maxBytes: 20 * 1024 * 1024,
  maxImages: 35,
} as const;

export type TikTokVideoFailReason =
  | 'file_format_check_failed'
  | 'duration_check_failed'
  | 'frame_rate_check_failed'
  | 'picture_size_check_failed';

export type TikTokVideoVerdict =
  | { ok: true }
  | {
      ok: false;
      reason: TikTokVideoFailReason;
      /** What was found, for the log and the seller's sentence. */
      detail: string;
      /** Whether re-encoding (MP4, H.264, a frame rate and size in range) makes it pass. */
      convertible: boolean;
    };

// A little slack for NTSC rates written as 23.976 (24000/1001) and rounding in ffmpeg's banner.
const FPS_SLACK = 0.05;

const containerOf = (probe: VideoProbe): 'mp4' | 'webm' | 'mkv' | null => {
  const names = probe.container.split(',');
  if (names.includes('mp4') || names.includes('mov')) return 'mp4';
  if (names.includes('webm') || names.includes('matroska')) {
    return (TIKTOK_VIDEO_RULES.webmCodecs as readonly string[]).includes(probe.video?.codec ?? '')
      ? 'webm'
      : 'mkv';
  }
  return null;
};

/**
 * TikTok's checks on a video, in the order its fail reasons are most useful; `probe` is null for
 * a file the prober could not read. `maxDurationSec` is the creator's maximum, capped at the
 * API's own.
 */
export const judgeTikTokVideo = (
  probe: VideoProbe | null,
  maxDurationSec: number = TIKTOK_VIDEO_RULES.maxDurationSec,
): TikTokVideoVerdict => {
  const rules = TIKTOK_VIDEO_RULES;
  if (!probe?.video) {
    return {
      ok: false,
      reason: 'file_format_check_failed',
      detail: probe ? 'no video track' : 'not a video ffmpeg can read',
      convertible: false,
    };
  }
  const video = probe.video;
  const limit = Math.min(maxDurationSec, rules.maxDurationSec);
  if (!(probe.durationSec > 0) || probe.durationSec > limit + 0.05) {
    return {
      ok: false,
      reason: 'duration_check_failed',
      detail: `${probe.durationSec.toFixed(1)} s against at most ${limit} s`,
      convertible: false,
    };
  }
  const container = containerOf(probe);
  if (container === null || container === 'mkv') {
    return {
      ok: false,
      reason: 'file_format_check_failed',
      detail: `container ${container ?? (probe.container || 'unknown')}`,
      convertible: true,
    };
  }
  if (!(rules.codecs as readonly string[]).includes(video.codec)) {
    return {
      ok: false,
      reason: 'file_format_check_failed',
      detail: `video codec ${video.codec || 'unknown'}`,
      convertible: true,
    };
  }
  if (video.fps < rules.fps.min - FPS_SLACK || video.fps > rules.fps.max + FPS_SLACK) {
    return {
      ok: false,
      reason: 'frame_rate_check_failed',
      detail: `${video.fps.toFixed(2)} fps`,
      convertible: true,
    };
  }
  const sides = [video.width, video.height];
  if (sides.some((side) => side < rules.side.min || side > rules.side.max)) {
    return {
      ok: false,
      reason: 'picture_size_check_failed',
      detail: `${video.width}×${video.height} px`,
      convertible: true,
    };
  }
  return { ok: true };
};

/** Even dimensions, as H.264 in 4:2:0 needs. */
const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/**
 * The size a converted video gets: its own when each side is within TikTok's range, otherwise
 * scaled (aspect kept) so the shorter side reaches the minimum or the longer one the maximum;
 * a shape too narrow for both is padded up to the minimum.
 */
export const tiktokFrameSize = (width: number, height: number) => {
  const { min, max } = TIKTOK_VIDEO_RULES.side;
  let factor = 1;
  if (Math.min(width, height) < min) factor = min / Math.min(width, height);
  if (Math.max(width, height) * factor > max) factor = max / Math.max(width, height);
  const scaled = { width: even(width * factor), height: even(height * factor) };
  return {
    scaled,
    padded: { width: Math.max(scaled.width, min), height: Math.max(scaled.height, min) },
  };
};

/** The frame rate a converted video gets: its own when in range, else 30. */
export const tiktokFrameRate = (fps: number) =>
  fps >= TIKTOK_VIDEO_RULES.fps.min - FPS_SLACK && fps <= TIKTOK_VIDEO_RULES.fps.max + FPS_SLACK
    ? null
    : 30;
