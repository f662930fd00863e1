import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import type { FfmpegSettings } from './ffmpeg-path';
import { resolveFfmpeg } from './ffmpeg-path';
import { EXTENSION, sniffBytes } from './media-input';
import type { VideoProbe } from './probe-video';
import { probeVideo } from './probe-video';
import { runFfmpeg } from './run-ffmpeg';
import type { TikTokVideoVerdict } from './tiktok-media-rules';
import { judgeTikTokVideo, tiktokFrameRate, tiktokFrameSize } from './tiktok-media-rules';
import { makeWorkDir } from './work-dirs';

/** The Content-Type TikTok's chunk receiver is told: MP4, MOV (QuickTime) or WebM. */
export type TikTokVideoType = 'video/mp4' | 'video/quicktime' | 'video/webm';

export const tiktokVideoType = async (video: Uint8Array): Promise<TikTokVideoType> => {
  const mime = (await fileTypeFromBuffer(video.subarray(0, 4100)))?.mime;
  return mime === 'video/quicktime' || mime === 'video/webm' ? mime : 'video/mp4';
};

export type TikTokReadyVideo = {
  body: Buffer;
  contentType: TikTokVideoType;
  probe: VideoProbe;
  /** Set when the file was re-encoded: what TikTok would have refused in it. */
  convertedFrom?: Extract<TikTokVideoVerdict, { ok: false }>;
};

/** Why a video cannot be sent, even converted: the verdict, with the probe when there was one. */
export class TikTokVideoRefused extends Error {
  constructor(
    readonly verdict: Extract<TikTokVideoVerdict, { ok: false }>,
    readonly probe: VideoProbe | null,
  ) {
    super(`TikTok would refuse this video: ${verdict.detail}`);
    this.name = 'TikTokVideoRefused';
  }
}

/**
 * A video as TikTok takes it (docs/decisions/106): sent as it is when it passes TikTok's rules,
 * otherwise re-encoded through the one ffmpeg runner to MP4 (H.264, AAC) at a frame rate and
 * size TikTok accepts. A video longer than the creator may post, or with no picture, is refused:
 * cutting someone's ad short is the seller's choice, not ours.
 */
export const prepareTikTokVideo = async (
  video: Buffer,
  settings: FfmpegSettings,
  { maxDurationSec, signal }: { maxDurationSec: number; signal?: AbortSignal },
): Promise<TikTokReadyVideo> => {
  const kind = await sniffBytes(video, 'video').catch(() => null);
  const probe = kind ? await probeVideo(video, settings).catch(() => null) : null;
  const verdict = judgeTikTokVideo(probe, maxDurationSec);
  if (verdict.ok) return { body: video, contentType: await tiktokVideoType(video), probe: probe! };
  if (!verdict.convertible || !probe?.video || !kind) throw new TikTokVideoRefused(verdict, probe);

  const dir = await makeWorkDir('video');
  try {
    const input = path.join(dir, `source${EXTENSION[kind]}`);
    const output = path.join(dir, 'tiktok.mp4');
    await writeFile(input, video);
    const { scaled, padded } = tiktokFrameSize(probe.video.width, probe.video.height);
    const fps = tiktokFrameRate(probe.video.fps);
    const filter = [
      `scale=${scaled.width}:${scaled.height}`,
      `pad=${padded.width}:${padded.height}:(ow-iw)/2:(oh-ih)/2`,
      'setsar=1',
      ...(fps ? [`fps=${fps}`] : []),
      'format=yuv420p',
    ].join(',');
    await runFfmpeg(
      await resolveFfmpeg(settings),
      [
        ...['-y', '-i', input, '-map', '0:v:0', '-map', '0:a:0?', '-vf', filter],
        ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '21', '-pix_fmt', 'yuv420p'],
        ...['-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart', '-f', 'mp4', output],
      ],
      { signal },
    );
    const body = await readFile(output);
    const converted = await probeVideo(output, settings);
    const again = judgeTikTokVideo(converted, maxDurationSec);
    if (!again.ok) throw new TikTokVideoRefused(again, converted);
    return { body, contentType: 'video/mp4', probe: converted, convertedFrom: verdict };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};
