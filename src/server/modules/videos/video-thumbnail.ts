import { execFile } from 'node:child_process';
import sharp from 'sharp';
import { PRODUCT_VIDEO_THUMB_MAX_WIDTH } from '#contract/user-videos';

/** Spec 02 §9: the frame at min(1 s, 10% of the duration). */
export const thumbnailFrameAt = (durationSec: number) => Math.min(1, durationSec * 0.1);

/** One frame of `videoFile` as a JPEG (quality 0.8) at most 160 px wide, per spec 02 §9. */
export const makeThumbnail = async (
  ffmpeg: string,
  videoFile: string,
  durationSec: number,
): Promise<Buffer> => {
  const at = thumbnailFrameAt(durationSec).toFixed(3);
  const png = await new Promise<Buffer>((resolve, reject) => {
    execFile(
      ffmpeg,
      [
        ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-ss', at, '-i', videoFile],
        ...['-frames:v', '1', '-f', 'image2pipe', '-c:v', 'png', 'pipe:1'],
      ],
      { encoding: 'buffer', maxBuffer: 32 * 1024 * 1024, timeout: 60_000 },
      (error, stdout, stderr) => {
        if (error || stdout.length === 0) {
          reject(new Error(`ffmpeg could not take a thumbnail: ${stderr.toString().slice(-400)}`));
        } else resolve(stdout);
      },
    );
  });
  return sharp(png)
    .resize({ width: PRODUCT_VIDEO_THUMB_MAX_WIDTH, withoutEnlargement: true })
    .jpeg({ quality: 80 })
    .toBuffer();
};
