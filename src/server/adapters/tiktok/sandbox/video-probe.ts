import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FfmpegSettings } from '../../../media/ffmpeg-path';
import { resolveFfmpeg } from '../../../media/ffmpeg-path';

const run = promisify(execFile);

export type VideoFacts = {
  container: string;
  videoCodec: string | null;
  durationSec: number;
  fps: number;
};

export type VideoFailReason =
  'file_format_check_failed' | 'duration_check_failed' | 'frame_rate_check_failed';

export const FRAME_RATE = { min: 23, max: 60 } as const;

const isExecutable = (file: string) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

const ratio = (value: string | undefined) => {
  const [n, d] = (value ?? '0/0').split('/').map(Number);
  return n && d ? n / d : 0;
};

/**
 * Reads container, codec, duration and frame rate with ffprobe beside the ffmpeg the project
 * uses (DESIGN §2); the npm build ships no ffprobe, so then ffmpeg's own banner is read instead.
 */
export const probeVideo = async (file: string, settings: FfmpegSettings): Promise<VideoFacts> => {
  const ffmpeg = await resolveFfmpeg(settings);
  const ffprobe = path.join(path.dirname(ffmpeg), 'ffprobe');
  if (isExecutable(ffprobe)) {
    const { stdout } = await run(
      ffprobe,
      ['-v', 'error', '-show_format', '-show_streams', '-of', 'json', file],
      { timeout: 30_000, maxBuffer: 4 * 1024 * 1024 },
    );
    const probe = JSON.parse(stdout) as {
      format?: { format_name?: string; duration?: string };
      streams?: {
        codec_type?: string;
        codec_name?: string;
        avg_frame_rate?: string;
        r_frame_rate?: string;
      }[];
    };
    const video = probe.streams?.find((s) => s.codec_type === 'video');
    return {
      container: probe.format?.format_name ?? '',
      videoCodec: video?.codec_name ?? null,
      durationSec: Number(probe.format?.duration ?? 0),
      fps: ratio(video?.avg_frame_rate) || ratio(video?.r_frame_rate),
    };
  }
  return probeWithFfmpeg(ffmpeg, file);
};

const probeWithFfmpeg = async (ffmpeg: string, file: string): Promise<VideoFacts> => {
  // ffmpeg with an input and no output exits 1 after printing what it found.
  const stderr = await run(ffmpeg, ['-hide_banner', '-i', file], { timeout: 30_000 }).then(
    (r) => r.stderr,
    (error: { stderr?: string }) => error.stderr ?? '',
  );
  const container = /Input #0, ([^ ]+), from/.exec(stderr)?.[1]?.replace(/,$/, '') ?? '';
  const duration = /Duration: (\d+):(\d+):([\d.]+)/.exec(stderr);
  const videoLine = /Stream #0:\d+.*?: Video: ([a-z0-9_]+)(.*)/.exec(stderr);
  const fps = videoLine ? /([\d.]+) fps/.exec(videoLine[2] ?? '')?.[1] : undefined;
  return {
    container,
    videoCodec: videoLine?.[1] ?? null,
    durationSec: duration
      ? Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3])
      : 0,
    fps: Number(fps ?? 0),
  };
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
