import type { FfmpegSettings } from '../../media/ffmpeg-path';
import { probeVideo as probeMedia } from '../../media/probe-video';
import { AppError } from '../../errors';

export type VideoFacts = { durationSec: number; fps: number; codec: string; container: string };

const failed = (message: string) =>
  new AppError('tiktok_preflight_failed', message, { field: 'video_url' });

/** What TikTok checks (container, codec, duration, frame rate), read by the server's one prober. */
export const probeVideo = async (video: Buffer, settings: FfmpegSettings): Promise<VideoFacts> => {
  const facts = await probeMedia(video, settings).catch(() => {
    throw failed('This file is not a video TikTok can read. Export it as an MP4 (H.264).');
  });
  if (!facts.video) throw failed('This file has no video track. Export it as an MP4 (H.264).');
  return {
    durationSec: facts.durationSec,
    fps: facts.video.fps,
    codec: facts.video.codec,
    container: facts.container,
  };
};

/** Spec 02 §5 and reference §2.10: mp4/H.264, 23–60 fps, no longer than the creator may post. */
export const checkVideo = (facts: VideoFacts, maxDurationSec: number) => {
  if (!facts.container.includes('mp4') || facts.codec !== 'h264') {
    throw failed(
      `TikTok needs an MP4 with H.264 video; this one is ${facts.codec || 'unknown'} in ${facts.container || 'an unknown container'}. Export it again as MP4 (H.264).`,
    );
  }
  if (facts.fps < 23 || facts.fps > 60) {
    throw failed(
      `TikTok accepts 23 to 60 frames per second; this video has ${Math.round(facts.fps)}. Export it at 30 fps.`,
    );
  }
  if (facts.durationSec > maxDurationSec) {
    throw failed(
      `Video duration: ${Math.round(facts.durationSec)}s (exceeds max allowed ${maxDurationSec}s). Trim it and send it again.`,
    );
  }
};

/**
 * TikTok's chunk rules (reference §2.3): up to 64,000,000 bytes in one chunk; otherwise 10 MB
 * chunks, count rounded down, the last chunk taking the remainder.
 */
export const chunkPlan = (size: number) => {
  if (size <= 64_000_000) return { chunkSize: size, totalChunkCount: 1 };
  const chunkSize = 10_000_000;
  return { chunkSize, totalChunkCount: Math.floor(size / chunkSize) };
};

export const chunkRanges = (size: number) => {
  const { chunkSize, totalChunkCount } = chunkPlan(size);
  return Array.from({ length: totalChunkCount }, (_, i) => ({
    first: i * chunkSize,
    last: i === totalChunkCount - 1 ? size - 1 : (i + 1) * chunkSize - 1,
    total: size,
  }));
};
