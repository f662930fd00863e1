import { randomUUID } from 'node:crypto';
import type { TCarouselImageListResponse, TImageCollection } from '#contract/carousel-images';
import type { Storage } from '../../adapters/storage/storage';
import type { Database } from '../../db/client';
import { notFound } from '../../errors';
import { decodeUpload, toWebJpeg } from '../uploads';
import type { ImageFile } from '../uploads';
import {
  libraryImageUrl,
  libraryThumbUrl,
  parseCarouselImageUrl,
  parseMediaFile,
  userImageUrl,
  verifyImageCapability,
} from './carousel-image-urls';
import {
  findImage,
  insertImages,
  listCollectionImageIds,
  listCollectionRefs,
  listCollectionsWithCovers,
  listPlatformImageIds,
  listUserImageIds,
  findCollection,
} from './carousel-images-repo';
import { thumbKeyOf } from './thumb-key';

/** Longest side kept for a user's upload: a 4:3 or 16:9 photo still fills a 1080² slide. */
export const USER_IMAGE_MAX_SIDE = 1600;
// Lists without paging in the contract; these caps keep one response bounded.
const PLATFORM_LIST_LIMIT = 1000;
const USER_LIST_LIMIT = 500;

const YEAR_SECONDS = 365 * 24 * 60 * 60;

export type MediaResponse = { body: Buffer; contentType: string; cacheControl: string };

export const createCarouselImagesService = ({
  db,
  storage,
  secret,
}: {
  db: Database;
  storage: Storage;
  secret: string;
}) => {
  const readMedia = async (file: string, capability: unknown): Promise<MediaResponse | null> => {
    const media = parseMediaFile(file);
    if (!media) return null;
    const row = await findImage(db, media.id);
    if (!row) return null;
    const isUserImage = row.collectionKey === null;
    // A wrong or missing capability looks exactly like a missing image.
    if (isUserImage && !verifyImageCapability(secret, row.id, capability)) return null;
    if (isUserImage && media.variant === 'thumb') return null;
    const object = await storage.get(
      media.variant === 'thumb' ? thumbKeyOf(row.storageKey) : row.storageKey,
    );
    if (!object) return null;
    return {
      body: object.body,
      contentType: object.contentType,
      // The bytes behind an id never change, so browsers and CDNs may keep them for good.
      cacheControl: `${isUserImage ? 'private' : 'public'}, max-age=${YEAR_SECONDS}, immutable`,
    };
  };

  return {
    listCollections: async (): Promise<{ collections: TImageCollection[] }> => ({
      collections: (await listCollectionsWithCovers(db)).map((c) => ({
        key: c.key,
        name: c.name,
        coverUrl: c.coverId ? libraryThumbUrl(c.coverId) : '',
        count: c.count,
      })),
    }),

    /** What the AI routes choose from (key and name of every collection that has images). */
    listCollectionRefs: (): Promise<{ key: string; name: string }[]> => listCollectionRefs(db),

    collectionImages: async (key: string): Promise<{ images: string[] }> => {
      const collection = await findCollection(db, key);
      if (!collection) throw notFound('No such collection');
      return { images: (await listCollectionImageIds(db, key)).map(libraryImageUrl) };
    },

    list: async (userId: string | null): Promise<TCarouselImageListResponse> => ({
      platformImages: (await listPlatformImageIds(db, PLATFORM_LIST_LIMIT)).map((id) => ({
        url: libraryImageUrl(id),
      })),
      userImages: userId
        ? (await listUserImageIds(db, userId, USER_LIST_LIMIT)).map((id) => ({
            url: userImageUrl(secret, id),
          }))
        : [],
    }),

    /**
     * Converts each file as it arrives (one raw upload in memory at a time) and stores them once
     * all are converted, so a bad one stores none of them.
     */
    upload: async (userId: string, files: AsyncIterable<ImageFile> | Iterable<ImageFile>) => {
      const converted = [];
      for await (const file of files) {
        converted.push(await decodeUpload(file, (b) => toWebJpeg(b, USER_IMAGE_MAX_SIDE)));
      }
      const now = Date.now();
      // Distinct times keep "newest first" in upload order within one request.
      const rows = converted.map((image, i) => {
        const id = randomUUID();
        return {
          row: {
            id,
            userId,
            collectionKey: null,
            storageKey: `users/${userId}/carousel-images/${id}.jpg`,
            width: image.width,
            height: image.height,
            createdAt: new Date(now + i),
          },
          image,
        };
      });
      try {
        for (const { row, image } of rows) {
          await storage.put(row.storageKey, image.buffer, image.contentType);
        }
        await insertImages(
          db,
          rows.map((r) => r.row),
        );
      } catch (error) {
        // No row points at these files (the insert is one statement), so nothing else would
        // ever delete them.
        await Promise.allSettled(rows.map((r) => storage.delete(r.row.storageKey)));
        throw error;
      }
      return { urls: rows.map((r) => userImageUrl(secret, r.row.id)), uploadType: 'user' as const };
    },
    readMedia,

    /**
     * The bytes behind one of our image URLs, checked like a browser request would be (a user
     * image needs its capability). For server-side work such as rendering slides.
     */
    readImageByUrl: async (url: string): Promise<Buffer | null> => {
      const parsed = parseCarouselImageUrl(url);
      if (!parsed) return null;
      const suffix = parsed.file.variant === 'image' ? '.jpg' : '-thumb.webp';
      return (await readMedia(`${parsed.file.id}${suffix}`, parsed.capability))?.body ?? null;
    },
  };
};

export type CarouselImagesService = ReturnType<typeof createCarouselImagesService>;
