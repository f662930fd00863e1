import { randomUUID } from 'node:crypto';
import { TEMP_IMAGE_TTL_MS } from '#contract/carousel-images';
import type { Storage } from '../../adapters/storage/storage';
import type { Database } from '../../db/client';
import { decodeUpload, toWebJpeg } from '../uploads';
import type { ImageFile } from '../uploads';
import { findOwnTempImages, insertTempImage } from './temp-images-repo';

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
    const image = await decodeUpload(file, (buffer) => toWebJpeg(buffer, TEMP_IMAGE_MAX_SIDE));
    const id = randomUUID();
    const storageKey = `temp/${userId}/${id}.jpg`;
    const createdAt = now();
    // The row goes first: the cleanup finds files through their rows, so a file written after a
    // failed insert would never be deleted. A row whose file failed to store is harmless.
    await insertTempImage(db, {
      id,
      userId,
      storageKey,
      width: image.width,
      height: image.height,
      createdAt,
      expiresAt: new Date(createdAt.getTime() + TEMP_IMAGE_TTL_MS),
    });
    await storage.put(storageKey, image.buffer, image.contentType);
    return { url: await storage.signedUrl(storageKey, Math.floor(TEMP_IMAGE_TTL_MS / 1000)) };
  },

  /**
   * The user's hosted slides among `ids`: where each is stored, its size, and until when it is
   * kept. Ids that are not the user's are missing from the answer.
   */
  findOwn: (userId: string, ids: string[]) => findOwnTempImages(db, userId, ids),
});

export type TempImagesService = ReturnType<typeof createTempImagesService>;
