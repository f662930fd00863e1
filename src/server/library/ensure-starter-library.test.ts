import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../testing/test-app';
import { createTestApp } from '../testing/test-app';
import { ensureStarterLibrary } from './ensure-starter-library';
import { STARTER_COLLECTIONS } from './starter/starter-collections';

describe('ensureStarterLibrary', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('draws and imports the starter library once, then finds it in place', async () => {
    const dir = path.join(t.dir, 'starter');
    const lines: string[] = [];
    const run = () =>
      ensureStarterLibrary({
        db: t.db.db,
        storage: t.storage,
        dir,
        log: (line) => lines.push(line),
        collections: STARTER_COLLECTIONS.slice(0, 3),
        imagesPerCollection: 2,
        size: 64,
      });

    await run();
    expect(lines.join('\n')).toMatch(/drew 6 starter images/);
    expect(lines.join('\n')).toMatch(/imported 6 starter images/);
    const { collections } = (
      await t.app.inject({ method: 'GET', url: '/api/carousel-images/collections' })
    ).json();
    expect(collections.map((c: { key: string; count: number }) => [c.key, c.count])).toEqual(
      STARTER_COLLECTIONS.slice(0, 3).map((c) => [c.key, 2]),
    );

    lines.length = 0;
    await run();
    expect(lines).toEqual(['image library: starter collections present (3)']);

    // A new database with the cache already drawn only imports.
    const other = await createTestApp();
    try {
      const more: string[] = [];
      await ensureStarterLibrary({
        db: other.db.db,
        storage: other.storage,
        dir,
        log: (line) => more.push(line),
        collections: STARTER_COLLECTIONS.slice(0, 3),
        imagesPerCollection: 2,
        size: 64,
      });
      expect(more.join('\n')).toMatch(/using the starter images cached/);
      expect(more.join('\n')).toMatch(/imported 6 starter images/);
    } finally {
      await other.close();
    }
    expect((await fs.readdir(dir)).sort()).toContain('starter-library.json');
  });
});
