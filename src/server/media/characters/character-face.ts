import type { FaceBox } from '#contract/hook-demo';
import type { FfmpegSettings } from '../ffmpeg-path';
import { resolveFfmpeg } from '../ffmpeg-path';
import { runFfmpeg } from '../run-ffmpeg';
import type { RgbFrame } from './face-detector';
import { findHeadBox } from './face-detector';

/** Frames are looked at in 9:16 at this size: a face filling a fifth of the width is 72 px. */
const FRAME_WIDTH = 360;
const FRAME_HEIGHT = 640;
/** A clip is looked at over the part the hook plays over (5 s by default), every 2 s. */
const CLIP_SECONDS = 6;
const CLIP_FPS = 0.5;
const MAX_FRAMES = 4;

/**
 * The character as the render shows it (`fit: 'crop'` into the 9:16 frame, decision 132), as raw
 * RGB frames through the one media runner: the still once, a clip every 2 s of its first 6 s.
 */
export const characterFrames = async ({
  file,
  kind,
  ffmpeg,
  signal,
}: {
  file: string;
  kind: 'still' | 'clip';
  ffmpeg: FfmpegSettings;
  signal?: AbortSignal;
}): Promise<RgbFrame[]> => {
  const fill = `scale=${FRAME_WIDTH}:${FRAME_HEIGHT}:force_original_aspect_ratio=increase,crop=${FRAME_WIDTH}:${FRAME_HEIGHT}`;
  const args =
    kind === 'still'
      ? ['-i', file, '-vf', fill]
      : ['-t', String(CLIP_SECONDS), '-i', file, '-vf', `fps=${CLIP_FPS},${fill}`];
  const out = await runFfmpeg(
    await resolveFfmpeg(ffmpeg),
    [
      ...args,
      '-frames:v',
      String(MAX_FRAMES),
      '-an',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      'pipe:1',
    ],
    { captureStdout: true, timeoutMs: 60_000, ...(signal ? { signal } : {}) },
  );
  const size = FRAME_WIDTH * FRAME_HEIGHT * 3;
  const frames: RgbFrame[] = [];
  for (let at = 0; at + size <= out.length; at += size) {
    frames.push({
      data: new Uint8Array(out.buffer, out.byteOffset + at, size),
      width: FRAME_WIDTH,
      height: FRAME_HEIGHT,
    });
  }
  return frames;
};

/**
 * Where a generated still's or an uploaded clip's face is in the 9:16 frame (issue 24, decision
 * 139), or null when none is found.
 */
export const findCharacterFace = async (input: {
  file: string;
  kind: 'still' | 'clip';
  ffmpeg: FfmpegSettings;
  signal?: AbortSignal;
}): Promise<FaceBox | null> => findHeadBox(await characterFrames(input));
