import type { FfmpegSettings } from '../../media/ffmpeg-path';
import { TIKTOK_VIDEO_RULES } from '../../media/tiktok-media-rules';
import type { TikTokReadyVideo } from '../../media/tiktok-video';
import { prepareTikTokVideo, TikTokVideoRefused } from '../../media/tiktok-video';
import { AppError } from '../../errors';

const failed = (message: string) =>
  new AppError('tiktok_preflight_failed', message, { field: 'video_url' });

/** What the seller reads when a video cannot go to TikTok even converted. */
const refusal = (error: TikTokVideoRefused, maxDurationSec: number) => {
  const { verdict, probe } = error;
  if (verdict.reason === 'duration_check_failed' && probe) {
    const limit = Math.min(maxDurationSec, TIKTOK_VIDEO_RULES.maxDurationSec);
    return failed(
      `Video duration: ${Math.round(probe.durationSec)}s (exceeds max allowed ${limit}s). Trim it and send it again.`,
    );
  }
  if (probe && !probe.video) {
    return failed('This file has no video track. Export it as an MP4 (H.264).');
  }
  if (!probe) {
    return failed('This file is not a video TikTok can read. Export it as an MP4 (H.264).');
  }
  return failed(
    `Hookreel could not make this video into one TikTok accepts (${verdict.detail}). Export it as an MP4 (H.264, 30 fps, at least 360 px a side) and send it again.`,
  );
};

/**
 * The video as TikTok takes it (docs/decisions/106): MP4, MOV or WebM in H.264, H.265, VP8 or
 * VP9, 23–60 fps, 360–4096 px a side, as long as the creator may post; anything else ffmpeg
 * reads is converted to MP4 (H.264) first. A refusal is a 422 in words.
 */
export const readyForTikTok = async (
  video: Buffer,
  settings: FfmpegSettings,
  maxDurationSec: number,
): Promise<TikTokReadyVideo> =>
  prepareTikTokVideo(video, settings, { maxDurationSec }).catch((error: unknown) => {
    if (error instanceof TikTokVideoRefused) throw refusal(error, maxDurationSec);
    throw error;
  });

/**
 * TikTok's chunk rules (TikTok's Media Transfer Guide): up to 64,000,000 bytes in one chunk; otherwise 10 MB
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
