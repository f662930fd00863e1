import { createHash } from 'node:crypto';
import type { Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { z } from 'zod';
import type { Storage } from '../adapters/storage/storage';
import type { Database } from '../db/client';
import { createPlatformLibrary, thumbKeyOf } from '../modules/carousel-images';
import { toThumbnail, toWebJpeg } from '../modules/uploads';
import { slugify, titleCase } from './collection-names';

/** Library images are kept a little larger than a slide so crops stay sharp. */
export const LIBRARY_IMAGE_MAX_SIDE = 1600;
/** Square covers for the collection tiles (4 on the panel, 12 per dialog page). */
export const LIBRARY_THUMB_SIDE = 480;
/** A library file larger than this is skipped: no background needs it. */
const MAX_SOURCE_BYTES = 50 * 1024 * 1024;

const ACCEPTED = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);
const CONVERT_BATCH = 4;

/**
 * The web JPEG of a library image. A JPEG that is already web-ready (small enough, no EXIF, XMP
 * or IPTC to strip, no rotation to apply), such as the generated starter images, is kept byte
 * for byte: re-encoding would cost time and a generation of quality for nothing. An embedded
 * colour profile may stay (browsers honour it; it says nothing about anyone). Its thumbnail is
 * still decoded from it, so a damaged file is caught either way.
 */
const libraryJpeg = async (content: Buffer) => {
  const meta = await sharp(content).metadata();
  const ready =
    meta.format === 'jpeg' &&
    meta.width <= LIBRARY_IMAGE_MAX_SIDE &&
    meta.height <= LIBRARY_IMAGE_MAX_SIDE &&
    !meta.exif &&
    !meta.xmp &&
    !meta.iptc &&
    !meta.orientation;
  if (ready) return { buffer: content, width: meta.width, height: meta.height };
  return toWebJpeg(content, LIBRARY_IMAGE_MAX_SIDE);
};

/** Optional `collection.json` in a collection folder. */
const ZCollectionFile = z.object({
  name: z.string().trim().min(1).max(80).optional(),
  position: z.number().int().min(0).max(100_000).optional(),
});

export type ImportedCollection = { key: string; name: string; added: number; existing: number };
export type ImportReport = {
  collections: ImportedCollection[];
  added: number;
  existing: number;
  /** Files left out, with the reason (not an image, too large, unreadable). */
  skipped: { file: string; reason: string }[];
};

/**
 * The id of a library image: derived from its collection and its bytes, so importing the same
 * folder again finds every image already there, and a renamed file is not a new image.
 */
export const libraryImageId = (collectionKey: string, content: Buffer) => {
  const digest = createHash('sha256').update(content).digest('hex');
  return `lib-${createHash('sha256').update(`${collectionKey}\n${digest}`).digest('hex').slice(0, 32)}`;
};

