import type { Database } from '../../db/client';
import {
  countCollectionImages,
  insertPlatformImage,
  listCollectionImageIds,
  upsertCollection,
} from './carousel-images-repo';

/**
 * The platform library's store as the library importer (src/server/library) fills and checks it:
 * collections, their image ids and counts, and new images at the end of their collection.
 */
export const createPlatformLibrary = (db: Database) => ({
  /** Makes or renames a collection; a null position puts a new one last and keeps an old one's. */
  upsertCollection: (collection: { key: string; name: string; position: number | null }) =>
    upsertCollection(db, collection),
  /** The collection's image ids in panel order. */
  imageIds: (key: string) => listCollectionImageIds(db, key),
  /** Appends an image to its collection; false when an image of that id is there already. */
  addImage: (image: Parameters<typeof insertPlatformImage>[1]) => insertPlatformImage(db, image),
  /** How many images each of the collections holds (0 for one that is missing). */
  imageCounts: (keys: string[]) => countCollectionImages(db, keys),
});

export type PlatformLibrary = ReturnType<typeof createPlatformLibrary>;
