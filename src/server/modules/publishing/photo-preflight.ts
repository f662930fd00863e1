import sharp from 'sharp';
import type { Storage } from '../../adapters/storage/storage';
import { AppError } from '../../errors';
import { TIKTOK_PHOTO_RULES } from '../../media/tiktok-media-rules';
import type { TempImagesService } from '../temp-images';
import { pulledMediaUrl } from './pulled-media';

/** TikTok's practical photo rule: the shorter side at most 1080 px (docs/decisions/106). */
export const PHOTO_MAX_SHORT_SIDE = TIKTOK_PHOTO_RULES.shortSideMax;
/** TikTok downloads within an hour of the init; the slide must outlive that. */
const MIN_HOSTED_MS = 60 * 60 * 1000;
/** TikTok downloads within an hour of the init; the links outlive that with room to spare. */
const PULL_URL_TTL_SECONDS = 2 * 60 * 60;
const TEMP_ID = /\/temp\/([^/]+)\/([0-9a-f-]{36})\.jpg$/;

const preflightFailed = (message: string, field = 'photo_images') =>
  new AppError('tiktok_preflight_failed', message, { field });

export type PreparedPhotos = { keys: string[]; urls: string[] };

/**
 * Makes every slide something TikTok accepts before anything is sent: it must be one of the
 * user's own hosted slides (so TikTok only ever pulls from our origin), JPEG, at most 1080 px on
 * the shorter side, and hosted for at least another hour. Slides that are not are converted and
 * hosted again; nothing is sent when one cannot be.
 */
export const preparePhotos = async (
  deps: {
    storage: Storage;
    tempImages: TempImagesService;
    pulledMedia: { origin: string; secret: string };
    now: () => Date;
  },
  userId: string,
  urls: string[],
): Promise<PreparedPhotos> => {
  const keys: string[] = [];
  const ids = urls.map((raw) => {
    const match = TEMP_ID.exec(new URL(raw).pathname);
    return match && match[1] === userId ? match[2]! : null;
  });
  const rows = new Map(
    (
      await deps.tempImages.findOwn(
        userId,
        ids.filter((id) => id !== null),
      )
    ).map((row) => [row.id, row]),
  );
  for (const [index, id] of ids.entries()) {
    const row = id === null ? undefined : rows.get(id);
    if (!row) {
      throw preflightFailed(
        `Slide ${index + 1} is not one of your hosted slides. Render the carousel again and send it from Hookreel.`,
      );
    }
    const fresh = row.expiresAt.getTime() - deps.now().getTime() >= MIN_HOSTED_MS;
    // A hosted slide is always stored as a JPEG (temp-images-service); the size recorded with it
    // settles the rest without reading the file back from storage (decision 259).
    if (
      fresh &&
      row.width !== null &&
      row.height !== null &&
      Math.min(row.width, row.height) <= PHOTO_MAX_SHORT_SIDE
    ) {
      keys.push(row.storageKey);
      continue;
    }
    const stored = await deps.storage.get(row.storageKey);
    if (!stored) throw preflightFailed(`Slide ${index + 1} has expired. Send the carousel again.`);
    const meta = await sharp(stored.body).metadata();
    const shortSide = Math.min(meta.width ?? 0, meta.height ?? 0);
    if (meta.format === 'jpeg' && shortSide <= PHOTO_MAX_SHORT_SIDE && fresh) {
      keys.push(row.storageKey);
      continue;
    }
    const converted = await sharp(stored.body)
      .resize({
        width: PHOTO_MAX_SHORT_SIDE,
        height: PHOTO_MAX_SHORT_SIDE,
        fit: 'outside',
        withoutEnlargement: true,
      })
      .jpeg({ quality: 90 })
      .toBuffer();
    const { url } = await deps.tempImages.upload(userId, {
      buffer: converted,
      mime: 'image/jpeg',
      ext: 'jpg',
      filename: `slide_${index + 1}.jpg`,
      field: 'photo_images',
    });
    const rehosted = TEMP_ID.exec(new URL(url).pathname);
    keys.push(`temp/${userId}/${rehosted![2]}.jpg`);
  }
  // Served from the verified public origin, not the storage's own link (a bucket's presigned
  // URL is on no domain the operator verified with TikTok): docs/decisions/105.
  const pulled = keys.map((key) => pulledMediaUrl(deps.pulledMedia, key, PULL_URL_TTL_SECONDS));
  return { keys, urls: pulled };
};
