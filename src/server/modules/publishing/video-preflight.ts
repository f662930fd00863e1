import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { AppError } from '../../errors';

const run = promisify(execFile);

export type VideoFacts = { durationSec: number; fps: number; codec: string; container: string };

const failed = (message: string) =>
  new AppError('tiktok_preflight_failed', message, { field: 'video_url' });

const parseRate = (rate: string | undefined) => {
  const [n, d] = (rate ?? '0/1').split('/').map(Number);
  return d ? n! / d : 0;
};

/** Reads what TikTok checks (container, codec, duration, frame rate) with ffprobe. */
export const probeVideo = async (video: Buffer): Promise<VideoFacts> => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hookreel-probe-'));
  const file = path.join(dir, 'video');
  try {
    await fs.writeFile(file, video);
    const { stdout } = await run(
      'ffprobe',
      ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file],
      { timeout: 20_000, maxBuffer: 4 * 1024 * 1024 },
    ).catch(() => {
      throw failed('This file is not a video TikTok can read. Export it as an MP4 (H.264).');
    });
    const info = JSON.parse(stdout) as {
      format?: { format_name?: string; duration?: string };
      streams?: {
        codec_type?: string;
        codec_name?: string;
        avg_frame_rate?: string;
        r_frame_rate?: string;
      }[];
    };
    const stream = info.streams?.find((s) => s.codec_type === 'video');
    if (!stream) throw failed('This file has no video track. Export it as an MP4 (H.264).');
    return {
      durationSec: Number(info.format?.duration ?? 0),
      fps: parseRate(stream.avg_frame_rate) || parseRate(stream.r_frame_rate),
      codec: stream.codec_name ?? '',
      container: info.format?.format_name ?? '',
    };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
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
