import { readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  PRODUCT_VIDEO_MAX_BYTES,
  PRODUCT_VIDEO_MAX_SECONDS,
  productVideoOriginalPath,
  productVideoThumbPath,
} from '#contract/user-videos';
import type { Storage } from '../../adapters/storage/storage';
import { AppError, serverBusy } from '../../errors';
import { isPortraitFrame, normalizeVideo, probeVideo } from '../../media/canonical-video';
import type { VideoProbe } from '../../media/canonical-video';
import type { FfmpegSettings } from '../../media/ffmpeg-path';
import { resolveFfmpeg } from '../../media/ffmpeg-path';
import { sniffFile } from '../../media/media-input';
import { isFfmpegTimeout } from '../../media/run-ffmpeg';
import { makeThumbnail, THUMBNAIL_TIMEOUT_MS } from './video-thumbnail';

// The one way a raw file becomes a product video, whichever route brought it (multipart upload,
// direct upload, import): limits and content checked, normalised, thumbnailed, stored.

/** Duration is read from the container; a hair over 30 s is rounding, not a longer video. */
const DURATION_TOLERANCE_SEC = 0.05;

export const tooLarge = (name: string) =>
  new AppError('payload_too_large', `File ${name} is too large. Maximum size is 100MB.`, {
    field: 'videos',
  });
export const notAVideo = (name: string) =>
  new AppError('unsupported_media_type', `File ${name} is not a valid video.`, {
    field: 'videos',
  });
export const tooLong = (name: string) =>
  new AppError(
    'video_too_long',
    `Video ${name} is too long. Maximum duration is ${PRODUCT_VIDEO_MAX_SECONDS} seconds.`,
    { field: 'videos' },
  );

/**
 * A step stopped at its time limit: on a machine too busy to finish it in time, the file is not
 * at fault (503 server_busy, nothing stored); anything else is left to the caller's mapping.
 */
const busyIfTimedOut = (error: unknown) => {
  if (isFfmpegTimeout(error)) throw serverBusy();
  throw error;
};

export type IntakeResult = {
  durationMs: number;
  sizeBytes: number;
  /** The uploaded picture's shape when it is not 9:16 and its original was kept; else null. */
  original: { width: number; height: number } | null;
};

/**
 * Checks `rawFile` (size, video by content, duration), writes the canonical mp4 to `videoKey`
 * (a picture that is not 9:16 fitted over a blurred fill of itself, the render's default) and
 * its thumbnail beside it, and for such a picture the original shape too
 * (`productVideoOriginalPath`), so the seller can choose Fill or Fit later (decision 131).
 * Throws 413/415/422 AppErrors naming `name`, or 503 server_busy when a step ran out of time;
 * stores nothing then.
 */
export const intakeVideoFile = async ({
  ffmpegSettings,
  storage,
  rawFile,
  workDir,
  name,
  videoKey,
  thumbnailTimeoutMs = THUMBNAIL_TIMEOUT_MS,
}: {
  ffmpegSettings: FfmpegSettings;
  storage: Storage;
  rawFile: string;
  /** A private temporary folder the caller removes. */
  workDir: string;
  name: string;
  videoKey: string;
  /** The thumbnail's time limit (tests shorten it). */
  thumbnailTimeoutMs?: number;
}): Promise<IntakeResult> => {
  const { size } = await stat(rawFile);
  if (size > PRODUCT_VIDEO_MAX_BYTES) throw tooLarge(name);
  if (size === 0) throw notAVideo(name);
  // By content, never by name or declared type (a renamed text file or a playlist is refused
  // here): one of the containers the prober and the runner open (decision 070).
  if (!(await sniffFile(rawFile, 'video').catch(() => null))) throw notAVideo(name);
  const probe = await probeVideo(rawFile, ffmpegSettings).catch((error: unknown) =>
    isFfmpegTimeout(error) ? busyIfTimedOut(error) : null,
  );
  if (!probe?.video || probe.video.width === 0 || probe.video.height === 0) throw notAVideo(name);
  if (probe.durationSec > PRODUCT_VIDEO_MAX_SECONDS + DURATION_TOLERANCE_SEC) throw tooLong(name);

  const normalized = path.join(workDir, 'normalized.mp4');
  const keepOriginal = !isPortraitFrame(probe.video);
  const original = path.join(workDir, 'original.mp4');
  let output: VideoProbe;
  try {
    // Nothing of the product is cut and no bars are drawn: the whole picture over a blurred
    // fill of itself.
    output = await normalizeVideo({
      input: rawFile,
      output: normalized,
      ...(keepOriginal ? { originalOutput: original } : {}),
      fit: 'blur',
      maxSeconds: PRODUCT_VIDEO_MAX_SECONDS,
      settings: ffmpegSettings,
    });
  } catch (error) {
    if (isFfmpegTimeout(error)) busyIfTimedOut(error);
    // The header looked like a video but the streams do not decode: still the user's file.
    throw notAVideo(name);
  }
  const thumbnail = await makeThumbnail(
    await resolveFfmpeg(ffmpegSettings),
    normalized,
    output.durationSec,
    thumbnailTimeoutMs,
  ).catch(busyIfTimedOut);
  const body = await readFile(normalized);
  await rm(normalized, { force: true });

  const thumbKey = productVideoThumbPath(videoKey);
  const originalKey = productVideoOriginalPath(videoKey);
  await storage.put(videoKey, body, 'video/mp4');
  try {
    await storage.put(thumbKey, thumbnail, 'image/jpeg');
    if (keepOriginal) {
      await storage.put(originalKey, await readFile(original), 'video/mp4');
      await rm(original, { force: true });
    }
  } catch (error) {
    await storage.delete(videoKey).catch(() => undefined);
    await storage.delete(thumbKey).catch(() => undefined);
    throw error;
  }
  return {
    durationMs: Math.round(output.durationSec * 1000),
    sizeBytes: body.length,
    original: keepOriginal ? { width: probe.video.width, height: probe.video.height } : null,
  };
};
