import { randomUUID } from 'node:crypto';
import { TEMP_IMAGE_TTL_MS } from '#contract/carousel-images';
import type { Storage } from '../../adapters/storage/storage';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { toWebJpeg } from '../uploads/image-convert';
import type { ImageFile } from '../uploads/image-upload';
import { insertTempImage } from './temp-images-repo';

/** A rendered slide is 1080²; this leaves room for larger renders without keeping huge files. */
const TEMP_IMAGE_MAX_SIDE = 1920;

export const createTempImagesService = ({
  db,
  storage,
  now = () => new Date(),
}: {
  db: Database;
  storage: Storage;
  now?: () => Date;
}) => ({
  /**
   * Hosts one rendered slide for a photo post: always re-encoded as JPEG (what the platform
   * accepts), under temp/, behind a signed URL that lives as long as the file is kept.
   */
  upload: async (userId: string, file: ImageFile) => {
    let image;
    try {
      image = await toWebJpeg(file.buffer, TEMP_IMAGE_MAX_SIDE);
    } catch {
      throw new AppError(
        'unsupported_media_type',
        `${file.filename || 'The file'} could not be read as an image`,
        { field: 'image' },
      );
    }
    const id = randomUUID();
    const storageKey = `temp/${userId}/${id}.jpg`;
    await storage.put(storageKey, image.buffer, image.contentType);
    const createdAt = now();
    await insertTempImage(db, {
      id,
      userId,
      storageKey,
      createdAt,
      expiresAt: new Date(createdAt.getTime() + TEMP_IMAGE_TTL_MS),
    });
    return { url: await storage.signedUrl(storageKey, Math.floor(TEMP_IMAGE_TTL_MS / 1000)) };
  },
});

export type TempImagesService = ReturnType<typeof createTempImagesService>;
