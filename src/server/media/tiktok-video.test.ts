import { describe, expect, it } from 'vitest';
import { makeMp4 } from '../testing/tiktok-sandbox-fixtures';
import type { FfmpegSettings } from './ffmpeg-path';
import type { VideoProbe } from './probe-video';
import { probeVideo } from './probe-video';
import { judgeTikTokVideo, tiktokFrameSize } from './tiktok-media-rules';
import { prepareTikTokVideo, TikTokVideoRefused } from './tiktok-video';

const settings: FfmpegSettings = {
  path: process.env.FFMPEG_PATH ?? null,
  searchPath: process.env.PATH ?? '',
};

const probe = (over: Partial<NonNullable<VideoProbe['video']>> & { container?: string } = {}) => {
  const { container = 'mov,mp4,m4a,3gp,3g2,mj2', ...video } = over;
  return {
    container,
    durationSec: 12,
    video: {
      codec: 'h264',
      profile: '',
      pixFmt: 'yuv420p',
      width: 1080,
      height: 1920,
      fps: 30,
      ...video,
    },
    audio: null,
  } satisfies VideoProbe;
};

describe("TikTok's video rules, one table", () => {
  it('accepts MP4, MOV and WebM in H.264, H.265, VP8 and VP9, 23–60 fps, 360–4096 px', () => {
    for (const p of [
      probe(),
      probe({ codec: 'hevc' }),
      probe({ codec: 'vp9', container: 'matroska,webm' }),
      probe({ codec: 'vp8', container: 'matroska,webm' }),
      probe({ fps: 24000 / 1001 }),
      probe({ fps: 60, width: 360, height: 4096 }),
    ]) {
      expect(judgeTikTokVideo(p, 600)).toEqual({ ok: true });
    }
  });

  it('names what TikTok refuses, and whether converting cures it', () => {
    expect(judgeTikTokVideo(probe({ codec: 'mpeg4' }))).toMatchObject({
      reason: 'file_format_check_failed',
      convertible: true,
    });
    expect(judgeTikTokVideo(probe({ codec: 'h264', container: 'matroska,webm' }))).toMatchObject({
      reason: 'file_format_check_failed',
      detail: 'container mkv',
    });
    expect(judgeTikTokVideo(probe({ fps: 15 }))).toMatchObject({
      reason: 'frame_rate_check_failed',
      convertible: true,
    });
    expect(judgeTikTokVideo(probe({ fps: 120 }))).toMatchObject({
      reason: 'frame_rate_check_failed',
    });
    expect(judgeTikTokVideo(probe({ width: 320, height: 568 }))).toMatchObject({
      reason: 'picture_size_check_failed',
      convertible: true,
    });
    expect(judgeTikTokVideo(probe({ width: 5000 }))).toMatchObject({
      reason: 'picture_size_check_failed',
    });
    // Longer than the creator may post, or than the API takes at all: only the seller can cut it.
    expect(judgeTikTokVideo(probe(), 10)).toMatchObject({
      reason: 'duration_check_failed',
      convertible: false,
    });
    expect(judgeTikTokVideo({ ...probe(), durationSec: 601 }, 900)).toMatchObject({
      reason: 'duration_check_failed',
    });
    expect(judgeTikTokVideo(null)).toMatchObject({
      reason: 'file_format_check_failed',
      convertible: false,
    });
  });

  it('sizes a conversion into range with the aspect kept, padding a shape too narrow for both', () => {
    expect(tiktokFrameSize(320, 180).scaled).toEqual({ width: 640, height: 360 });
    expect(tiktokFrameSize(8192, 4608).scaled).toEqual({ width: 4096, height: 2304 });
    expect(tiktokFrameSize(100, 5000)).toEqual({
      scaled: { width: 82, height: 4096 },
      padded: { width: 360, height: 4096 },
    });
    expect(tiktokFrameSize(1080, 1920).scaled).toEqual({ width: 1080, height: 1920 });
  });
});

describe('prepareTikTokVideo', () => {
  it('sends what TikTok accepts as it is, with its own content type', async () => {
    const webm = await makeMp4(settings, { codec: 'libvpx-vp9', container: 'webm' });
    const ready = await prepareTikTokVideo(webm, settings, { maxDurationSec: 600 });
    expect(ready.body).toBe(webm);
    expect(ready.contentType).toBe('video/webm');
    expect(ready.convertedFrom).toBeUndefined();
  });

  it('converts what TikTok refuses (15 fps, 320 px, MPEG-4 Part 2) to an MP4 it takes', async () => {
    const source = await makeMp4(settings, { fps: 15, size: '320x180', codec: 'mpeg4' });
    const ready = await prepareTikTokVideo(source, settings, { maxDurationSec: 600 });
    expect(ready.convertedFrom).toMatchObject({ reason: 'file_format_check_failed' });
    expect(ready.contentType).toBe('video/mp4');
    const after = await probeVideo(ready.body, settings);
    expect(after.video).toMatchObject({ codec: 'h264', width: 640, height: 360 });
    expect(after.video!.fps).toBeCloseTo(30, 1);
    expect(judgeTikTokVideo(after)).toEqual({ ok: true });
  });

  it('refuses, unconverted, a video longer than the creator may post or no video at all', async () => {
    const source = await makeMp4(settings, { seconds: 3 });
    const long = await prepareTikTokVideo(source, settings, { maxDurationSec: 1 }).catch(
      (e: unknown) => e,
    );
    expect(long).toBeInstanceOf(TikTokVideoRefused);
    expect((long as TikTokVideoRefused).verdict.reason).toBe('duration_check_failed');
    const junk = await prepareTikTokVideo(Buffer.from('not a video'), settings, {
      maxDurationSec: 600,
    }).catch((e: unknown) => e);
    expect((junk as TikTokVideoRefused).verdict.reason).toBe('file_format_check_failed');
  });
});
