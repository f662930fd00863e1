import type { FfmpegSettings } from '../../../media/ffmpeg-path';
import { probeVideo as probeMedia } from '../../../media/probe-video';

export type VideoFacts = {
  container: string;
  videoCodec: string | null;
  durationSec: number;
  fps: number;
};

export type VideoFailReason =
  'file_format_check_failed' | 'duration_check_failed' | 'frame_rate_check_failed';

export const FRAME_RATE = { min: 23, max: 60 } as const;

/**
 * Container, codec, duration and frame rate, read by the server's one prober (ffprobe, or the
 * npm ffmpeg's banner). A file ffmpeg cannot read has no container, which the checks refuse.
 */
export const probeVideo = async (file: string, settings: FfmpegSettings): Promise<VideoFacts> => {
  try {
    const facts = await probeMedia(file, settings);
    return {
      container: facts.container,
      videoCodec: facts.video?.codec ?? null,
      durationSec: facts.durationSec,
      fps: facts.video?.fps ?? 0,
    };
  } catch {
    return { container: '', videoCodec: null, durationSec: 0, fps: 0 };
  }
};

/** TikTok's checks on a received video, in the order its fail reasons are most useful. */
export const judgeVideo = (
  facts: VideoFacts,
  maxDurationSec: number,
): { ok: true } | { ok: false; reason: VideoFailReason; detail: string } => {
  const mp4 = facts.container.split(',').some((name) => name === 'mp4' || name === 'mov');
  if (!mp4)
    return {
      ok: false,
      reason: 'file_format_check_failed',
      detail: `container ${facts.container || 'unknown'}`,
    };
  if (facts.videoCodec !== 'h264') {
    return {
      ok: false,
      reason: 'file_format_check_failed',
      detail: `video codec ${facts.videoCodec ?? 'none'}`,
    };
  }
  if (!(facts.durationSec > 0) || facts.durationSec > maxDurationSec) {
    return {
      ok: false,
      reason: 'duration_check_failed',
      detail: `${facts.durationSec.toFixed(1)} s against at most ${maxDurationSec} s`,
    };
  }
  // A little slack for NTSC rates written as 23.976 (24000/1001) and rounding in the banner.
  if (facts.fps < FRAME_RATE.min - 0.05 || facts.fps > FRAME_RATE.max + 0.05) {
    return { ok: false, reason: 'frame_rate_check_failed', detail: `${facts.fps.toFixed(2)} fps` };
  }
  return { ok: true };
};
