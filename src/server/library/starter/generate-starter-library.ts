import fs from 'node:fs/promises';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { createRng } from '../../seeded-random';
import type { StarterCollection } from './starter-collections';
import {
  STARTER_COLLECTIONS,
  STARTER_IMAGE_SIZE,
  STARTER_IMAGES_PER_COLLECTION,
  STARTER_LIBRARY_VERSION,
} from './starter-collections';

export type GenerateOptions = {
  /** The library folder: one sub-folder per collection, the shape the importer reads. */
  outDir: string;
  collections?: readonly StarterCollection[];
  imagesPerCollection?: number;
  size?: number;
  /** JPEG quality, 0–100. */
  quality?: number;
  /** Draw again even when the folder already holds this version. */
  force?: boolean;
};

export type GenerateResult = { skipped: boolean; images: number; ms: number; outDir: string };

const MARKER = 'starter-library.json';

/** File name of image `index` (0-based) of a collection: `ocean-calm-01.jpg`. */
export const starterFileName = (key: string, index: number) =>
  `${key}-${String(index + 1).padStart(2, '0')}.jpg`;

/** Draws one image; the seed is the collection key and index, so the result never varies. */
export const drawStarterImage = async (
  collection: StarterCollection,
  index: number,
  { size = STARTER_IMAGE_SIZE, quality = 88 }: { size?: number; quality?: number } = {},
): Promise<Buffer> => {
  const canvas = createCanvas(size, size);
  const ctx = canvas.getContext('2d');
  collection.paint(ctx, size, createRng(`${collection.key}#${index}`), index);
  return canvas.encode('jpeg', quality);
};

/** Whether `outDir` holds the default starter library of this version (the shipped one does). */
export const starterLibraryFolderCurrent = async (outDir: string) =>
  (await readMarker(path.resolve(outDir))) ===
  JSON.stringify({
    version: STARTER_LIBRARY_VERSION,
    size: STARTER_IMAGE_SIZE,
    quality: 88,
    imagesPerCollection: STARTER_IMAGES_PER_COLLECTION,
    collections: STARTER_COLLECTIONS.map((c) => c.key),
  });

/**
 * Writes the starter library as a folder of collection folders (with a collection.json naming
 * each). The folder is built beside the target and renamed into place, so a start interrupted
 * half-way never leaves a partial library that looks complete. Skips when the folder already
 * holds the same version, count and size.
 */
export const generateStarterLibrary = async ({
  outDir,
  collections = STARTER_COLLECTIONS,
  imagesPerCollection = STARTER_IMAGES_PER_COLLECTION,
  size = STARTER_IMAGE_SIZE,
  quality = 88,
  force = false,
}: GenerateOptions): Promise<GenerateResult> => {
  const started = Date.now();
  const target = path.resolve(outDir);
  const marker = {
    version: STARTER_LIBRARY_VERSION,
    size,
    quality,
    imagesPerCollection,
    collections: collections.map((c) => c.key),
  };
  if (!force && (await readMarker(target)) === JSON.stringify(marker)) {
    return { skipped: true, images: 0, ms: Date.now() - started, outDir: target };
  }

  await assertReplaceable(target);

  const building = `${target}.building-${process.pid}`;
  await fs.rm(building, { recursive: true, force: true });
  await fs.mkdir(building, { recursive: true });
  // Painting runs on this thread while earlier images encode on libuv's pool: two at a time
  // keeps both cores of a small machine busy without holding many 1080² canvases in memory.
  const pending = new Set<Promise<void>>();
  let images = 0;
  for (const [position, collection] of collections.entries()) {
    const dir = path.join(building, collection.key);
    await fs.mkdir(dir);
    await fs.writeFile(
      path.join(dir, 'collection.json'),
      `${JSON.stringify({ name: collection.name, position }, null, 2)}\n`,
    );
    for (let index = 0; index < imagesPerCollection; index++) {
      const job = drawStarterImage(collection, index, { size, quality })
        .then((jpeg) => fs.writeFile(path.join(dir, starterFileName(collection.key, index)), jpeg))
        .finally(() => pending.delete(job));
      pending.add(job);
      images++;
      if (pending.size >= 2) await Promise.race(pending);
    }
  }
  await Promise.all(pending);
  await fs.writeFile(path.join(building, MARKER), JSON.stringify(marker));
  try {
    await fs.rm(target, { recursive: true, force: true });
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.rename(building, target);
  } catch (error) {
    // Another process drew the same library at the same time and won the rename: its copy is
    // as good as ours.
    await fs.rm(building, { recursive: true, force: true });
    if ((await readMarker(target)) !== JSON.stringify(marker)) throw error;
  }
  return { skipped: false, images, ms: Date.now() - started, outDir: target };
};

/**
 * The folder is replaced as a whole, so it must be one this function made (it holds the marker)
 * or be missing or empty. A STARTER_LIBRARY_DIR or --out pointed at a folder of one's own
 * photos, or at DATA_DIR, must fail rather than be deleted.
 */
const assertReplaceable = async (target: string) => {
  const entries = await fs.readdir(target).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  if (entries.length === 0 || (await readMarker(target)) !== null) return;
  throw new Error(
    `${target} is not empty and is not a starter library folder, so it was left alone. Choose a new or empty folder (STARTER_LIBRARY_DIR, or --out).`,
  );
};

const readMarker = async (dir: string): Promise<string | null> => {
  try {
    return (await fs.readFile(path.join(dir, MARKER), 'utf8')).trim();
  } catch {
    return null;
  }
};
