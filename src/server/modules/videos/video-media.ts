import { spawn } from 'node:child_process';
import sharp from 'sharp';
import { PRODUCT_VIDEO_THUMB_MAX_WIDTH } from '#contract/user-videos';

// Probing, normalising and thumbnailing a product video with ffmpeg. The canonical format is the
// render seam's (S1: H.264 High yuv420p 1080x1920, 30 fps, AAC 48 kHz stereo, +faststart), so a
// render can stream-copy the stored file.

export type VideoProbe = {
  durationSec: number;
  width: number;
  height: number;
  hasAudio: boolean;
};

type RunResult = { code: number | null; stdout: Buffer; stderr: string };

const run = (ffmpeg: string, args: string[], timeoutMs: number): Promise<RunResult> =>
  new Promise((resolve, reject) => {
    const child = spawn(ffmpeg, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      // The head holds the stream list a probe reads; the tail the error of a failed run.
      stderr =
        stderr.length < 16_000
          ? stderr + chunk.toString()
          : stderr.slice(0, 8000) + chunk.toString().slice(-8000);
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout: Buffer.concat(out), stderr });
    });
  });

/**
 * Reads what ffmpeg says about the input (`ffmpeg -i`, which the bundled npm build has too; it
 * ships no ffprobe). Null when ffmpeg finds no video stream or cannot read the file.
 */
export const probeVideoFile = async (ffmpeg: string, file: string): Promise<VideoProbe | null> => {
  const { stderr } = await run(ffmpeg, ['-hide_banner', '-nostdin', '-i', file], 30_000);
  const video = /Stream #\d+:\d+[^\n]*: Video: [^\n]*?(\d{2,5})x(\d{2,5})/.exec(stderr);
  const duration = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(stderr);
  if (!video || !duration) return null;
  const durationSec = Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3]);
  let width = Number(video[1]);
  let height = Number(video[2]);
  // A phone video is often stored landscape with a rotation flag; ffmpeg applies it on decode.
  const rotation = /rotation of (-?\d+(?:\.\d+)?) degrees|rotate\s*:\s*(-?\d+)/.exec(stderr);
  const degrees = Math.abs(Number(rotation?.[1] ?? rotation?.[2] ?? 0)) % 180;
  if (degrees === 90) [width, height] = [height, width];
  return {
    durationSec,
    width,
    height,
    hasAudio: /Stream #\d+:\d+[^\n]*: Audio: /.test(stderr),
  };
};

export const CANONICAL = { width: 1080, height: 1920, fps: 30, sampleRate: 48_000 } as const;

/**
 * Arguments that turn any input into the canonical format, fitted "contain" on black so nothing
 * of the product is cut, cut at `maxSeconds`. A silent stereo track is added when the input has
 * none, so every stored video has the same streams.
 */
export const normalizeArgs = (
  input: string,
  output: string,
  { hasAudio, maxSeconds }: { hasAudio: boolean; maxSeconds: number },
): string[] => {
  const { width, height, fps, sampleRate } = CANONICAL;
  const fit =
    `scale=${width}:${height}:force_original_aspect_ratio=decrease,` +
    `pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2:black,setsar=1,fps=${fps},format=yuv420p`;
  return [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-i',
    input,
    ...(hasAudio
      ? []
      : ['-f', 'lavfi', '-i', `anullsrc=channel_layout=stereo:sample_rate=${sampleRate}`]),
    '-t',
    String(maxSeconds),
    '-map',
    '0:v:0',
    '-map',
    hasAudio ? '0:a:0' : '1:a:0',
    '-vf',
    fit,
    '-c:v',
    'libx264',
    '-profile:v',
    'high',
    '-preset',
    'veryfast',
    '-crf',
    '21',
    '-c:a',
    'aac',
    '-b:a',
    '128k',
    '-ar',
    String(sampleRate),
    '-ac',
    '2',
    ...(hasAudio ? [] : ['-shortest']),
    '-movflags',
    '+faststart',
    '-map_metadata',
    '-1',
    output,
  ];
};

export class MediaToolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MediaToolError';
  }
}

export const normalizeVideoFile = async (
  ffmpeg: string,
  input: string,
  output: string,
  options: { hasAudio: boolean; maxSeconds: number },
): Promise<void> => {
  const { code, stderr } = await run(ffmpeg, normalizeArgs(input, output, options), 10 * 60_000);
  if (code !== 0) {
    throw new MediaToolError(`ffmpeg could not convert the video: ${stderr.slice(-600).trim()}`);
  }
};

/** Spec 02 §9: the frame at min(1 s, 10% of the duration), at most 160 px wide, JPEG 0.8. */
export const thumbnailFrameAt = (durationSec: number) => Math.min(1, durationSec * 0.1);

export const makeThumbnail = async (
  ffmpeg: string,
  videoFile: string,
  durationSec: number,
): Promise<Buffer> => {
  const at = thumbnailFrameAt(durationSec).toFixed(3);
  const { code, stdout, stderr } = await run(
    ffmpeg,
    [
      '-hide_banner',
      '-nostdin',
      '-ss',
      at,
      '-i',
      videoFile,
      '-frames:v',
      '1',
      '-f',
      'image2pipe',
      '-c:v',
      'png',
      'pipe:1',
    ],
    60_000,
  );
  if (code !== 0 || stdout.length === 0) {
    throw new MediaToolError(`ffmpeg could not take a thumbnail: ${stderr.slice(-400).trim()}`);
  }
  return sharp(stdout)
    .resize({ width: PRODUCT_VIDEO_THUMB_MAX_WIDTH, withoutEnlargement: true })
    .jpeg({ quality: 80 })
    .toBuffer();
};
