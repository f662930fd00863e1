import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carouselImages } from '../db/schema';
import { createPlatformLibrary } from '../modules/carousel-images';
import { solidPng } from '../testing/multipart';
import type { TestApp } from '../testing/test-app';
import { createTestApp } from '../testing/test-app';
import { importLibrary, libraryImageId } from './import-library';

describe('importing an operator’s library folder', () => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    t = await createTestApp();
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'hookreel-import-'));
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(root, { recursive: true, force: true });
  });

  const folder = async (relative: string, files: Record<string, Buffer>) => {
    await fs.mkdir(path.join(root, relative), { recursive: true });
    for (const [name, data] of Object.entries(files)) {
      await fs.writeFile(path.join(root, relative, name), data);
    }
  };

  it('keeps two folders with the same key apart, and reports links instead of following them', async () => {
    const elsewhere = await fs.mkdtemp(path.join(os.tmpdir(), 'hookreel-elsewhere-'));
    try {
      await folder('lib/My Photos', { 'a.png': await solidPng(80, 80, '#aa0000') });
      await folder('lib/my_photos', { 'b.png': await solidPng(80, 80, '#00aa00') });
      await fs.writeFile(path.join(elsewhere, 'secret.png'), await solidPng(80, 80, '#0000aa'));
      await fs.symlink(elsewhere, path.join(root, 'lib', 'Linked'));
      await fs.symlink(
        path.join(elsewhere, 'secret.png'),
        path.join(root, 'lib', 'My Photos', 'linked.png'),
      );

      const report = await importLibrary({
        db: t.db.db,
        storage: t.storage,
        folder: path.join(root, 'lib'),
      });

      expect(report.collections).toEqual([
        { key: 'my-photos', name: expect.any(String), added: 1, existing: 0 },
      ]);
      expect(await createPlatformLibrary(t.db.db).imageIds('my-photos')).toHaveLength(1);
      expect(report.skipped).toEqual(
        expect.arrayContaining([
          {
            file: expect.stringMatching(/^(My Photos|my_photos)$/),
            reason: expect.stringMatching(/same collection key \(my-photos\)/),
          },
          { file: 'Linked', reason: expect.stringMatching(/symbolic link/) },
          {
            file: path.join('My Photos', 'linked.png'),
            reason: expect.stringMatching(/symbolic link/),
          },
        ]),
      );
      expect(report.added).toBe(1);
    } finally {
      await fs.rm(elsewhere, { recursive: true, force: true });
    }
  });

  it('appends in file order when two imports of one collection overlap', async () => {
    await folder('first/Overlap', {
      '1.png': await solidPng(80, 80, '#110000'),
      '2.png': await solidPng(80, 80, '#220000'),
      '3.png': await solidPng(80, 80, '#330000'),
    });
    await folder('second/Overlap', { '4.png': await solidPng(80, 80, '#440000') });
    // The second import reads where the collection ends, then waits at its first write while the
    // first import runs to the end (two processes importing into one PostgreSQL).
    let reached!: () => void;
    const atFirstWrite = new Promise<void>((resolve) => (reached = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const held = {
      ...t.storage,
      put: async (key: string, body: Buffer, contentType: string) => {
        reached();
        await gate;
        return t.storage.put(key, body, contentType);
      },
    };
    const second = importLibrary({ db: t.db.db, storage: held, folder: path.join(root, 'second') });
    await atFirstWrite;
    await importLibrary({ db: t.db.db, storage: t.storage, folder: path.join(root, 'first') });
    release();
    await second;

    const rows = await t.db.db
      .select({ id: carouselImages.id, position: carouselImages.position })
      .from(carouselImages)
      .where(eq(carouselImages.collectionKey, 'overlap'));
    const positions = rows.map((r) => r.position);
    expect(new Set(positions).size).toBe(4);
    const ids = await createPlatformLibrary(t.db.db).imageIds('overlap');
    const last = libraryImageId(
      'overlap',
      await fs.readFile(path.join(root, 'second/Overlap/4.png')),
    );
    expect(ids.at(-1)).toBe(last);
  });
});
