import type { Storage } from '../adapters/storage/storage';
import type { Database } from '../db/client';
import { createPlatformLibrary } from '../modules/carousel-images';
import { importLibrary } from './import-library';
import { generateStarterLibrary } from './starter/generate-starter-library';
import type { StarterCollection } from './starter/starter-collections';
import { STARTER_COLLECTIONS, STARTER_IMAGES_PER_COLLECTION } from './starter/starter-collections';

/** Whether the database holds every starter collection in full (one query). */
export const starterLibraryPresent = async (
  db: Database,
  collections: readonly StarterCollection[] = STARTER_COLLECTIONS,
  imagesPerCollection = STARTER_IMAGES_PER_COLLECTION,
) => {
  const counts = await createPlatformLibrary(db).imageCounts(collections.map((c) => c.key));
  return collections.every((c) => (counts.get(c.key) ?? 0) >= imagesPerCollection);
};

/**
 * At start-up: makes sure the database holds the starter library. Costs one query once it does;
 * otherwise draws the images into the cache folder (skipped when the cache is there) and imports
 * them. Safe to run from several processes at once (image ids come from the content).
 */
export const ensureStarterLibrary = async ({
  db,
  storage,
  dir,
  log,
  collections = STARTER_COLLECTIONS,
  imagesPerCollection = STARTER_IMAGES_PER_COLLECTION,
  size,
}: {
  db: Database;
  storage: Storage;
  dir: string;
  log: (line: string) => void;
  /** Tests draw a smaller library. */
  collections?: readonly StarterCollection[];
  imagesPerCollection?: number;
  size?: number;
}) => {
  if (await starterLibraryPresent(db, collections, imagesPerCollection)) {
    log(`image library: starter collections present (${collections.length})`);
    return;
  }
  log('image library: preparing the starter collections (the first start draws them; seconds)');
  const drawn = await generateStarterLibrary({
    outDir: dir,
    collections,
    imagesPerCollection,
    size,
  });
  log(
    drawn.skipped
      ? `image library: using the starter images cached in ${drawn.outDir}`
      : `image library: drew ${drawn.images} starter images into ${drawn.outDir} in ${(drawn.ms / 1000).toFixed(1)} s`,
  );
  const started = Date.now();
  const report = await importLibrary({ db, storage, folder: drawn.outDir });
  log(
    `image library: imported ${report.added} starter images (${report.existing} already there) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
};
