import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import {
  drawStarterImage,
  generateStarterLibrary,
  starterFileName,
} from './generate-starter-library';
import { STARTER_COLLECTIONS, STARTER_IMAGES_PER_COLLECTION } from './starter-collections';

const pixels = async (jpeg: Buffer) => sharp(jpeg).resize(32, 32).raw().toBuffer();
const meanDifference = (a: Buffer, b: Buffer) => {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs((a[i] ?? 0) - (b[i] ?? 0));
  return sum / a.length;
};

describe('starter library', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
  });

  it('has at least 8 collections with unique keys and names, 12 images each', () => {
    expect(STARTER_COLLECTIONS.length).toBeGreaterThanOrEqual(8);
    expect(new Set(STARTER_COLLECTIONS.map((c) => c.key)).size).toBe(STARTER_COLLECTIONS.length);
    expect(new Set(STARTER_COLLECTIONS.map((c) => c.name)).size).toBe(STARTER_COLLECTIONS.length);
    for (const c of STARTER_COLLECTIONS) expect(c.key).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(STARTER_IMAGES_PER_COLLECTION).toBeGreaterThanOrEqual(12);
  });

  it('draws the same image from the same collection and index', async () => {
    for (const collection of STARTER_COLLECTIONS) {
      const a = await drawStarterImage(collection, 3, { size: 96 });
      const b = await drawStarterImage(collection, 3, { size: 96 });
      expect(a.equals(b), collection.key).toBe(true);
    }
  });

  it('draws visibly different images within every collection', async () => {
    for (const collection of STARTER_COLLECTIONS) {
      const images = [];
      for (let i = 0; i < STARTER_IMAGES_PER_COLLECTION; i++) {
        images.push(await pixels(await drawStarterImage(collection, i, { size: 96 })));
      }
      for (let i = 0; i < images.length; i++) {
        for (let j = i + 1; j < images.length; j++) {
          // Mean difference per channel, 0–255: well above JPEG noise.
          expect(
            meanDifference(images[i]!, images[j]!),
            `${collection.key} #${i} vs #${j}`,
          ).toBeGreaterThan(6);
        }
      }
    }
  }, 60_000);

  it('draws full-size 1080 × 1080 JPEGs', async () => {
    const jpeg = await drawStarterImage(STARTER_COLLECTIONS[0]!, 0);
    const meta = await sharp(jpeg).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1080, 1080]);
  });

  it('writes a folder of collection folders once, and skips it when already there', async () => {
    const outDir = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'hookreel-starter-')), 'lib');
    dirs.push(path.dirname(outDir));
    const collections = STARTER_COLLECTIONS.slice(0, 2);
    const first = await generateStarterLibrary({
      outDir,
      collections,
      imagesPerCollection: 3,
      size: 120,
    });
    expect(first).toMatchObject({ skipped: false, images: 6 });
    for (const [position, c] of collections.entries()) {
      const files = (await fs.readdir(path.join(outDir, c.key))).sort();
      expect(files).toEqual([
        'collection.json',
        ...[0, 1, 2].map((i) => starterFileName(c.key, i)),
      ]);
      expect(
        JSON.parse(await fs.readFile(path.join(outDir, c.key, 'collection.json'), 'utf8')),
      ).toEqual({
        name: c.name,
        position,
      });
      const meta = await sharp(path.join(outDir, c.key, starterFileName(c.key, 0))).metadata();
      expect([meta.width, meta.height]).toEqual([120, 120]);
    }
    const second = await generateStarterLibrary({
      outDir,
      collections,
      imagesPerCollection: 3,
      size: 120,
    });
    expect(second).toMatchObject({ skipped: true, images: 0 });
    // A different request (more images) draws again.
    const third = await generateStarterLibrary({
      outDir,
      collections,
      imagesPerCollection: 4,
      size: 120,
    });
    expect(third).toMatchObject({ skipped: false, images: 8 });
    expect(await fs.readdir(path.dirname(outDir))).toEqual(['lib']);
  });

  it('never replaces a folder it did not make (a photo folder, the data folder)', async () => {
    const parent = await fs.mkdtemp(path.join(os.tmpdir(), 'hookreel-starter-'));
    dirs.push(parent);
    const own = path.join(parent, 'my-photos');
    await fs.mkdir(own);
    await fs.writeFile(path.join(own, 'holiday.jpg'), 'precious');
    await expect(
      generateStarterLibrary({
        outDir: own,
        collections: STARTER_COLLECTIONS.slice(0, 1),
        imagesPerCollection: 1,
        size: 64,
      }),
    ).rejects.toThrow(/is not empty and is not a starter library folder/);
    expect(await fs.readFile(path.join(own, 'holiday.jpg'), 'utf8')).toBe('precious');
    expect(await fs.readdir(parent)).toEqual(['my-photos']);
  });
});