const naturalOrder = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * Imports a folder of folders into the image library: each sub-folder is a collection (key = slug
 * of the folder name; name = collection.json's name, else the folder name title-cased), each
 * image file in it an image of that collection, in natural file-name order. Idempotent: images
 * already imported are left alone, new ones are appended; nothing is ever deleted.
 */
export const importLibrary = async ({
  db,
  storage,
  folder,
  log = () => undefined,
}: {
  db: Database;
  storage: Storage;
  folder: string;
  log?: (line: string) => void;
}): Promise<ImportReport> => {
  const library = createPlatformLibrary(db);
  const root = path.resolve(folder);
  const entries = await fs.readdir(root, { withFileTypes: true });
  const report: ImportReport = { collections: [], added: 0, existing: 0, skipped: [] };
  skipLinks(entries, '', report);
  const dirs = entries
    .filter((e) => e.isDirectory() && !e.name.startsWith('.'))
    .map((e) => e.name)
    .sort(naturalOrder.compare);

  // Collections that name their position come first, in that order; the rest follow by name.
  const folders = await Promise.all(
    dirs.map(async (dirName) => ({
      dirName,
      meta: await readCollectionFile(path.join(root, dirName)),
    })),
  );
  const positionOf = (meta: (typeof folders)[number]['meta']) =>
    meta && meta !== 'invalid' && meta.position !== undefined ? meta.position : null;
  folders.sort((a, b) => {
    const [pa, pb] = [positionOf(a.meta), positionOf(b.meta)];
    if (pa === pb) return 0;
    if (pa === null) return 1;
    if (pb === null) return -1;
    return pa - pb;
  });

  const folderOfKey = new Map<string, string>();
  for (const { dirName, meta } of folders) {
    const key = slugify(dirName);
    if (!key) {
      report.skipped.push({ file: dirName, reason: 'the folder name has no letters or digits' });
      continue;
    }
    // "My Photos" and "my_photos" would otherwise pour into one collection under one name.
    const taken = folderOfKey.get(key);
    if (taken !== undefined) {
      report.skipped.push({
        file: dirName,
        reason: `its name gives the same collection key (${key}) as the folder ${taken}; rename one of them`,
      });
      continue;
    }
    folderOfKey.set(key, dirName);
    const dir = path.join(root, dirName);
    if (meta === 'invalid') {
      report.skipped.push({
        file: path.join(dirName, 'collection.json'),
        reason: 'not valid JSON of the form {"name": "…", "position": 0}; the folder name is used',
      });
    }
    const dirEntries = await fs.readdir(dir, { withFileTypes: true });
    skipLinks(dirEntries, dirName, report);
    const files = dirEntries
      .filter((e) => e.isFile() && !e.name.startsWith('.') && e.name !== 'collection.json')
      .map((e) => e.name)
      .sort(naturalOrder.compare);
    if (files.length === 0) {
      report.skipped.push({ file: dirName, reason: 'the folder has no files' });
      continue;
    }
    const name = (meta !== 'invalid' && meta?.name) || titleCase(dirName);
    await library.upsertCollection({ key, name, position: positionOf(meta) });

    const known = new Set(await library.imageIds(key));
    const summary: ImportedCollection = { key, name, added: 0, existing: 0 };

    // A few at a time: sharp works on libuv's threads, so conversions overlap across cores,
    // while rows still go in file order and memory stays bounded for large folders.
    for (let at = 0; at < files.length; at += CONVERT_BATCH) {
      const batch: { relative: string; id: string; content: Buffer }[] = [];
      for (const fileName of files.slice(at, at + CONVERT_BATCH)) {
        const relative = path.join(dirName, fileName);
        const filePath = path.join(dir, fileName);
        if ((await fs.stat(filePath)).size > MAX_SOURCE_BYTES) {
          report.skipped.push({ file: relative, reason: 'larger than 50 MB' });
          continue;
        }
        const content = await fs.readFile(filePath);
        const type = await fileTypeFromBuffer(content);
        if (!type || !ACCEPTED.has(type.mime)) {
          report.skipped.push({ file: relative, reason: 'not a JPEG, PNG, WebP or GIF image' });
          continue;
        }
        const id = libraryImageId(key, content);
        if (known.has(id)) {
          summary.existing++;
          continue;
        }
        known.add(id);
        batch.push({ relative, id, content });
      }
      const converted = await Promise.all(
        batch.map(async ({ content }) => {
          try {
            return {
              image: await libraryJpeg(content),
              thumb: await toThumbnail(content, LIBRARY_THUMB_SIDE, { square: true }),
            };
          } catch {
            return null;
          }
        }),
      );
      for (const [i, { relative, id }] of batch.entries()) {
        const result = converted[i];
        if (!result) {
          report.skipped.push({ file: relative, reason: 'the image could not be decoded' });
          continue;
        }
        const storageKey = `library/${key}/${id}.jpg`;
        // Objects first, row last: a row never points at an image that is not stored yet.
        await storage.put(storageKey, result.image.buffer, 'image/jpeg');
        await storage.put(thumbKeyOf(storageKey), result.thumb.buffer, result.thumb.contentType);
        const inserted = await library.addImage({
          id,
          collectionKey: key,
          userId: null,
          storageKey,
          width: result.image.width,
          height: result.image.height,
        });
        if (inserted) {
          summary.added++;
        } else {
          summary.existing++;
        }
      }
    }
    log(
      `image library: ${key} (${name}): ${summary.added} added, ${summary.existing} already there`,
    );
    report.collections.push(summary);
    report.added += summary.added;
    report.existing += summary.existing;
  }
  return report;
};

/**
 * Links are not followed: the import reads what the operator put in the folder, never what a
 * link points at elsewhere on the machine. They are reported, so a linked folder is not a mystery.
 */
const skipLinks = (entries: Dirent[], dirName: string, report: ImportReport) => {
  for (const e of entries) {
    if (e.isSymbolicLink() && !e.name.startsWith('.')) {
      report.skipped.push({
        file: path.join(dirName, e.name),
        reason: 'a symbolic link (links are not followed; copy the files in)',
      });
    }
  }
};

const readCollectionFile = async (dir: string) => {
  let text: string;
  try {
    text = await fs.readFile(path.join(dir, 'collection.json'), 'utf8');
  } catch {
    return null;
  }
  try {
    const parsed = ZCollectionFile.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : ('invalid' as const);
  } catch {
    return 'invalid' as const;
  }
};
