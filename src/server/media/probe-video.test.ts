import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMp4 } from '../testing/tiktok-sandbox-fixtures';
import { NO_BARS_COMMENT, normalizeVideo } from './canonical-video';
import { resolveFfmpeg, type FfmpegSettings } from './ffmpeg-path';
import { parseFfmpegBanner, probeVideo, probeVideoHeader, VideoProbeError } from './probe-video';

const run = promisify(execFile);

/** A clip stored as uploads are: a landscape test picture filled over its blurred copy. */
const canonicalFile = async (settings: FfmpegSettings, dir: string) => {
  const input = path.join(dir, 'upload.mp4');
  await writeFile(input, await makeMp4(settings, { seconds: 1, fps: 25, size: '640x360' }));
  const output = path.join(dir, 'stored.mp4');
  await normalizeVideo({ input, output, fit: 'blur', maxSeconds: 30, settings });
  return output;
};

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

describe('probeVideoHeader', () => {
  const settings = { path: null, searchPath: process.env.PATH ?? '' };
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'probe-header-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  /** An MP4 made by ffmpeg from test sources, with `args` as its output options. */
  const made = async (name: string, source: string, args: string[]) => {
    const file = path.join(dir, name);
    await run(await resolveFfmpeg(settings), [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', source],
      ...['-f', 'lavfi', '-i', 'sine=f=440:sample_rate=44100:d=2'],
      ...['-t', '2', ...args, file],
    ]);
    return file;
  };

  it('reads from the MP4 header what ffprobe says, without a process', async () => {
    const files = [
      // A stored clip: canonical, marked as filled at storage.
      await canonicalFile(settings, dir),
      // Odd cropped size, NTSC rate, mono 44.1 kHz, Constrained Baseline.
      await made('odd.mp4', 'testsrc2=s=642x362:r=30000/1001', [
        ...['-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-ac', '1'],
      ]),
      // Full range (ffprobe's yuvj420p) and 10 bits with B-frames.
      await made('full.mp4', 'testsrc2=s=320x240:r=25', [
        ...['-c:v', 'libx264', '-color_range', 'pc', '-pix_fmt', 'yuvj420p', '-an'],
      ]),
      await made('ten.mp4', 'testsrc2=s=320x240:r=24', [
        ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p10le', '-bf', '2', '-c:a', 'aac'],
      ]),
    ];
    for (const file of files) {
      const { probe, header } = await probeVideoHeader(file, settings);
      expect(header).not.toBeNull();
      const ffprobe = await probeVideo(file, settings);
      expect({ ...probe, durationSec: 0 }).toEqual({ ...ffprobe, durationSec: 0 });
      expect(probe.durationSec).toBeCloseTo(ffprobe.durationSec, 3);
    }
    expect((await probeVideoHeader(files[0]!, settings)).header?.comment).toBe(NO_BARS_COMMENT);
    expect((await probeVideoHeader(files[1]!, settings)).header?.comment).toBeNull();
  });

  it('leaves to ffprobe a header it does not read whole, and refuses what is no video', async () => {
    const plain = await made('plain.mp4', 'testsrc2=s=640x360:r=30', ['-c:v', 'libx264']);
    // A phone's portrait video: landscape frames and a rotation in the track header.
    const turned = path.join(dir, 'turned.mp4');
    await run(await resolveFfmpeg(settings), [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-i', plain],
      ...['-c', 'copy', '-metadata:s:v', 'rotate=90', turned],
    ]);
    const { probe, header } = await probeVideoHeader(turned, settings);
    expect(header).toBeNull();
    expect([probe.video?.width, probe.video?.height]).toEqual([360, 640]);
    const playlist = path.join(dir, 'clip.mp4');
    await writeFile(playlist, '#EXTM3U\n#EXT-X-TARGETDURATION:1\nfile:///etc/passwd\n');
    await expect(probeVideoHeader(playlist, settings)).rejects.toThrow();
  });
});
