import { PRODUCT_VIDEO_MAX_BYTES, PRODUCT_VIDEO_MAX_SECONDS } from '#contract/user-videos';

/** Reads a file's duration in seconds from its metadata; rejects when it cannot be read. */
export type DurationReader = (file: File) => Promise<number>;

/** The browser's own reader: a detached <video> fires loadedmetadata (or error). */
export const readVideoDuration: DurationReader = (file) =>
  new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const video = document.createElement('video');
    video.preload = 'metadata';
    video.muted = true;
    const done = () => URL.revokeObjectURL(url);
    video.onloadedmetadata = () => {
      done();
      resolve(video.duration);
    };
    video.onerror = () => {
      done();
      reject(new Error('metadata'));
    };
    video.src = url;
  });

/**
 * Spec 02 §5 Product video upload: size, type, then duration, each with its message word for
 * word; null when the file may be uploaded.
 */
export const productVideoProblem = async (
  file: File,
  readDuration: DurationReader = readVideoDuration,
): Promise<string | null> => {
  if (file.size > PRODUCT_VIDEO_MAX_BYTES) {
    return `File ${file.name} is too large. Maximum size is 100MB.`;
  }
  if (!file.type.startsWith('video/')) return `File ${file.name} is not a valid video.`;
  let seconds: number;
  try {
    seconds = await readDuration(file);
  } catch {
    return `Failed to load video ${file.name}`;
  }
  if (!Number.isFinite(seconds) || seconds > PRODUCT_VIDEO_MAX_SECONDS) {
    return `Video ${file.name} is too long. Maximum duration is 30 seconds.`;
  }
  return null;
};
