import { describe, expect, it } from 'vitest';
import { makeMp4 } from '../testing/tiktok-sandbox-fixtures';
import { parseFfmpegBanner, probeVideo, VideoProbeError } from './probe-video';

// What ffmpeg 5.1 prints for a phone video stored as landscape frames with a rotation flag.
const banner = (sideData: string) => `Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'clip.mp4':
  Duration: 00:00:01.00, start: 0.000000, bitrate: 137 kb/s
  Stream #0:0[0x1](und): Video: h264 (High) (avc1 / 0x31637661), yuv420p(progressive), 1920x1080 [SAR 1:1 DAR 16:9], 129 kb/s, 30 fps, 30 tbr, 15360 tbn (default)
    Metadata:
      handler_name    : VideoHandler
${sideData}
At least one output file must be specified`;

describe('parseFfmpegBanner', () => {
  it('reports the displayed size of a video turned by its rotation flag', () => {
    const turned = parseFfmpegBanner(
      banner('    Side data:\n      displaymatrix: rotation of -90.00 degrees'),
    );
    expect([turned.video?.width, turned.video?.height]).toEqual([1080, 1920]);
    const upsideDown = parseFfmpegBanner(
      banner('    Side data:\n      displaymatrix: rotation of 180.00 degrees'),
    );
    expect([upsideDown.video?.width, upsideDown.video?.height]).toEqual([1920, 1080]);
    const plain = parseFfmpegBanner(banner(''));
    expect([plain.video?.width, plain.video?.height]).toEqual([1920, 1080]);
  });
});

describe('probeVideo', () => {
  const settings = { path: null, searchPath: process.env.PATH ?? '' };

  it('reads a real video through the media runner', async () => {
    const facts = await probeVideo(await makeMp4(settings, { seconds: 1, fps: 25 }), settings);
    expect(facts).toMatchObject({
      durationSec: expect.closeTo(1, 0),
      video: { codec: 'h264', width: 360, height: 640, fps: 25 },
    });
  });

  it('says in words when the bytes are no media ffmpeg can read', async () => {
    const bytes = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypmp42'),
      Buffer.alloc(64),
    ]);
    await expect(probeVideo(bytes, settings)).rejects.toThrow(VideoProbeError);
  });
});
