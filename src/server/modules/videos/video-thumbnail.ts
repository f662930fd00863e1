import sharp from 'sharp';
import { PRODUCT_VIDEO_THUMB_MAX_WIDTH } from '#contract/user-videos';
import { runFfmpeg } from '../../media/run-ffmpeg';

/** docs/product/hook-demo.md rule 8: the frame at min(1 s, 10% of the duration). */
export const thumbnailFrameAt = (durationSec: number) => Math.min(1, durationSec * 0.1);

/**
 * One frame of `videoFile` as a JPEG (quality 0.8) at most 160 px wide, per
 * docs/product/hook-demo.md rule 8. Taken by the one runner, so the file is read only as the video
 * its bytes say it is (decision 070).
 */
/** A frame takes well under a second; a minute means the machine is overloaded. */
export const THUMBNAIL_TIMEOUT_MS = 60_000;

export const makeThumbnail = async (
  ffmpeg: string,
  videoFile: string,
  durationSec: number,
  timeoutMs = THUMBNAIL_TIMEOUT_MS,
): Promise<Buffer> => {
  const at = thumbnailFrameAt(durationSec).toFixed(3);
  const png = await runFfmpeg(
    ffmpeg,
    [
      ...['-ss', at, '-i', videoFile],
      ...['-frames:v', '1', '-f', 'image2pipe', '-c:v', 'png', 'pipe:1'],
    ],
    { captureStdout: true, timeoutMs },
  ).catch((error: unknown) => {
    throw new Error(
      `ffmpeg could not take a thumbnail: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  });
  if (png.length === 0) throw new Error('ffmpeg could not take a thumbnail: no frame');
  return sharp(png)
    .resize({ width: PRODUCT_VIDEO_THUMB_MAX_WIDTH, withoutEnlargement: true })
    .jpeg({ quality: 80 })
    .toBuffer();
};
